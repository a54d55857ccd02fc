package lab.guard.onenode;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import lab.guard.Fires;
import lab.guard.Schedule;

/**
 * One worker's timer in mode {@code one-node}: it fires at every multiple of the period, as a cron trigger does, into
 * {@code fires}; a worker that is not the one node has none ({@code fires} null) and fires nothing.
 */
final class TimerSchedule implements Schedule {
    private final String worker;
    private final Duration every;
    private final Clock clock;
    private final Fires fires;
    private ScheduledExecutorService timer;

    TimerSchedule(String worker, Duration every, Clock clock, Fires fires) {
        this.worker = worker;
        this.every = every;
        this.clock = clock;
        this.fires = fires;
    }

    @Override
    public void start() {
        if (fires == null) {
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, worker + "-one-node"));
        next();
    }

    /** Schedules the fire at the next multiple of the period, which schedules the one after it. */
    private void next() {
        long period = every.toMillis();
        long now = clock.millis();
        Instant at = Instant.ofEpochMilli((now / period + 1) * period);
        try {
            timer.schedule(
                    () -> {
                        fires.fired(at, clock.instant());
                        next();
                    },
                    at.toEpochMilli() - now,
                    TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException stopped) {
            // Shut down while the last fire ran: there is no next one.
        }
    }

    @Override
    public void shutdown() {
        if (timer == null) {
            return;
        }
        timer.shutdown();
        try {
            timer.awaitTermination(every.toMillis() * 5, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
