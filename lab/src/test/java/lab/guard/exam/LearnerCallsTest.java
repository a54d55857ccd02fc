package lab.guard.exam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How the lab calls a learner's lock: loaded by name, cut when it hangs, and its errors told with the learner's line. */
class LearnerCallsTest {
    /** A learner's lock that grants every call: the naive lock. */
    public static final class GrantsAll implements ExamLock {
        @Override
        public Optional<Handle> lock(Call call) {
            return Optional.of(c -> {});
        }
    }

    private static final Path CLASSES = Path.of("target", "test-classes");

    @Test
    void a_class_that_implements_the_interface_is_made_from_its_folder() throws Exception {
        ExamLock made = LearnerClass.instantiate(CLASSES, GrantsAll.class.getName());

        assertThat(made.lock(null)).isPresent();
    }

    @Test
    void a_class_that_does_not_implement_the_interface_is_refused_by_name() {
        assertThatThrownBy(() -> LearnerClass.instantiate(CLASSES, "lab.guard.exam.LearnerCallsTest"))
                .hasMessage("lab.guard.exam.LearnerCallsTest does not implement lab.guard.exam.ExamLock");
    }

    @Test
    void an_error_in_the_learners_code_is_told_with_its_own_file_and_line() throws Exception {
        Bounded.Answer<Object> a = Bounded.call(
                () -> {
                    throw new IllegalStateException("boom");
                },
                "LearnerCallsTest.java");

        assertThat(a).isInstanceOf(Bounded.Threw.class);
        Bounded.Threw<Object> t = (Bounded.Threw<Object>) a;
        assertThat(t.where()).matches("LearnerCallsTest\\.java:\\d+: IllegalStateException: boom");
        assertThat(t.serverDown()).isFalse();
    }

    @Test
    void a_call_that_never_returns_is_cut_after_the_bound() throws Exception {
        long start = System.nanoTime();
        Bounded.Answer<Object> a = Bounded.call(
                () -> {
                    Thread.sleep(Long.MAX_VALUE);
                    return null;
                },
                "LearnerCallsTest.java");

        assertThat(a).isInstanceOf(Bounded.Hung.class);
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(Bounded.BOUND.toMillis());
    }

    @Test
    void the_file_a_class_is_written_in_is_its_top_level_name() {
        assertThat(LearnerClass.sourceFile("lab.guard.exam.LearnerCallsTest$GrantsAll"))
                .isEqualTo("LearnerCallsTest.java");
        assertThat(LearnerClass.sourceFile("MyLock")).isEqualTo("MyLock.java");
    }
}
