package lab.worker;

import java.time.Duration;
import java.time.Instant;
import lab.protocol.Trigger;
import lab.store.TickWindow;

/**
 * The worker's scheduling decisions, as arithmetic on instants: when its trigger first fires, which tick window a
 * fire belongs to, and whether a fire came too late to run. Quartz fires and the clock is read elsewhere
 * ({@link TickScheduler}); what the worker makes of those readings is decided here, so that it can be checked
 * without waiting for a real fire.
 */
record FireTiming(Duration every, Trigger trigger) {

    /** One fire as judged: its window, how late it came, and whether it is missed rather than run. */
    record Fire(TickWindow window, Instant scheduledAt, long lateMillis, boolean missed, boolean recovering) {
        Fire(TickWindow window, Instant scheduledAt, long lateMillis, boolean missed) {
            this(window, scheduledAt, lateMillis, missed, false);
        }

        /** How far into its window the fire was scheduled: 0 for cron, the worker's own phase for interval. */
        long phaseMillis() {
            return Duration.between(window.start(), scheduledAt).toMillis();
        }
    }

    /**
     * The first fire, armed at {@code now}: cron, the next whole multiple of the period since the epoch (the next one
     * even when {@code now} is on one); interval, one period from now, which gives each worker its own phase.
     */
    Instant firstFire(Instant now) {
        long next = trigger == Trigger.CRON
                ? TickWindow.containing(now, every).end().toEpochMilli()
                : now.toEpochMilli() + every.toMillis();
        return Instant.ofEpochMilli(next);
    }

    /**
     * How late a fire may come and still run: half a period. Later than that the process was paused (or starved) and
     * running now would land the job in the next window's half, so it is missed, as APScheduler's
     * {@code misfire_grace_time} does.
     */
    Duration grace() {
        return every.dividedBy(2);
    }

    /** The same half period as Quartz's misfire threshold, so that Quartz skips what this class would call missed. */
    long misfireThresholdMillis() {
        return Math.max(1, every.toMillis() / 2);
    }

    /**
     * A fire Quartz dropped before it reached the worker, read at {@code readAt}: more than its misfire threshold late,
     * so missed whatever the arithmetic of {@link #judge} would say of it.
     */
    Fire dropped(Instant scheduledAt, Instant readAt) {
        long late = Duration.between(scheduledAt, readAt).toMillis();
        return new Fire(TickWindow.containing(scheduledAt, every), scheduledAt, late, true);
    }

    /**
     * Judges a fire that Quartz scheduled at {@code scheduledAt}, with the clock read at {@code readAt} after a jitter
     * of {@code jitterMillis}. The jitter meant is taken off, so that a fire is never missed for its own jitter; a pause
     * during that sleep still makes it late. The window is the scheduled time's, never the read time's: a fire run a
     * little late still counts for its own tick.
     */
    Fire judge(Instant scheduledAt, Instant readAt, long jitterMillis) {
        Instant firedAt = readAt.minusMillis(jitterMillis);
        long late = Duration.between(scheduledAt, firedAt).toMillis();
        return new Fire(TickWindow.containing(scheduledAt, every), scheduledAt, late, late > grace().toMillis());
    }

    /**
     * A recovering run of the fire originally scheduled at {@code originalAt} (a clustered scheduler re-running a job
     * whose node it declared dead), read at {@code readAt}: it belongs to the original fire's window, and is never
     * missed for its lateness, which is what recovery is.
     */
    Fire recovering(Instant originalAt, Instant readAt) {
        long late = Duration.between(originalAt, readAt).toMillis();
        return new Fire(TickWindow.containing(originalAt, every), originalAt, late, false, true);
    }
}
