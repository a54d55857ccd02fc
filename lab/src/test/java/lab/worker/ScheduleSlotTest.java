package lab.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.ModeDeclaration;
import lab.guard.Schedule;
import lab.guard.none.NoGuard;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import org.junit.jupiter.api.Test;

/** Which scheduler fires a worker's ticks as it switches between modes that guard the job and one that owns it. */
class ScheduleSlotTest {
    /** A mode that owns the schedule, declared here only: the slot reads nothing of it but its scheduling. */
    private static final Mode OWNER = new ModeDeclaration() {
        @Override
        public String cliName() {
            return "owner";
        }

        @Override
        public Hue hue() {
            return Hue.BLUE;
        }

        @Override
        public Lock lock() {
            return Lock.NONE;
        }

        @Override
        public Scheduling scheduling() {
            return Scheduling.OWNS_THE_SCHEDULE;
        }

        @Override
        public java.util.Set<lab.protocol.Knob<?>> concerns() {
            return java.util.Set.of(Knobs.RECHECK);
        }

        @Override
        public Guard guard(GuardContext ctx) {
            return new NoGuard(ctx.worker(), false);
        }
    };

    private final List<String> log = new ArrayList<>();
    private boolean ownerDown;

    private Schedule schedule(ModeSpec spec) {
        String name = spec.mode().cliName();
        return new Schedule() {
            @Override
            public void start() {
                if (ownerDown && spec.mode() == OWNER) {
                    throw new IllegalStateException("its server is down");
                }
                log.add("start " + name);
            }

            @Override
            public void shutdown() {
                log.add("stop " + name);
            }
        };
    }

    @Test
    void a_switch_between_modes_that_guard_the_job_keeps_the_workers_own_scheduler_firing() throws Exception {
        ScheduleSlot slot = new ScheduleSlot("w1", this::schedule);
        slot.follow(ModeSpec.defaults(Mode.NAIVE));
        slot.start();

        String said = slot.follow(ModeSpec.defaults(Mode.REDIS));

        assertThat(said).isEmpty();
        assertThat(log).containsExactly("start naive");
    }

    @Test
    void a_switch_into_a_mode_that_owns_the_schedule_and_back_replaces_the_scheduler_each_way_and_says_so()
            throws Exception {
        ScheduleSlot slot = new ScheduleSlot("w1", this::schedule);
        slot.follow(ModeSpec.defaults(Mode.NAIVE));
        slot.start();

        String in = slot.follow(ModeSpec.defaults(OWNER));
        String knob = slot.follow(ModeSpec.defaults(OWNER).with(Knobs.RECHECK, true));
        String same =
                slot.follow(ModeSpec.defaults(OWNER).with(Knobs.RECHECK, true).with(Knobs.RENEW, true));
        String out = slot.follow(ModeSpec.defaults(Mode.POSTGRES));

        assertThat(log)
                .containsExactly(
                        "start naive",
                        "stop naive",
                        "start owner",
                        "stop owner",
                        "start owner",
                        "stop owner",
                        "start postgres");
        assertThat(in).matches("; scheduler replaced \\(owner's\\) in \\d+ ms");
        assertThat(knob).startsWith("; scheduler replaced (owner's)");
        assertThat(same).as("a knob the mode does not read").isEmpty();
        assertThat(out).matches("; scheduler replaced \\(the worker's own again\\) in \\d+ ms");
    }

    @Test
    void a_mode_whose_scheduler_cannot_start_leaves_the_worker_firing_with_the_scheduler_it_had() throws Exception {
        ScheduleSlot slot = new ScheduleSlot("w1", this::schedule);
        slot.follow(ModeSpec.defaults(Mode.NAIVE));
        slot.start();
        ownerDown = true;

        assertThatThrownBy(() -> slot.follow(ModeSpec.defaults(OWNER)))
                .hasMessage("w1 - owner's scheduler did not start: its server is down");
        assertThat(log).containsExactly("start naive", "stop naive", "stop owner", "start naive");
    }
}
