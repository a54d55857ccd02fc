package lab.launcher;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import lab.fleet.WorkerProcess;
import lab.protocol.EventType;
import lab.protocol.ModeSpec;

/**
 * Cuts a simulated host off from the lock servers, and heals it: the fault that only makes sense across hosts. The
 * store stays reachable, so that a holder whose lease ran out while it was cut off can still write late, which is
 * the lesson.
 */
final class Partitions {
    /** A partition's target that means "the host of whoever holds the lock in the next tick". */
    static final String HOLDER = "holder";

    private final Supplier<HostNetworks> networks;
    private final Function<String, String> hostOf;
    private final Function<Instant, Optional<WorkerProcess>> holderFrom;
    private final Supplier<ModeSpec> spec;
    private final Supplier<java.util.List<String>> workerIds;
    private final Recording recording;
    /** The host the last {@code partition: holder} cut off: what {@code heal: holder} gives back. */
    private volatile String cutForHolder;

    Partitions(
            Supplier<HostNetworks> networks,
            Function<String, String> hostOf,
            Function<Instant, Optional<WorkerProcess>> holderFrom,
            Supplier<ModeSpec> spec,
            Supplier<java.util.List<String>> workerIds,
            Recording recording) {
        this.workerIds = workerIds;
        this.networks = networks;
        this.hostOf = hostOf;
        this.holderFrom = holderFrom;
        this.spec = spec;
        this.recording = recording;
    }

    /**
     * Cuts ({@code cut}) or heals {@code target}, a host name or {@link #HOLDER} (whose tick began at or after
     * {@code tickFrom}); one line says what happened, or why nothing did.
     */
    String set(String target, boolean cut, Instant tickFrom) {
        HostNetworks net = networks.get();
        String verb = cut ? "partition" : "heal";
        if (!net.real()) {
            return verb + " " + target + ": hosts have no network of their own here (lock folders only)";
        }
        String host = target;
        String because = "";
        if (target.equals(HOLDER) && !cut) {
            // As resume: holder: the holder now is someone else, if anyone; the host to heal is the one cut.
            if (cutForHolder == null) {
                return "heal holder: no host was cut off as the holder's";
            }
            host = cutForHolder;
            because = " (cut off as the holder's)";
        } else if (target.equals(HOLDER)) {
            Optional<WorkerProcess> holder = holderFrom.apply(tickFrom);
            if (holder.isEmpty()) {
                return verb + " holder: no worker held the lock during a whole tick";
            }
            host = hostOf.apply(holder.get().id());
            because = " (" + holder.get().id() + ", the holder, runs there)";
        }
        String line = cut ? net.partition(host) : net.heal(host);
        if (net.cutOff().contains(host) != cut) {
            return line; // refused or failed: nothing happened to record
        }
        if (target.equals(HOLDER) && cut) {
            cutForHolder = host;
        }
        String h = host;
        recording.lab(
                EventType.FAULT,
                spec.get().mode().cliName(),
                verb + " " + host + because,
                // Its workers by id: the explainer names the partition that stopped a holder's renewals.
                Map.of(
                        "kind",
                        verb,
                        "host",
                        host,
                        "workers",
                        String.join(
                                " ",
                                workerIds.get().stream()
                                        .filter(id -> hostOf.apply(id).equals(h))
                                        .toList())));
        return line + because;
    }

    /** The dashboard's key: heals every host that is cut off, else cuts off the holder's host. */
    String toggle(Instant now) {
        HostNetworks net = networks.get();
        if (!net.cutOff().isEmpty()) {
            StringBuilder said = new StringBuilder();
            for (String host : net.cutOff()) {
                said.append(said.length() == 0 ? "" : "; ").append(set(host, false, now));
            }
            return said.toString();
        }
        return set(HOLDER, true, now);
    }
}
