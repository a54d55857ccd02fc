package lab.nemesis;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A recipe plays its faults, holds, its undo and settles through the nemesis alone, on the clock it is given: what the
 * room was asked, and when, is all a soak, the matrix and a key rely on.
 */
class RecipeTest {
    private static final Instant T0 = Instant.parse("2026-07-07T02:34:00Z");

    /** A room that answers every fault done, and notes each with the moment it came. */
    private static final class Room implements Nemesis {
        final List<String> asked = new ArrayList<>();
        final VirtualTime time;

        Room(VirtualTime time) {
            this.time = time;
        }

        @Override
        public FaultResult inject(Fault fault) {
            asked.add(Duration.between(T0, time.now).toMillis() + "ms " + fault);
            return new FaultResult.Done(fault.describe());
        }

        @Override
        public Fault toggle(ServerName server) {
            throw new UnsupportedOperationException("a recipe presses no key");
        }

        @Override
        public List<Fault> togglePartition(Instant now) {
            throw new UnsupportedOperationException("a recipe presses no key");
        }
    }

    /** A clock that moves only when slept on, so that a recipe's waits cost no real time. */
    private static final class VirtualTime {
        Instant now = T0;
        final List<Duration> slept = new ArrayList<>();

        Clock clock() {
            return new Clock() {
                @Override
                public ZoneOffset getZone() {
                    return ZoneOffset.UTC;
                }

                @Override
                public Clock withZone(ZoneId zone) {
                    return this;
                }

                @Override
                public Instant instant() {
                    return now;
                }
            };
        }

        void sleep(Duration d) {
            slept.add(d);
            now = now.plus(d);
        }
    }

    @Test
    void a_recipe_played_whole_does_its_fault_holds_undoes_it_and_settles_in_that_order() throws Exception {
        VirtualTime time = new VirtualTime();
        Room room = new Room(time);
        Duration holds = Duration.ofMillis(2500);
        Duration settles = Duration.ofSeconds(3);

        Recipe.Played played =
                Recipes.paused(WorkerTarget.of("w2"), holds).settling(settles).play(room, time.clock(), time::sleep);

        assertThat(room.asked)
                .containsExactly(
                        "0ms " + new WorkerFault.Pause(WorkerTarget.of("w2")),
                        holds.toMillis() + "ms " + new WorkerFault.Resume(WorkerTarget.of("w2")));
        assertThat(time.slept).containsExactly(holds, settles);
        assertThat(played.startedAt()).isEqualTo(T0);
        assertThat(played.endedAt())
                .as("whole again at the undo, before the settle")
                .isEqualTo(T0.plus(holds));
        assertThat(played.results()).hasSize(2).allMatch(FaultResult::done);
    }

    @Test
    void a_fault_held_for_no_time_is_undone_at_once_with_no_sleep_between() throws Exception {
        VirtualTime time = new VirtualTime();
        Room room = new Room(time);

        Recipes.killed(WorkerTarget.of("w1"), Duration.ZERO).play(room, time.clock(), time::sleep);

        assertThat(time.slept).isEmpty();
        assertThat(room.asked).hasSize(2);
    }

    @Test
    void a_recipe_on_the_holder_hurts_the_holder_of_a_tick_that_begins_when_it_is_played() throws Exception {
        VirtualTime time = new VirtualTime();
        time.now = T0.plusSeconds(7);
        Room room = new Room(time);

        Recipes.cutOff(WorkerTarget.HOLDER, Duration.ofSeconds(3)).play(room, time.clock(), time::sleep);

        assertThat(room.asked.get(0)).endsWith(new Fault.Partition(WorkerTarget.HOLDER, T0.plusSeconds(7)).toString());
    }

    @Test
    void a_key_plays_one_half_at_a_time_on_whoever_holds_the_lock_now() {
        Room room = new Room(new VirtualTime());
        Recipe pause = Recipes.paused(WorkerTarget.holder(), Duration.ZERO);

        pause.begin(room);
        pause.end(room);

        assertThat(room.asked)
                .containsExactly(
                        "0ms " + new WorkerFault.Pause(WorkerTarget.holder()),
                        "0ms " + new WorkerFault.Resume(WorkerTarget.holder()));
    }

    @Test
    void a_watch_asks_the_room_nothing_and_only_lets_the_time_pass() throws Exception {
        VirtualTime time = new VirtualTime();
        Room room = new Room(time);

        Recipe.watch(Duration.ofSeconds(5)).play(room, time.clock(), time::sleep);

        assertThat(room.asked).isEmpty();
        assertThat(time.slept).containsExactly(Duration.ofSeconds(5));
    }
}
