package lab.guard.quartz;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import lab.guard.Fires;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LockObserver;
import lab.guard.ModeDeclaration;
import lab.guard.Schedule;
import lab.guard.none.NoGuard;
import lab.protocol.Knob;
import lab.protocol.Knobs;

/**
 * Mode {@code quartz-cluster}, key 0: the workers' Quartz schedulers share a JDBC job store ({@code JobStoreTX} with
 * {@code PostgreSQLDelegate}) on the lab's PostgreSQL, in Quartz's own {@code qrtz_} tables, and the store decides which
 * node fires each trigger: there is no lock around the job. Its knobs are Quartz's: {@code clustered}
 * ({@code isClustered}), {@code acquire-within-lock} ({@code acquireTriggersWithinLock}), {@code checkin-interval}
 * ({@code clusterCheckinInterval}), {@code recovery} ({@code requestsRecovery}), {@code instance-id}
 * ({@code org.quartz.scheduler.instanceId}, unclustered) and {@code disallow-concurrent}
 * ({@code @DisallowConcurrentExecution}). Quartz's JDBC classes are loaded here only, when a worker switches in.
 */
public final class QuartzClusterMode extends ModeDeclaration {
    /** No lock around the job: the lock panel shows the store's fired trigger and each node's check-in instead. */
    static final Lock LOCK = new Lock("quartz-cluster", "quartz", Sight.CLUSTER, "Quartz's trigger ");

    @Override
    public String cliName() {
        return "quartz-cluster";
    }

    @Override
    public Optional<Character> key() {
        return Optional.of('0');
    }

    @Override
    public Hue hue() {
        return Hue.MAGENTA;
    }

    @Override
    public Lock lock() {
        return LOCK;
    }

    @Override
    public Optional<LockObserver> observer(LockObserver.Where where) {
        return Optional.of(new ClusterObserver(where.pgUrl(), where.job()));
    }

    @Override
    public Set<Knob<?>> concerns() {
        return Set.copyOf(QuartzKnobs.ALL);
    }

    /** Quartz's own, declared in {@link QuartzKnobs}. */
    @Override
    public List<Knob<?>> ownKnobs() {
        return QuartzKnobs.ALL;
    }

    @Override
    public Set<Need> needs() {
        return Set.of(Need.POSTGRES);
    }

    @Override
    public Scheduling scheduling() {
        return Scheduling.OWNS_THE_SCHEDULE;
    }

    /** Nothing around the job: when the cluster fires it on this worker, it runs. */
    @Override
    public Guard guard(GuardContext ctx) {
        return new NoGuard(ctx.worker(), ctx.spec().get(Knobs.RECHECK));
    }

    @Override
    public Schedule schedule(GuardContext ctx, Fires fires) {
        return new ClusteredSchedule(
                ctx.worker(), ctx.config(), ctx.spec(), ctx.clock(), fires, () -> ClusterStore.pool(ctx));
    }
}
