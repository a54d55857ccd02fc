package lab.protocol;

import java.time.Duration;
import java.util.List;

/**
 * The knobs of a clustered job store, with Quartz's own names, declared beside {@link Knobs} (which lists them in
 * {@link Knobs#ALL}): each is live, and a switch of one rebuilds every worker's scheduler, since Quartz reads them
 * when it is built. Read only by the modes that name them.
 */
public final class ClusterKnobs {
    public static final Knob<Boolean> CLUSTERED = Knob.onOff(
            "clustered",
            "Quartz's isClustered: the workers' schedulers share the JDBC store as a cluster (row locks in qrtz_locks,"
                    + " check-ins in qrtz_scheduler_state); off, each believes the store is its alone",
            true,
            false);
    public static final Knob<Boolean> ACQUIRE_WITHIN_LOCK = Knob.onOff(
            "acquire-within-lock",
            "Quartz's acquireTriggersWithinLock: a scheduler takes the qrtz_locks row lock to acquire its next"
                    + " triggers, where it otherwise counts on a conditional update",
            false,
            false);
    public static final Knob<Duration> CHECKIN_INTERVAL = new Knob<>(
            "checkin-interval",
            Scope.LIVE,
            "DURATION",
            "Quartz's clusterCheckinInterval: how often each scheduler writes its check-in; the others call it dead"
                    + " once its check-in is older than that plus Quartz's fixed 7.5 s",
            Duration.ofMillis(7500),
            "a duration from 100ms to 60s, such as 1s",
            Durations::parse,
            d -> d.toMillis() >= 100 && d.compareTo(Duration.ofSeconds(60)) <= 0,
            Durations::format,
            false,
            List.of(Duration.ofMillis(7500), Duration.ofSeconds(1), Duration.ofSeconds(20)));
    public static final Knob<Boolean> RECOVERY = Knob.onOff(
            "recovery",
            "Quartz's requestsRecovery: a job in flight on a scheduler the cluster declares dead is run again by another",
            false,
            false);
    public static final Knob<InstanceId> INSTANCE_ID = new Knob<>(
            "instance-id",
            Scope.LIVE,
            "ID",
            "the workers' Quartz instance ids while unclustered: default (none set, Quartz's NON_CLUSTERED on every"
                    + " node, so a start recovers every node's fired triggers) or per-worker (w1, w2, ...); clustered,"
                    + " each node is named after its worker either way",
            InstanceId.DEFAULT,
            KnobTexts.choices(InstanceId.values()),
            t -> KnobTexts.choose(InstanceId.values(), t),
            i -> true,
            InstanceId::toString,
            false,
            List.of(InstanceId.values()));
    public static final Knob<Boolean> DISALLOW_CONCURRENT = Knob.onOff(
            "disallow-concurrent",
            "Quartz's @DisallowConcurrentExecution: no two runs of the job at once, across the cluster's nodes",
            false,
            false);

    private ClusterKnobs() {}
}
