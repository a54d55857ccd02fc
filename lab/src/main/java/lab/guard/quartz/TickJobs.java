package lab.guard.quartz;

import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobExecutionContext;

/**
 * The job classes the store keeps by name in {@code qrtz_job_details}: Quartz reads {@code IS_NONCONCURRENT} from the
 * class's annotation, so {@code disallow-concurrent} is a choice between two classes. Neither runs: the schedule's
 * own job factory runs the worker's tick path in their place.
 */
final class TickJobs {
    private TickJobs() {}

    static Class<? extends Job> of(boolean disallowConcurrent) {
        return disallowConcurrent ? OneAtATime.class : Concurrent.class;
    }

    /** Runs of the job may overlap, on one node or across nodes. */
    static final class Concurrent implements Job {
        @Override
        public void execute(JobExecutionContext context) {
            throw new IllegalStateException("the schedule's job factory runs the tick in this class's place");
        }
    }

    /** Quartz's {@code @DisallowConcurrentExecution}: a clustered store holds the job's other triggers while it runs. */
    @DisallowConcurrentExecution
    static final class OneAtATime implements Job {
        @Override
        public void execute(JobExecutionContext context) {
            throw new IllegalStateException("the schedule's job factory runs the tick in this class's place");
        }
    }
}
