package lab.guard.quartz;

import java.time.Duration;
import java.util.List;
import lab.protocol.Durations;
import lab.protocol.InstanceId;
import lab.protocol.Knob;

/**
 * The knobs of a clustered job store, with Quartz's own names, declared in its mode's package and named by its
 * declaration ({@link QuartzClusterMode#ownKnobs()}), which is how every room finds them: each is live, and a switch of
 * one rebuilds every worker's scheduler, since Quartz reads them when it is built.
 */
public final class QuartzKnobs {
    public static final Knob<Boolean> CLUSTERED = Knob.onOff(
            "clustered",
            "Quartz's isClustered: the workers' schedulers share the JDBC store as a cluster (row locks in qrtz_locks,"
                    + " check-ins in qrtz_scheduler_state); off, each believes the store is its alone",
            true);
    public static final Knob<Boolean> ACQUIRE_WITHIN_LOCK = Knob.onOff(
            "acquire-within-lock",
            "Quartz's acquireTriggersWithinLock: a scheduler takes the qrtz_locks row lock to acquire its next"
                    + " triggers, where it otherwise counts on a conditional update",
            false);
    public static final Knob<Duration> CHECKIN_INTERVAL = Knob.ofMode(
            "checkin-interval",
            "DURATION",
            "Quartz's clusterCheckinInterval: how often each scheduler writes its check-in; the others call it dead"
                    + " once its check-in is older than that plus Quartz's fixed 7.5 s",
            Duration.ofMillis(7500),
            "a duration from 100ms to 60s, such as 1s",
            Durations::parse,
            d -> d.toMillis() >= 100 && d.compareTo(Duration.ofSeconds(60)) <= 0,
            Durations::format,
            List.of(Duration.ofMillis(7500), Duration.ofSeconds(1), Duration.ofSeconds(20)));
    public static final Knob<Boolean> RECOVERY = Knob.onOff(
            "recovery",
            "Quartz's requestsRecovery: a job in flight on a scheduler the cluster declares dead is run again by another",
            false);
    public static final Knob<InstanceId> INSTANCE_ID = Knob.choice(
            "instance-id",
            "ID",
            "the workers' Quartz instance ids while unclustered: default (none set, Quartz's NON_CLUSTERED on every"
                    + " node, so a start recovers every node's fired triggers) or per-worker (w1, w2, ...); clustered,"
                    + " each node is named after its worker either way",
            InstanceId.DEFAULT,
            InstanceId.values());
    public static final Knob<Boolean> DISALLOW_CONCURRENT = Knob.onOff(
            "disallow-concurrent",
            "Quartz's @DisallowConcurrentExecution: no two runs of the job at once, across the cluster's nodes",
            false);

    /** In the order the help and the knob panel list them. */
    static final List<Knob<?>> ALL =
            List.of(CLUSTERED, ACQUIRE_WITHIN_LOCK, CHECKIN_INTERVAL, RECOVERY, INSTANCE_ID, DISALLOW_CONCURRENT);

    private QuartzKnobs() {}
}
