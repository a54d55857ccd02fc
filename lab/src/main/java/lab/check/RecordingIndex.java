package lab.check;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import lab.protocol.Event;
import lab.protocol.Fact;
import lab.protocol.GivenBack;
import lab.protocol.LabFact;
import lab.protocol.LockFact;
import lab.protocol.LockOwner;
import lab.protocol.WorkerFact;
import lab.store.CounterRow;

/**
 * The recording, indexed for the rules: each worker process's events per tick (fired, acquired, released or
 * lost, executed, skipped), and the facts that cross ticks (renewals and deletions by owner, the launcher's
 * faults). Only the typed facts are read, never {@code detail}.
 */
final class RecordingIndex {
    private record Key(String worker, long pid, Instant tick) {}

    private final List<Event> events;
    private final Map<Key, List<Event>> byRun = new HashMap<>();
    private final LabSkews skews;
    private final Map<String, ModeSeen> modes = new HashMap<>();

    RecordingIndex(List<Event> recording) {
        this.events = List.copyOf(recording);
        this.skews = LabSkews.of(events);
        for (Event e : events) {
            if (e.fact() instanceof WorkerFact.InMode m) {
                modes.put(m.spec().mode().cliName(), new ModeSeen(m.lock(), m.needs()));
            } else if (e.fact() instanceof LabFact.Switch s) {
                modes.put(s.spec().mode().cliName(), new ModeSeen(s.lock(), s.needs()));
            }
            if (e.tick() != null && !Event.LAB.equals(e.worker())) {
                byRun.computeIfAbsent(new Key(e.worker(), e.pid(), e.tick()), k -> new ArrayList<>())
                        .add(e);
            }
        }
    }

    /** The wall-clock offsets the lab set on its own workers (their {@code skew} faults are the launcher's lines). */
    LabSkews skews() {
        return skews;
    }

    /** The row with what its process said about its tick. */
    JobRun run(CounterRow row) {
        List<Event> said = byRun.getOrDefault(new Key(row.worker(), row.pid(), row.tickAt()), List.of());
        return new JobRun(
                row,
                mode(row.mode()),
                first(said, WorkerFact.Fired.class),
                first(said, LockFact.Acquired.class),
                first(said, GivenBack.Released.class));
    }

    /** The mode named {@code name}, as the recording's mode and switch lines describe it. */
    ModeSeen mode(String name) {
        return name == null ? ModeSeen.UNDESCRIBED : modes.getOrDefault(name, ModeSeen.UNDESCRIBED);
    }

    /** Every worker event of {@code kind} about {@code tick}, in recording order. */
    <F extends WorkerFact> List<Heard<F>> ofTick(Class<F> kind, Instant tick) {
        return of(kind, e -> tick.equals(e.tick()) && !Event.LAB.equals(e.worker()));
    }

    /** The launcher's own records of {@code kind} ({@code server}, {@code fault}, ...), in recording order. */
    <F extends LabFact> List<Heard<F>> launcher(Class<F> kind) {
        return of(kind, e -> Event.LAB.equals(e.worker()));
    }

    /** Every event of {@code kind} whose facts pass {@code test}, in recording order. */
    <F extends Fact> List<Heard<F>> where(Class<F> kind, Predicate<F> test) {
        return of(kind, e -> test.test(kind.cast(e.fact())));
    }

    /**
     * The grant a skip found held by {@code holder}: the last acquire under that owner at or before the skip. A holder
     * named by its worker alone (PostgreSQL names a session by its application, {@code w2}, where the grant says
     * {@code w2-4243}) or whose own line was stamped after the skip (each process stamps its lines, and under load the
     * holder's comes after the skips it caused) is found by its process instead: its grant for the skip's own tick,
     * else its last grant at or before the skip.
     */
    Optional<Heard<LockFact.Acquired>> grantSeenBy(String holder, Heard<WorkerFact.Skipped> skip) {
        Optional<Heard<LockFact.Acquired>> exact =
                last(where(LockFact.Acquired.class, a -> holder.equals(a.owner())), skip.ts());
        if (exact.isPresent()) {
            return exact;
        }
        LockOwner owner = LockOwner.parse(holder);
        List<Heard<LockFact.Acquired>> byProcess =
                of(LockFact.Acquired.class, e -> !Event.LAB.equals(e.worker()) && owner.is(e.worker(), e.pid()));
        Optional<Heard<LockFact.Acquired>> sameTick = byProcess.stream()
                .filter(a -> skip.tick() != null && skip.tick().equals(a.tick()))
                .findFirst();
        return sameTick.isPresent() ? sameTick : last(byProcess, skip.ts());
    }

    private static <F extends Fact> Optional<Heard<F>> last(List<Heard<F>> heard, Instant at) {
        return heard.stream().filter(e -> !e.ts().isAfter(at)).reduce((a, b) -> b);
    }

    /**
     * The first end of the process {@code owner} names, after {@code after}: the launcher's kill, stop or restart, or its
     * record that the process exited on its own (a crash, an out-of-memory kill from outside).
     */
    Optional<Heard<LabFact>> killed(LockOwner owner, Instant after) {
        return launcher(LabFact.class).stream()
                .filter(e -> e.fact() instanceof LabFact.Exited x && owner.is(x.target(), x.targetPid())
                        || e.fact() instanceof LabFact.Fault f
                                && (f.kind() == LabFact.FaultKind.KILL
                                        || f.kind() == LabFact.FaultKind.STOP
                                        || f.kind() == LabFact.FaultKind.RESTART
                                        || f.kind() == LabFact.FaultKind.SKEW)
                                && owner.is(f.target(), f.targetPid()))
                .filter(e -> e.ts().isAfter(after))
                .findFirst();
    }

    /** The first launcher pause of {@code worker}'s process {@code pid} within {@code [from, to]}. */
    Optional<Heard<LabFact.Fault>> paused(String worker, long pid, Instant from, Instant to) {
        return fault(LabFact.FaultKind.PAUSE, worker, pid, from).filter(e -> !e.ts().isAfter(to));
    }

    /**
     * The last cut of {@code worker}'s host off from the lock servers at or before {@code at}, if no heal of that host
     * came between: the partition that kept it from renewing.
     */
    Optional<Heard<LabFact.Fault>> cutOff(String worker, Instant at) {
        List<Heard<LabFact.Fault>> faults = launcher(LabFact.Fault.class);
        Optional<Heard<LabFact.Fault>> cut = faults.stream()
                .filter(e -> e.fact().kind() == LabFact.FaultKind.PARTITION && !e.ts().isAfter(at))
                .filter(e -> e.fact().workers() != null && e.fact().workers().contains(worker))
                .reduce((x, y) -> y);
        return cut.filter(c -> faults.stream()
                .noneMatch(e -> e.fact().kind() == LabFact.FaultKind.HEAL
                        && c.fact().host().equals(e.fact().host())
                        && e.ts().isAfter(c.ts())
                        && !e.ts().isAfter(at)));
    }

    /** The first launcher resume of {@code worker}'s process {@code pid} after {@code after}. */
    Optional<Heard<LabFact.Fault>> resumed(String worker, long pid, Instant after) {
        return fault(LabFact.FaultKind.RESUME, worker, pid, after);
    }

    private Optional<Heard<LabFact.Fault>> fault(LabFact.FaultKind kind, String worker, long pid, Instant after) {
        return launcher(LabFact.Fault.class).stream()
                .filter(e -> e.fact().kind() == kind)
                .filter(e -> worker.equals(e.fact().target())
                        && Long.valueOf(pid).equals(e.fact().targetPid()))
                .filter(e -> !e.ts().isBefore(after))
                .findFirst();
    }

    private <F extends Fact> List<Heard<F>> of(Class<F> kind, Predicate<Event> test) {
        return events.stream()
                .filter(e -> kind.isInstance(e.fact()) && test.test(e))
                .map(e -> new Heard<>(e, kind.cast(e.fact())))
                .toList();
    }

    private static <F extends Fact> Heard<F> first(List<Event> said, Class<F> kind) {
        return said.stream()
                .filter(e -> kind.isInstance(e.fact()))
                .findFirst()
                .map(e -> new Heard<>(e, kind.cast(e.fact())))
                .orElse(null);
    }
}
