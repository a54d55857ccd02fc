package lab.guard.quartz;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javax.sql.DataSource;
import lab.guard.Fires;
import lab.guard.Schedule;
import lab.protocol.InstanceId;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerConfig;
import org.quartz.JobDataMap;
import org.quartz.JobExecutionContext;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.listeners.TriggerListenerSupport;
import org.quartz.utils.ConnectionProvider;
import org.quartz.utils.DBConnectionManager;

/**
 * One worker's Quartz on the shared JDBC store: the same scheduler name in every worker (Quartz clusters the schedulers
 * of one name), the worker's id as its instance id (unclustered, Quartz's default unless {@code instance-id:
 * per-worker}), and the tick's job and trigger stored once for all of them. When
 * the store fires the trigger on this node, the worker's tick path runs with the trigger's scheduled fire time; a
 * recovering run, with the original fire time Quartz keeps in its job data.
 */
final class ClusteredSchedule implements Schedule {
    /** Quartz clusters the schedulers that share this name; every worker's is called so. */
    static final String NAME = "scheduler-lock-lab";

    private final String worker;
    private final WorkerConfig config;
    private final ModeSpec spec;
    private final Clock clock;
    private final Fires fires;
    private final Supplier<DataSource> pool;
    private Scheduler scheduler;
    private volatile Instant startedAt;
    /** The latest tick this node fired or said dropped: a trigger rewound by a node that resumed is said once. */
    private final AtomicReference<Instant> latestSaid = new AtomicReference<>(Instant.MIN);

    ClusteredSchedule(
            String worker, WorkerConfig config, ModeSpec spec, Clock clock, Fires fires, Supplier<DataSource> pool) {
        this.worker = worker;
        this.config = config;
        this.spec = spec;
        this.clock = clock;
        this.fires = fires;
        this.pool = pool;
    }

    /** Quartz's settings, by Quartz's own names, as this worker's knobs make them. */
    Properties properties(String dataSource) {
        long every = config.every().toMillis();
        Properties p = new Properties();
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_NAME, NAME);
        boolean clustered = spec.get(QuartzKnobs.CLUSTERED);
        // A cluster needs one id per node (Quartz's AUTO would generate one; the worker's name lets the panels say
        // who). Unclustered, the default is none at all, as in a configuration that never names one: Quartz then
        // gives every node NON_CLUSTERED, and AUTO would too.
        if (clustered || spec.get(QuartzKnobs.INSTANCE_ID) == InstanceId.PER_WORKER) {
            p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_ID, worker);
        }
        // A node that found no trigger looks again within a period, so that any node may take the next fire.
        p.setProperty("org.quartz.scheduler.idleWaitTime", String.valueOf(Math.max(1_000, every)));
        p.setProperty("org.quartz.threadPool.class", "org.quartz.simpl.SimpleThreadPool");
        p.setProperty("org.quartz.threadPool.threadCount", "4");
        p.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
        p.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
        p.setProperty("org.quartz.jobStore.dataSource", dataSource);
        p.setProperty("org.quartz.jobStore.tablePrefix", "qrtz_");
        p.setProperty("org.quartz.jobStore.isClustered", String.valueOf(clustered));
        p.setProperty(
                "org.quartz.jobStore.clusterCheckinInterval",
                String.valueOf(spec.get(QuartzKnobs.CHECKIN_INTERVAL).toMillis()));
        p.setProperty(
                "org.quartz.jobStore.acquireTriggersWithinLock",
                String.valueOf(spec.get(QuartzKnobs.ACQUIRE_WITHIN_LOCK)));
        // Half a period, as the worker's own scheduler: a later fire is skipped to the next tick, and said.
        p.setProperty("org.quartz.jobStore.misfireThreshold", String.valueOf(Math.max(1, every / 2)));
        return p;
    }

    @Override
    public void start() throws Exception {
        DataSource ds = pool.get();
        ClusterStore.create(ds);
        String dataSource = "lab-" + worker;
        // Quartz finds its connections by name in one registry per JVM: the worker's pool, which outlives this
        // scheduler, so Quartz's shutdown of its provider leaves the pool open for the next switch in.
        DBConnectionManager.getInstance().addConnectionProvider(dataSource, new PoolProvider(ds));
        startedAt = clock.instant();
        scheduler = new StdSchedulerFactory(properties(dataSource)).getScheduler();
        scheduler.setJobFactory((bundle, s) -> this::fire);
        scheduler.getListenerManager().addTriggerListener(droppedFires());
        ClusterStore.oneAtATime(ds, () -> new StoredTick(config, spec).storeIn(scheduler, clock.instant()));
        scheduler.start();
    }

    /** One fire of the cluster on this node: its tick is the scheduled time's; a recovering run's, the original's. */
    private void fire(JobExecutionContext context) {
        Instant readAt = clock.instant();
        if (context.isRecovering()) {
            fires.recovering(originalFireTime(context), readAt);
        } else {
            Instant at = context.getScheduledFireTime().toInstant();
            said(at);
            fires.fired(at, readAt);
        }
    }

    /**
     * The fire a recovering run re-runs, as Quartz keeps it in the recovery trigger's data: its scheduled time, or, from
     * a store written before Quartz kept that, its fire time.
     */
    static Instant originalFireTime(JobExecutionContext context) {
        JobDataMap data = context.getMergedJobDataMap();
        String at = data.getString(Scheduler.FAILED_JOB_ORIGINAL_TRIGGER_SCHEDULED_FIRETIME_IN_MILLISECONDS);
        if (at == null) {
            at = data.getString(Scheduler.FAILED_JOB_ORIGINAL_TRIGGER_FIRETIME_IN_MILLISECONDS);
        }
        return at == null ? context.getScheduledFireTime().toInstant() : Instant.ofEpochMilli(Long.parseLong(at));
    }

    /**
     * Says each tick the store dropped as a misfire while this scheduler ran, as the worker's own scheduler does: on
     * the node whose misfire handler found it, from the fire it missed up to now.
     */
    private TriggerListenerSupport droppedFires() {
        Duration every = config.every();
        return new TriggerListenerSupport() {
            @Override
            public String getName() {
                return "dropped-fires-" + worker;
            }

            @Override
            public void triggerMisfired(Trigger missed) {
                Instant now = clock.instant();
                Date next = missed.getNextFireTime();
                for (Instant at = next.toInstant(); !at.isAfter(now); at = at.plus(every)) {
                    // A paused node that resumes fires the trigger it had acquired and stores it back as its stale
                    // copy has it, rewinding it: the ticks this node already fired or said dropped are not said again.
                    if (!at.isBefore(startedAt) && said(at)) {
                        fires.dropped(at, now);
                    }
                }
            }
        };
    }

    /** Notes {@code at} as said on this node; false when a tick at or after it already was. */
    private boolean said(Instant at) {
        return latestSaid.getAndAccumulate(at, (a, b) -> a.isAfter(b) ? a : b).isBefore(at);
    }

    /** Stops firing and waits for the runs in progress to write their rows; the store keeps the trigger for the rest. */
    @Override
    public void shutdown() {
        if (scheduler == null) {
            return;
        }
        try {
            scheduler.shutdown(true);
        } catch (SchedulerException e) {
            System.err.println(worker + " - Quartz's clustered scheduler did not shut down cleanly: " + e.getMessage());
        }
    }

    /** Quartz's view of the worker's pool: a shutdown of the scheduler does not close it. */
    private record PoolProvider(DataSource ds) implements ConnectionProvider {
        @Override
        public Connection getConnection() throws SQLException {
            return ds.getConnection();
        }

        @Override
        public void shutdown() {}

        @Override
        public void initialize() {}
    }
}
