package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.check.Clocks;
import lab.check.LabSkews;
import lab.fleet.ModeSwitcher;
import lab.fleet.SwitchAnswer;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import org.junit.jupiter.api.Test;

/**
 * A worker whose clock the lab set ahead fires each tick that much early on the machine's clock, so a tick it fired
 * before a switch reached it may lie after the switch: the new mode's span (what {@code since: mode} judges) begins
 * once that worker's fires, too, come after the switch. Lesson 23 on the dashboard judged w2's early run of the tick
 * after a switch, still under the old mode, in the new mode's span, and failed there.
 */
class ModeSpanAheadTest {
    private static final Instant ACK = Instant.parse("2026-12-04T10:00:00.300Z");
    private final ModeInForce modes = new ModeInForce(ModeSpec.defaults(Mode.REDIS), Clock.fixed(ACK, ZoneOffset.UTC));

    private static Event skew(String worker, long ms) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ts", "2026-12-04T09:59:50Z");
        m.put("worker", Event.LAB);
        m.put("pid", 1L);
        m.put("event", EventType.FAULT.wireName());
        m.put("mode", "redis");
        m.put("kind", "skew");
        m.put("target", worker);
        m.put("target_pid", 42L);
        m.put("skew_ms", ms);
        return Event.fromWire(m);
    }

    private Instant switched() {
        modes.begin(Instant.parse("2026-12-04T09:59:40Z"));
        modes.apply(
                ModeChange.to(Mode.IDEMPOTENT),
                spec -> {},
                spec -> new ModeSwitcher.Result(List.of(new SwitchAnswer.Acknowledged(20))));
        return modes.since();
    }

    @Test
    void with_a_worker_one_second_ahead_the_new_modes_span_begins_a_second_after_the_switch() {
        modes.clocks(() -> Clocks.ONE.withSkews(new LabSkews(List.of(skew("w2", 1000), skew("w3", -2000)))));
        assertThat(switched()).isEqualTo(ACK.plusSeconds(1));
    }

    @Test
    void with_every_clock_on_the_machines_the_span_begins_at_the_acknowledgement() {
        assertThat(switched()).isEqualTo(ACK);
    }
}
