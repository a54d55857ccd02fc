package lab.launcher;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import lab.check.Finding;
import lab.fleet.AttachedWorker;
import lab.fleet.WorkerProcess;
import lab.guard.LockState;
import lab.protocol.Event;
import lab.protocol.ModeSpec;
import lab.session.ModeTotal;
import lab.session.ServerInfo;
import lab.store.CounterRow;

/**
 * The view door: what the dashboard, a run's lines, the soak and the bench may read of a running lab. Values and
 * read-only answers only; what changes the lab goes through {@link lab.session.LabControl} and the fault room.
 */
public interface LabView {
    /** The lab's reading of the time. */
    Clock clock();

    /** When every worker answered {@code /healthz}; null before. */
    Instant readyAt();

    /** When every worker acknowledged the mode in force; null after a switch not every worker took. */
    Instant modeSince();

    /** The mode and knobs in force. */
    ModeSpec spec();

    /** What the lab was started with. */
    LabSettings settings();

    /** The lab's own worker processes, in id order. */
    List<WorkerProcess> workers();

    Optional<WorkerProcess> worker(String id);

    /** Their pids, as the lines that say they are ready show them. */
    List<Long> pids();

    /** The workers started on their own that attached to this lab; none without {@code --attach}. */
    List<AttachedWorker> attached();

    /** The lock as its own server shows it now; null when it cannot be observed. */
    LockState lock();

    /** The last line the lock's watcher said. */
    String lockLine();

    /** The id of the worker that holds the lock now, as its server says: the lab's own or one attached. */
    Optional<String> holderId();

    /** The store's URL, password included: for the lab's own clients only; null before the store is ready. */
    String storeUrl();

    /** The session's Redis URL, password included: for the lab's own clients only (the bench's round trips). */
    String redisUrl();

    /** The session's PostgreSQL JDBC URL, password included: for the lab's own clients only. */
    String pgUrl();

    /** The lab's servers and how each is doing. */
    List<ServerInfo> servers();

    /** The session's private file of ready-to-paste server commands, once started; else null. */
    Path serversEnv();

    /** The figures so far of {@code rows}, all modes and by mode. */
    List<ModeTotal> soFar(List<CounterRow> rows, Instant now);

    /** Every duplicate tick, overlap and missed tick of {@code rows} in {@code [from, to)}, explained. */
    List<Finding> explain(List<CounterRow> rows, Instant from, Instant to);

    /** How long after a window ends its runs may still be writing. */
    Duration settle();

    /** A host's own address inside its network namespace; empty where hosts have none. */
    Optional<String> hostAddress(String host);

    /** Whether this lab's hosts got network namespaces of their own (known once it has started). */
    boolean hostsHaveNetworks();

    /** The hosts cut off from the lock servers now. */
    Set<String> cutOff();

    /** Everything the session recorded from {@code from} on (null: from the start). */
    List<Event> recorded(Instant from);
}
