package lab.launcher;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import lab.fleet.WorkerProcess;
import lab.nemesis.Fault;
import lab.nemesis.FaultResult;
import lab.nemesis.Recipes;
import lab.nemesis.WorkerTarget;
import lab.protocol.LabFact;
import lab.protocol.ModeSpec;

/**
 * Cuts a simulated host off from the lock servers, and heals it: the fault that only makes sense across hosts. The
 * store stays reachable, so that a holder whose lease ran out while it was cut off can still write late, which is
 * the lesson.
 */
final class Partitions {
    private final Supplier<HostNetworks> networks;
    private final Function<String, String> hostOf;
    private final Function<Instant, Optional<WorkerProcess>> holderFrom;
    private final Supplier<ModeSpec> spec;
    private final Supplier<List<String>> workerIds;
    private final Recording recording;
    /** The host the last {@code partition: holder} cut off: what {@code heal: holder} gives back. */
    private volatile String cutForHolder;

    Partitions(
            Supplier<HostNetworks> networks,
            Function<String, String> hostOf,
            Function<Instant, Optional<WorkerProcess>> holderFrom,
            Supplier<ModeSpec> spec,
            Supplier<List<String>> workerIds,
            Recording recording) {
        this.workerIds = workerIds;
        this.networks = networks;
        this.hostOf = hostOf;
        this.holderFrom = holderFrom;
        this.spec = spec;
        this.recording = recording;
    }

    FaultResult partition(Fault.Partition f) {
        return set(f.host(), true, f.tickFrom());
    }

    FaultResult heal(Fault.Heal f) {
        return set(f.host(), false, null);
    }

    /**
     * Cuts ({@code cut}) or heals {@code target}, a host name or the holder's (whose tick began at or after
     * {@code tickFrom}).
     */
    private FaultResult set(String target, boolean cut, Instant tickFrom) {
        HostNetworks net = networks.get();
        String verb = cut ? "partition" : "heal";
        boolean holder = target.equals(WorkerTarget.HOLDER);
        if (!net.real()) {
            return new FaultResult.Refused(
                    verb + " " + target + ": hosts have no network of their own here (lock folders only)");
        }
        String host = target;
        String because = "";
        if (holder && !cut) {
            // As resume: holder: the holder now is someone else, if anyone; the host to heal is the one cut.
            if (cutForHolder == null) {
                return new FaultResult.Refused("heal holder: no host was cut off as the holder's");
            }
            host = cutForHolder;
            because = " (cut off as the holder's)";
        } else if (holder) {
            Optional<WorkerProcess> h = holderFrom.apply(tickFrom);
            if (h.isEmpty()) {
                return new FaultResult.Refused(verb + " holder: no worker held the lock during a whole tick");
            }
            host = hostOf.apply(h.get().id());
            because = " (" + h.get().id() + ", the holder, runs there)";
        }
        boolean known = net.address(host).isPresent();
        String line = cut ? net.partition(host) : net.heal(host);
        if (net.cutOff().contains(host) != cut) {
            // Nothing happened to record: no such host, or its route would not change.
            return known ? new FaultResult.Failed(line) : new FaultResult.Refused(line);
        }
        if (holder && cut) {
            cutForHolder = host;
        }
        String h = host;
        recording.lab(
                spec.get().mode().cliName(),
                verb + " " + host + because,
                // Its workers by id: the explainer names the partition that stopped a holder's renewals.
                LabFact.Fault.ofHost(
                        cut ? LabFact.FaultKind.PARTITION : LabFact.FaultKind.HEAL,
                        host,
                        workerIds.get().stream()
                                .filter(id -> hostOf.apply(id).equals(h))
                                .toList()));
        return new FaultResult.Done(line + because);
    }

    /** The partition key: heals every host that is cut off, else cuts off the holder's host. */
    List<Fault> toggle(Instant now) {
        List<Fault> faults = new ArrayList<>();
        networks.get()
                .cutOff()
                .forEach(host ->
                        faults.addAll(Recipes.cutOff(host, Duration.ZERO).undo()));
        if (faults.isEmpty()) {
            Recipes.cutOff(WorkerTarget.HOLDER, Duration.ZERO).faults().forEach(f -> faults.add(f.fromTickAt(now)));
        }
        return faults;
    }
}
