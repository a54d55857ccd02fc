package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import lab.fleet.ModeSwitcher;
import lab.fleet.SwitchAnswer;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.session.SwitchResult;
import org.junit.jupiter.api.Test;

/**
 * What the lab makes of its workers' answers to a switch: only when every worker refused is it still in the old mode;
 * a worker that gave no answer in time (the first switch into redisson at 16 workers loads Redisson and Netty in every
 * JVM at once, and took longer than the lab waits) may have moved, so the lab takes the new mode and counts nothing
 * until the next switch, where it said "still in mode redis" while every worker had switched.
 */
class ModesSwitchAnswersTest {
    private final ModeInForce modes = new ModeInForce(
            ModeSpec.defaults(Mode.REDIS), Clock.fixed(Instant.parse("2026-12-04T10:00:00Z"), ZoneOffset.UTC));

    @Test
    void a_switch_no_worker_answered_in_time_is_incomplete_and_the_lab_takes_the_new_mode() {
        modes.begin(Instant.parse("2026-12-04T10:00:00Z"));
        SwitchResult r = modes.apply(
                ModeChange.to(Mode.POSTGRES),
                spec -> {},
                spec -> new ModeSwitcher.Result(
                        List.of(new SwitchAnswer.Unanswered("w1 did not answer the switch within"
                                + " 10 s: it may still switch (its mode event says when)"))));

        assertThat(r.status()).isEqualTo(SwitchResult.Status.INCOMPLETE);
        assertThat(r.line())
                .isEqualTo("switch to postgres incomplete, not counted until the next switch: w1 did not answer the"
                        + " switch within 10 s: it may still switch (its mode event says when)");
        assertThat(modes.spec().mode()).isEqualTo(Mode.POSTGRES);
    }

    @Test
    void a_switch_every_worker_refused_leaves_the_lab_in_its_mode() {
        modes.begin(Instant.parse("2026-12-04T10:00:00Z"));
        SwitchResult r = modes.apply(
                ModeChange.to(Mode.POSTGRES),
                spec -> {},
                spec -> new ModeSwitcher.Result(
                        List.of(new SwitchAnswer.Refused("w1 - cannot switch to postgres: down"))));

        assertThat(r.status()).isEqualTo(SwitchResult.Status.REFUSED);
        assertThat(r.line())
                .isEqualTo(
                        "switch to postgres refused by every worker: w1 - cannot switch to postgres: down; still in mode redis");
        assertThat(modes.spec().mode()).isEqualTo(Mode.REDIS);
    }
}
