package lab.guard.quartz;

import java.time.Instant;
import java.util.Date;
import lab.protocol.ModeSpec;
import lab.protocol.Trigger;
import lab.protocol.WorkerConfig;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobKey;
import org.quartz.ObjectAlreadyExistsException;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.SimpleTrigger;
import org.quartz.TriggerBuilder;
import org.quartz.TriggerKey;

/**
 * The tick's job and trigger as the shared store keeps them, once for every worker: the job's class and recovery as the
 * knobs say (each worker that switches in writes them again, the same), the trigger stored by the first worker and
 * kept by the others, unless its period is not the lab's or its next fire is long past (a store left from an earlier
 * run), when it is stored anew from the next tick.
 */
record StoredTick(WorkerConfig config, ModeSpec spec) {
    void storeIn(Scheduler scheduler, Instant now) throws SchedulerException {
        JobKey jobKey = JobKey.jobKey(config.job());
        JobDetail job = JobBuilder.newJob(TickJobs.of(spec.get(QuartzKnobs.DISALLOW_CONCURRENT)))
                .withIdentity(jobKey)
                .requestRecovery(spec.get(QuartzKnobs.RECOVERY))
                .storeDurably()
                .build();
        scheduler.addJob(job, true);
        TriggerKey key = TriggerKey.triggerKey(triggerName(config.job()));
        org.quartz.Trigger kept = scheduler.getTrigger(key);
        if (kept != null && fits(kept, now)) {
            return;
        }
        org.quartz.Trigger fresh = TriggerBuilder.newTrigger()
                .withIdentity(key)
                .forJob(jobKey)
                .startAt(Date.from(firstFire(now)))
                .withSchedule(SimpleScheduleBuilder.simpleSchedule()
                        .withIntervalInMilliseconds(config.every().toMillis())
                        .repeatForever()
                        .withMisfireHandlingInstructionNextWithRemainingCount())
                .build();
        try {
            if (kept == null) {
                scheduler.scheduleJob(fresh);
            } else {
                scheduler.rescheduleJob(key, fresh);
            }
        } catch (ObjectAlreadyExistsException e) {
            // Another worker switching in at the same moment stored it first: the cluster fires that one.
        }
    }

    /** The tick's trigger in the store: {@code tick-trigger}. */
    static String triggerName(String job) {
        return job + "-trigger";
    }

    /** A kept trigger serves when it repeats at the lab's period and its next fire is not past its misfire threshold. */
    private boolean fits(org.quartz.Trigger kept, Instant now) {
        long every = config.every().toMillis();
        Date next = kept.getNextFireTime();
        return kept instanceof SimpleTrigger simple
                && simple.getRepeatInterval() == every
                && next != null
                && next.toInstant().plusMillis(every / 2).isAfter(now);
    }

    /** Cron: the next whole multiple of the period since the epoch; interval: one period from the first worker's now. */
    private Instant firstFire(Instant now) {
        long p = config.every().toMillis();
        long ms = now.toEpochMilli();
        return Instant.ofEpochMilli(config.trigger() == Trigger.CRON ? (ms / p + 1) * p : ms + p);
    }
}
