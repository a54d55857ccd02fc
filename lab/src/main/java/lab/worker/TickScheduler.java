package lab.worker;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import lab.guard.Schedule;
import lab.protocol.Trigger;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.listeners.TriggerListenerSupport;

/**
 * This worker's own scheduler — Quartz with its in-memory store, the Java counterpart of APScheduler's
 * BackgroundScheduler. It knows nothing of the other workers' schedulers: that is the bug.
 *
 * <p>With {@code cron} the trigger is wall-clock aligned, as {@code CronTrigger(second="*&#47;2")}: it fires at whole
 * multiples of the period since the epoch, so every worker fires at the same instants. With {@code interval}, as
 * {@code IntervalTrigger(seconds=2)}, the first fire is one period after this worker's own start: each worker
 * keeps its own phase, and its runs land in the window their fire time falls in. A fire later than half a period
 * (a paused worker that resumes, a process the machine starved) is skipped to the next aligned instant instead of
 * bursting to catch up; a fire the scheduler thread had already taken when the pause began is dropped by
 * {@link TickRunner#fire}. Either way each tick so skipped is said, as a late skip: Quartz drops a misfire without a
 * word, and a tick that no worker ran would otherwise read as one that no worker was alive for.
 */
final class TickScheduler implements Schedule {
    private final Scheduler scheduler;
    private final Duration every;
    private final String jobName;
    private final String worker;

    private final Clock clock;
    private final FireTiming timing;

    /** {@code clock} is the lab's reading of the time; Quartz itself keeps the system clock to fire. */
    TickScheduler(
            String worker,
            Duration every,
            Trigger trigger,
            Duration jitter,
            String jobName,
            TickRunner runner,
            Clock clock)
            throws SchedulerException {
        this.clock = clock;
        this.timing = new FireTiming(every, trigger);
        this.every = every;
        this.jobName = jobName;
        this.worker = worker;
        Properties p = new Properties();
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_NAME, "scheduler-" + worker);
        p.setProperty("org.quartz.threadPool.class", "org.quartz.simpl.SimpleThreadPool");
        // Room for runs that overlap inside one worker (task time above the period): the in-JVM mutex lesson.
        p.setProperty("org.quartz.threadPool.threadCount", "4");
        p.setProperty("org.quartz.threadPool.threadPriority", "5");
        p.setProperty("org.quartz.jobStore.class", "org.quartz.simpl.RAMJobStore");
        p.setProperty("org.quartz.jobStore.misfireThreshold", String.valueOf(timing.misfireThresholdMillis()));
        scheduler = new StdSchedulerFactory(p).getScheduler();
        scheduler.setJobFactory((bundle, s) -> context -> {
            long delay = 0;
            if (jitter.toMillis() > 0) {
                // As APScheduler's jitter: a busy process fires late by its own amount each time.
                delay = ThreadLocalRandom.current().nextLong(jitter.toMillis() + 1);
                sleep(delay);
            }
            // Read after the jitter: a process paused during that sleep (SIGSTOP) is as late as it was stopped.
            Instant readAt = clock.instant();
            runner.fire(timing.judge(context.getScheduledFireTime().toInstant(), readAt, delay), jobName, trigger);
        });
        scheduler.getListenerManager().addTriggerListener(droppedFires(runner, trigger));
    }

    /**
     * Says every tick Quartz dropped as a misfire: from the fire it missed up to now, each a late skip. Quartz calls
     * this before it moves the trigger on to its next fire after now, so those are exactly the ticks it will not fire.
     */
    private TriggerListenerSupport droppedFires(TickRunner runner, Trigger trigger) {
        return new TriggerListenerSupport() {
            @Override
            public String getName() {
                return "dropped-fires-" + worker;
            }

            @Override
            public void triggerMisfired(org.quartz.Trigger missed) {
                Instant now = clock.instant();
                for (Instant at = missed.getNextFireTime().toInstant(); !at.isAfter(now); at = at.plus(every)) {
                    runner.fire(timing.dropped(at, now), jobName, trigger);
                }
            }
        };
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the scheduler is stopping: the run sees the flag
        }
    }

    /** Arms the trigger; the first fire is the next whole multiple of the period, or one period from now. */
    @Override
    public void start() throws SchedulerException {
        long p = every.toMillis();
        Instant next = timing.firstFire(clock.instant());
        JobDetail job = JobBuilder.newJob(Job.class).withIdentity(jobName).build();
        org.quartz.Trigger fires = TriggerBuilder.newTrigger()
                .withIdentity(jobName + "-trigger")
                .startAt(Date.from(next))
                .withSchedule(SimpleScheduleBuilder.simpleSchedule()
                        .withIntervalInMilliseconds(p)
                        .repeatForever()
                        .withMisfireHandlingInstructionNextWithRemainingCount())
                .build();
        scheduler.scheduleJob(job, fires);
        scheduler.start();
    }

    /** Stops firing and waits for the runs in progress to write their rows. */
    @Override
    public void shutdown() {
        try {
            scheduler.shutdown(true);
        } catch (SchedulerException e) {
            System.err.println(worker + " - scheduler did not shut down cleanly: " + e.getMessage());
        }
    }
}
