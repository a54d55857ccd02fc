package lab.protocol;

import java.util.Locale;

/** How each worker's scheduler places its fires in time. */
public enum Trigger {
    /**
     * Wall-clock aligned, as APScheduler's {@code CronTrigger(second="*&#47;2")}: every worker fires at the same whole
     * multiples of the period, give or take its own scheduling delay.
     */
    CRON,
    /**
     * Per process, as APScheduler's {@code IntervalTrigger(seconds=2)}: a worker's first fire is one period after its
     * own start, so the workers' phases differ by their start-up spread, and a restarted worker lands anywhere.
     */
    INTERVAL;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
