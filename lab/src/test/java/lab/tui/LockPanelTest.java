package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import lab.protocol.Mode;
import lab.session.LockView;
import org.junit.jupiter.api.Test;

class LockPanelTest {

    @Test
    void the_redis_lock_shows_its_key_its_owner_and_the_ttl_left_as_a_bar() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.mode = "redis";
        f.lock = new LockView(
                Mode.REDIS.lock(), "scheduler_lock:tick", "w2-4242-9f3c", 3100, 5000, List.of(), List.of(), null);

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.text()).contains("Lock: redis", "key     scheduler_lock:tick", "owner   w2-4242-9f3c");
        String ttl = screen.linesContaining("ttl     ").get(0);
        assertThat(ttl).as(screen.text()).contains("3.1s of 5.0s").contains("█").contains("░");
        // 3.1 of 5 seconds: about three fifths of the bar is full.
        String bar = ttl.substring(ttl.indexOf("ttl     ") + 8, ttl.indexOf(" 3.1s"));
        long full = bar.chars().filter(c -> c == '█').count();
        assertThat((double) full / bar.length()).isBetween(0.55, 0.68);
    }

    @Test
    void a_free_redis_lock_says_so() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.lock = new LockView(
                Mode.REDIS.lock(), "scheduler_lock:tick", null, -1, 5000, List.of(), List.of(), "redis is down");

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.text()).contains("owner   (free)", "redis is down");
    }

    @Test
    void quartz_cluster_shows_no_lock_but_the_fire_in_flight_on_its_node_and_each_nodes_check_in() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.mode = "quartz-cluster";
        f.lock = new LockView(
                Mode.byName("quartz-cluster").orElseThrow().lock(),
                "tick-trigger",
                "w2 EXECUTING (scheduled 18:00:02.000)",
                -1,
                -1,
                List.of("w1 checked in 18:00:00.598, dead after 18:00:15.598"),
                List.of(),
                null);

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.text())
                .as(screen.text())
                .contains(
                        "Lock: quartz-cluster",
                        "trigger tick-trigger",
                        "firing  w2 EXECUTING",
                        "w1      18:00:00 → 18:00:15");
    }

    @Test
    void the_postgres_lock_shows_its_holder_and_the_queue_of_waiters() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.lock = new LockView(
                Mode.POSTGRES.lock(), "advisory 42", "w2", -1, -1, List.of("w1", "w3", "w4"), List.of(), null);

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.text()).contains("key     advisory 42", "holder  w2", "queue   w1, w3, w4", "(waiting)");
    }

    @Test
    void local_mutex_shows_every_worker_holding_its_own_mutex_at_once() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.lock = new LockView(
                Mode.LOCAL_MUTEX.lock(), "", null, -1, -1, List.of(), List.of("w1", "w2", "w3", "w4"), null);

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.text()).contains("holding w1 w2 w3 w4", "4 at once: each JVM has its");
    }

    @Test
    void a_long_owner_wraps_instead_of_vanishing_past_the_edge() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        String owner = "w2-4242-9f3c1a2b-7d4e-4c1f-9a0b-1234567890ab";
        f.lock = new LockView(Mode.REDIS.lock(), "scheduler_lock:tick", owner, 3100, 5000, List.of(), List.of(), null);

        Rendered screen = Rendered.render(f.build());

        String shown = screen.lines().stream()
                .filter(l -> l.contains("│ owner") || l.matches(".*│ {9}\\S.*"))
                .map(l -> l.substring(l.indexOf('│') + 10).trim())
                .reduce("", String::concat);
        assertThat(shown).as(screen.text()).isEqualTo(owner);
    }

    @Test
    void naive_mode_says_there_is_no_lock() {
        Rendered screen = Rendered.render(SnapshotFixture.withWorkers(4).build());

        assertThat(screen.text()).contains("Lock: none", "no lock: every worker runs");
    }
}
