package lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import lab.check.Cause;
import lab.check.Finding;
import org.junit.jupiter.api.Test;

/** {@code expect: { cause: … }} holds only when every finding has a listed cause and every listed cause occurs. */
class CauseExpectationTest {
    private static final Instant T = Instant.parse("2026-12-01T12:00:00Z");

    private static Finding f(Finding.Kind kind, Cause cause) {
        return new Finding(kind, T, cause, "tick 12:00:00 " + cause);
    }

    private static CauseExpectation expect(Cause... causes) {
        return new CauseExpectation(List.of(causes), 3, 5);
    }

    @Test
    void a_list_holds_when_each_finding_has_a_listed_cause_and_each_listed_cause_occurs() {
        Verdict v = expect(Cause.LEASE_EXPIRED, Cause.DELETED_BY_OTHER)
                .judge(List.of(
                        f(Finding.Kind.OVERLAP, Cause.LEASE_EXPIRED),
                        f(Finding.Kind.OVERLAP, Cause.DELETED_BY_OTHER),
                        f(Finding.Kind.OVERLAP, Cause.LEASE_EXPIRED)));

        assertThat(v.passed()).as(v.message()).isTrue();
        assertThat(v.message())
                .startsWith(
                        "cause: expected [lease-expired, deleted-by-other], got lease-expired ×2, deleted-by-other ×1");
    }

    @Test
    void a_listed_cause_that_never_occurs_fails_and_is_named() {
        Verdict v = expect(Cause.LEASE_EXPIRED, Cause.DELETED_BY_OTHER)
                .judge(List.of(f(Finding.Kind.OVERLAP, Cause.LEASE_EXPIRED)));

        assertThat(v.passed()).isFalse();
        assertThat(v.message()).endsWith("never seen: deleted-by-other");
    }

    @Test
    void a_finding_with_a_cause_not_listed_fails_with_its_sentence() {
        Verdict v = expect(Cause.RELEASED_EARLY)
                .judge(List.of(
                        f(Finding.Kind.DUPLICATE, Cause.RELEASED_EARLY), f(Finding.Kind.MISSED, Cause.NO_WORKER)));

        assertThat(v.passed()).isFalse();
        assertThat(v.message()).contains("no-worker: tick 12:00:00 no-worker");
    }

    @Test
    void the_chinese_verdict_gives_the_findings_chinese_sentence_and_the_english_one_its_english() {
        Finding twice = new Finding(
                Finding.Kind.DUPLICATE,
                T,
                Cause.RELEASED_EARLY,
                "tick 12:00:00 ran twice: w2 held advisory lock 42 for 11 ms (released .034)",
                "tick 12:00:00 跑了两次：w2 持有 advisory lock 42 共 11 ms（在 .034 释放）");

        Verdict passed = expect(Cause.RELEASED_EARLY).judge(List.of(twice));
        Verdict failed = expect(Cause.NO_LOCK).judge(List.of(twice));

        assertThat(passed.message())
                .endsWith("e.g. tick 12:00:00 ran twice: w2 held advisory lock 42 for 11 ms (released .034)");
        assertThat(passed.zh()).endsWith("例如 tick 12:00:00 跑了两次：w2 持有 advisory lock 42 共 11 ms（在 .034 释放）");
        assertThat(failed.message()).doesNotContainPattern("\\p{IsHan}");
        assertThat(failed.zh()).endsWith("released-early：tick 12:00:00 跑了两次：w2 持有 advisory lock 42 共 11 ms（在 .034 释放）");
    }

    @Test
    void an_unexplained_finding_fails_even_when_every_listed_cause_occurs() {
        Verdict v = expect(Cause.RELEASED_EARLY)
                .judge(List.of(
                        f(Finding.Kind.DUPLICATE, Cause.RELEASED_EARLY), f(Finding.Kind.DUPLICATE, Cause.UNEXPLAINED)));

        assertThat(v.passed()).isFalse();
        assertThat(v.message()).contains("unexplained: ");
    }

    @Test
    void a_span_with_nothing_to_explain_fails() {
        Verdict v = expect(Cause.DEAD_HOLDER).judge(List.of());

        assertThat(v.passed()).isFalse();
        assertThat(v.message())
                .isEqualTo(
                        "cause: expected dead-holder, nothing to explain (no duplicate, overlap or missed tick in the span)");
    }

    @Test
    void a_list_is_parsed_from_a_scenario_and_an_unknown_cause_is_refused_with_the_names() throws Exception {
        Scenario s = ScenarioParser.parse(
                "inline.yaml",
                """
                title: "causes"
                steps:
                  - wait: 1s
                  - expect: { overlaps: "> 0", cause: [lease-expired, deleted-by-other] }
                """,
                null);
        Step.Expect e = (Step.Expect) s.steps().get(1);
        assertThat(e.cause().causes()).containsExactly(Cause.LEASE_EXPIRED, Cause.DELETED_BY_OTHER);
        assertThat(e.describe())
                .isEqualTo("expect since start: overlaps: > 0, cause: [lease-expired, deleted-by-other]");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ScenarioParser.parse(
                        "inline.yaml",
                        """
                        title: "causes"
                        steps:
                          - wait: 1s
                          - expect: { cause: released-late }
                        """,
                        null))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("expect.cause: 'released-late' is not a cause (expected one of ");
    }
}
