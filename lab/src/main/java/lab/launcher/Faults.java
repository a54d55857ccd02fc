package lab.launcher;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import lab.fleet.ModeSwitcher;
import lab.fleet.WorkerPool;
import lab.fleet.WorkerProcess;
import lab.guard.LockState;
import lab.nemesis.Fault;
import lab.nemesis.FaultResult;
import lab.nemesis.Nemesis;
import lab.nemesis.Recipe;
import lab.nemesis.Recipes;
import lab.nemesis.ServerName;
import lab.nemesis.WorkerFault;
import lab.protocol.Knobs;
import lab.protocol.ModeSpec;

/**
 * The lab's one room for faults (the nemesis): every {@link Fault} a key, a scenario's step or the soak asks for is
 * done here, by the worker faults ({@link WorkerFaults}), the server faults ({@link ServerFaults}) or the network's
 * ({@link Partitions}), and answered with a typed {@link FaultResult}.
 */
final class Faults implements Nemesis {
    private final Holders holders;
    private final WorkerFaults workers;
    private final ServerFaults servers;
    private final Partitions partitions;

    /** Each fault to its case: without a default, so that a new fault without its case here does not compile. */
    private final Fault.Cases<FaultResult> cases = new Fault.Cases<>() {
        @Override
        public FaultResult kill(WorkerFault.Kill f) {
            return workers.kill(f);
        }

        @Override
        public FaultResult pause(WorkerFault.Pause f) {
            return workers.pause(f);
        }

        @Override
        public FaultResult resume(WorkerFault.Resume f) {
            return workers.resume(f);
        }

        @Override
        public FaultResult stop(WorkerFault.Stop f) {
            return workers.stop(f);
        }

        @Override
        public FaultResult restart(WorkerFault.Restart f) {
            return workers.restart(f);
        }

        @Override
        public FaultResult skew(WorkerFault.Skew f) {
            return workers.skew(f);
        }

        @Override
        public FaultResult serverStop(Fault.ServerStop f) {
            return servers.set(f.server(), false);
        }

        @Override
        public FaultResult serverStart(Fault.ServerStart f) {
            return servers.set(f.server(), true);
        }

        @Override
        public FaultResult serverRestart(Fault.ServerRestart f) {
            return servers.restart(f.server(), f.afterLease());
        }

        @Override
        public FaultResult partition(Fault.Partition f) {
            return partitions.partition(f);
        }

        @Override
        public FaultResult heal(Fault.Heal f) {
            return partitions.heal(f);
        }
    };

    Faults(
            LabSettings settings,
            Infrastructure infra,
            WorkerPool pool,
            ModeSwitcher switcher,
            Supplier<ModeSpec> spec,
            Supplier<LockState> lock,
            Supplier<Duration> settle,
            Recording recording) {
        this.holders = new Holders(pool, spec, lock, settings.every(), recording);
        this.workers = new WorkerFaults(pool, switcher, spec, settle, holders, recording);
        this.servers = new ServerFaults(
                infra,
                recording,
                () -> spec.get().mode().cliName(),
                () -> spec.get().get(Knobs.ON_LOCK_ERROR),
                () -> spec.get().get(Knobs.LOCK_TTL),
                settings.redisPersistence(),
                settings.storeInPostgres());
        this.partitions = new Partitions(
                infra::networks,
                settings::host,
                holders::earlyFrom,
                spec,
                () -> pool.all().stream().map(WorkerProcess::id).toList(),
                recording);
    }

    @Override
    public FaultResult inject(Fault fault) {
        return fault.on(cases);
    }

    @Override
    public Fault toggle(ServerName server) {
        Recipe downAndUp = Recipes.serverDown(server, Duration.ZERO);
        return (servers.running(server) ? downAndUp.faults() : downAndUp.undo()).get(0);
    }

    @Override
    public List<Fault> togglePartition(Instant now) {
        return partitions.toggle(now);
    }

    /**
     * Records that {@code worker} starts with its clock {@code by} from the machine's, before it is forked: the
     * start-up skew comes through this room as every other skew does, and leaves the same {@code skew} fault.
     */
    String skewAtStart(String worker, Duration by) {
        return workers.skewAtStart(worker, by);
    }

    /** The ids of the workers attached from elsewhere, which may hold the lock too (and which no fault reaches). */
    void alsoKnown(Supplier<List<String>> ids) {
        holders.alsoKnown(ids);
    }

    /** The id of the worker that holds the lock now, as its server says: the lab's own or one attached. */
    Optional<String> holderId() {
        return holders.holderId();
    }

    /** The dashboard's keys now drive this lab: the lines about a server down say which key starts it again. */
    void atTheKeys() {
        servers.atTheKeys();
    }

    /** What a server down means for the modes and the table, as a stop's line says it. */
    String downConsequence(ServerName name) {
        return servers.downConsequence(name);
    }
}
