package lab.fleet;

import java.time.Instant;
import java.util.Properties;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.Scheduler;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;

/**
 * A JVM started as the lab starts a worker, that says what its clocks read: its wall clock, {@code Instant.now()},
 * {@code System.nanoTime()} and the first fire time Quartz gives a trigger that starts now, then how long a timed
 * {@code Object.wait} took, then idles with Quartz's scheduler thread waiting for its next fire, an hour away.
 */
public final class ClockProbe {
    private ClockProbe() {}

    public static void main(String[] args) throws Exception {
        Properties p = new Properties();
        p.setProperty("org.quartz.scheduler.instanceName", "probe");
        p.setProperty("org.quartz.threadPool.threadCount", "1");
        p.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
        Scheduler scheduler = new StdSchedulerFactory(p).getScheduler();
        scheduler.start();
        java.util.Date fire = scheduler.scheduleJob(
                JobBuilder.newJob(Nothing.class).withIdentity("probe").build(),
                TriggerBuilder.newTrigger()
                        .startNow()
                        .withSchedule(SimpleScheduleBuilder.repeatHourlyForever())
                        .build());
        long wall = System.currentTimeMillis();
        long instant = Instant.now().toEpochMilli();
        long nano = System.nanoTime();
        System.out.println("clocks " + wall + " " + instant + " " + nano + " " + fire.getTime());
        Object o = new Object();
        long before = System.nanoTime();
        synchronized (o) {
            o.wait(500);
        }
        System.out.println("waited " + (System.nanoTime() - before) / 1_000_000 + " " + System.nanoTime());
        synchronized (o) {
            o.wait(2_000);
        }
        System.out.println("idled " + System.nanoTime());
        scheduler.shutdown(false);
    }

    /** A job that does nothing: only its trigger's times matter. */
    public static final class Nothing implements Job {
        @Override
        public void execute(org.quartz.JobExecutionContext context) {}
    }
}
