package lab.worker;

import java.time.Clock;
import java.time.Instant;
import lab.guard.Fires;
import lab.guard.Schedule;
import lab.protocol.Knob;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.Trigger;
import lab.protocol.WorkerConfig;

/**
 * The one scheduler that fires this worker's ticks: its own ({@link TickScheduler}), or what a mode that owns the
 * schedule replaces it with (a clustered job store). A switch into or out of such a mode, or of one of its knobs,
 * replaces it and says how long that took; any other switch leaves it firing, as it changes only the guard.
 */
final class ScheduleSlot {
    /** Builds the scheduler a spec's mode asks for. */
    @FunctionalInterface
    interface Builder {
        Schedule build(ModeSpec spec) throws Exception;
    }

    private final String worker;
    private final Builder builder;
    private Schedule current; // guarded by this
    private ModeSpec inForce; // guarded by this; the spec current was built for
    private ModeSpec wanted; // guarded by this
    private boolean started; // guarded by this

    ScheduleSlot(String worker, Builder builder) {
        this.worker = worker;
        this.builder = builder;
    }

    /** The worker's slot: its own Quartz in memory, or its mode's scheduler, firing into {@code runner}. */
    static ScheduleSlot of(WorkerConfig config, TickRunner runner, GuardFactory guards, EventOut out, Clock clock) {
        String w = config.worker();
        FireTiming timing = new FireTiming(config.every(), config.trigger());
        return new ScheduleSlot(w, spec -> {
            if (spec.mode().scheduling() == Mode.Scheduling.AROUND_THE_JOB) {
                return new TickScheduler(
                        w, config.every(), config.trigger(), config.jitter(), config.job(), runner, clock);
            }
            String mode = spec.mode().cliName();
            return guards.schedule(
                    spec,
                    new ModeFires(runner, timing, config.job(), config.trigger()),
                    (tick, detail, fact) -> out.emit(tick.at(), mode, detail, fact));
        });
    }

    /**
     * {@code spec} is about to be in force: replaces the scheduler if its mode needs another one, and says so with the
     * time it took ({@code "; …"}), else says nothing. Before {@link #start} it only notes the spec. When the new
     * scheduler cannot start, the one of the spec in force is started again and the exception says why.
     */
    synchronized String follow(ModeSpec spec) throws Exception {
        if (!started) {
            wanted = spec;
            return "";
        }
        if (!needsAnother(spec)) {
            inForce = spec;
            return "";
        }
        long began = System.nanoTime();
        // The old one first: Quartz keeps one scheduler of a name per JVM, and returns a running one rather than build.
        current.shutdown();
        try {
            run(spec);
        } catch (Exception e) {
            try {
                run(inForce);
            } catch (Exception again) {
                e.addSuppressed(again); // nothing fires now: the next switch that succeeds starts one again
            }
            throw e;
        }
        long ms = (System.nanoTime() - began) / 1_000_000;
        return "; scheduler replaced ("
                + (spec.mode().scheduling() == Mode.Scheduling.AROUND_THE_JOB
                        ? "the worker's own again"
                        : spec.mode().cliName() + "'s")
                + ") in " + ms + " ms";
    }

    /** Starts the scheduler of the spec last followed. */
    synchronized void start() throws Exception {
        started = true;
        run(wanted);
    }

    /** Stops firing and waits for the runs in progress to write their rows. */
    synchronized void shutdown() {
        if (current != null) {
            current.shutdown();
            current = null;
        }
    }

    private void run(ModeSpec spec) throws Exception {
        Schedule next = builder.build(spec);
        try {
            next.start();
        } catch (Exception e) {
            next.shutdown();
            throw new IllegalStateException(
                    worker + " - " + spec.mode() + "'s scheduler did not start: " + e.getMessage(), e);
        }
        current = next;
        inForce = spec;
    }

    /** A mode that owns the schedule needs its own, built again when one of its knobs moves; any other, the worker's. */
    private boolean needsAnother(ModeSpec spec) {
        boolean owns = spec.mode().scheduling() == Mode.Scheduling.OWNS_THE_SCHEDULE;
        boolean owned = inForce.mode().scheduling() == Mode.Scheduling.OWNS_THE_SCHEDULE;
        if (!owns) {
            return owned;
        }
        if (!owned || !spec.mode().equals(inForce.mode())) {
            return true;
        }
        for (Knob<?> k : spec.mode().concerns()) {
            if (!spec.get(k).equals(inForce.get(k))) {
                return true;
            }
        }
        return false;
    }

    /** A mode's scheduler's fires, judged and run as the worker's own scheduler's are. */
    private record ModeFires(TickRunner runner, FireTiming timing, String job, Trigger trigger) implements Fires {
        @Override
        public void fired(Instant scheduledAt, Instant readAt) {
            runner.fire(timing.judge(scheduledAt, readAt, 0), job, trigger);
        }

        @Override
        public void recovering(Instant originalAt, Instant readAt) {
            runner.fire(timing.recovering(originalAt, readAt), job, trigger);
        }

        @Override
        public void dropped(Instant scheduledAt, Instant readAt) {
            runner.fire(timing.dropped(scheduledAt, readAt), job, trigger);
        }
    }
}
