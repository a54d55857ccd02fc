package lab.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every skip {@code allowed-skips.txt} allows is of a test that still exists: a stale entry fails, named. */
class AllowedSkipsTest {
    @Test
    void every_allowed_skip_names_a_test_class_and_method_that_exist() {
        assertThat(AllowedSkips.stale(SkipLedger.entries().keySet()))
                .as(
                        "entries of %s whose test no longer exists (remove them, or name the test as it is now)",
                        SkipLedger.ALLOWED)
                .isEmpty();
    }

    @Test
    void an_entry_whose_class_or_method_is_gone_is_named_with_what_is_missing() {
        assertThat(AllowedSkips.stale(List.of(
                        "lab.guard.NoSuchContractTest",
                        "lab.guard.QuartzClusterContractTest#a_test_renamed_since",
                        "lab.suite.AllowedSkipsTest#every_allowed_skip_names_a_test_class_and_method_that_exist",
                        "lab.suite.AllowedSkips")))
                .containsExactly(
                        "lab.guard.NoSuchContractTest: no class lab.guard.NoSuchContractTest on the test class path",
                        "lab.guard.QuartzClusterContractTest#a_test_renamed_since: QuartzClusterContractTest has no"
                                + " test a_test_renamed_since()",
                        "lab.suite.AllowedSkips: lab.suite.AllowedSkips has no test");
    }

    @Test
    void a_test_inherited_from_a_contract_counts_as_the_classes_own() {
        assertThat(
                        AllowedSkips.stale(
                                List.of(
                                        "lab.guard.QuartzClusterContractTest#every_tick_runs_exactly_as_often_as_the_mechanism_allows_and_the_counter_is_exact")))
                .isEmpty();
    }
}
