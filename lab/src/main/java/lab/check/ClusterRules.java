package lab.check;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import lab.protocol.ClusterKnobs;
import lab.protocol.LabFact;
import lab.protocol.Mode;
import lab.protocol.WorkerFact;

/**
 * The rules for a schedule that a clustered job store fires (mode {@code quartz-cluster}): no lock passed from one run
 * to the other; the store's own decisions did. Each is empty unless the recording proves it.
 */
final class ClusterRules {
    /** Quartz's fixed grace past a node's check-in interval before the others call it dead ({@code ClusterManager}). */
    static final long GRACE_MS = 7_500;

    private ClusterRules() {}

    /**
     * One of the two is Quartz's re-run of the other's fire ({@code isRecovering()}): the cluster declared the other's
     * node dead while it ran the job, which requested recovery, and another node ran it again for the same tick. The
     * node declared dead was only paused (or cut off from the store), and wrote its own row as well. A re-run that meets
     * a later tick's run, on any node, is the recovery's too: it came when the cluster found the node dead.
     */
    static Optional<String> recoveredByCluster(JobRun a, JobRun b, RecordingIndex history, Said said) {
        JobRun again = b.recovers() ? b : a.recovers() ? a : null;
        if (again == null) {
            return Optional.empty();
        }
        JobRun first = again == a ? b : a;
        if (!a.row().tickAt().equals(b.row().tickAt())) {
            // The re-run comes long after its tick, and takes its whole job: the next tick's run, on any node, meets
            // it.
            return Optional.of(again.who() + "'s re-run of tick "
                    + Said.tick(again.row().tickAt())
                    + " as Quartz's recovery, started " + said.at(again.row().startedAt())
                    + ", was still going when the store fired tick "
                    + Said.tick(first.row().tickAt()) + " on "
                    + first.who() + ": the recovered job runs whenever the cluster finds its node dead");
        }
        if (a.sameProcess(b)) {
            return Optional.empty();
        }
        String interval = knob(first, ClusterKnobs.CHECKIN_INTERVAL.name(), history);
        StringBuilder s = new StringBuilder(again.who() + " re-ran it as Quartz's recovery of " + first.who());
        if (again.fired() != null) {
            s.append(" at ").append(said.at(again.fired().ts()));
        }
        s.append(": the cluster had declared ")
                .append(first.who())
                .append(" dead, its check-in older than ")
                .append(interval == null ? "its interval" : interval)
                .append(" + 7.5 s, while it ran the job, which requests recovery");
        Instant from =
                first.fired() == null ? first.row().startedAt() : first.fired().ts();
        Optional<Heard<LabFact.Fault>> pause =
                history.paused(first.who(), first.row().pid(), from, first.row().createdAt());
        pause.ifPresent(p -> s.append("; ")
                .append(first.who())
                .append(" had been paused at ")
                .append(said.at(p.ts()))
                .append(history.resumed(first.who(), first.row().pid(), p.ts())
                        .map(r -> " and resumed at " + said.at(r.ts()))
                        .orElse("")));
        s.append(", and wrote its own row at ").append(said.at(first.row().createdAt()));
        return Optional.of(s.toString());
    }

    /**
     * Both fired one trigger of a job store left unclustered ({@code clustered off}, Quartz's default): its locks stay
     * inside each JVM, and a node that starts runs Quartz's recovery for the whole store, setting back to waiting the
     * trigger another node had acquired, so that two nodes hold the same fire and both run it. The last start before
     * the fires is named: what set the trigger back.
     */
    static Optional<String> unclusteredStore(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (a.sameProcess(b)
                || a.fired() == null
                || b.fired() == null
                || !unclustered(a, history)
                || !unclustered(b, history)) {
            return Optional.empty();
        }
        Instant firstFire = a.fired().ts().isBefore(b.fired().ts())
                ? a.fired().ts()
                : b.fired().ts();
        String fires = a.who() + " and " + b.who() + " both fired it ("
                + said.at(a.fired().ts()) + ", " + said.at(b.fired().ts())
                + ") from a job store left unclustered (clustered off)";
        Optional<Heard<WorkerFact.InMode>> start =
                history
                        .where(WorkerFact.InMode.class, m -> !"on"
                                .equals(m.spec().get(ClusterKnobs.CLUSTERED.name())))
                        .stream()
                        .filter(m -> isCluster(m.event().mode()) && !m.ts().isAfter(firstFire))
                        .max(Comparator.comparing(Heard::ts));
        String starter = start.map(m -> "; the last node to start its Quartz was " + m.worker() + " (pid " + m.pid()
                        + ") at " + said.at(m.ts()) + ", and an unclustered node's start recovers the whole store: it"
                        + " sets back to waiting the trigger another node had acquired")
                .orElse("");
        return Optional.of(fires + starter + "; Quartz's locks stay inside each JVM, so nothing kept two nodes"
                + " holding one fire from both running it");
    }

    /**
     * The tick's fire was held by a node that could not run it: taken by a node that then died before writing its row,
     * or acquired ahead of its time by a node paused before it came, which no other node may fire until the cluster
     * declares that node dead.
     */
    static Optional<String> deadNode(Instant tick, Instant end, RecordingIndex history, Said said) {
        Optional<String> died = firedByDead(tick, end, history, said);
        if (died.isPresent()) {
            return died;
        }
        Optional<String> held = acquiredByPaused(tick, history, said);
        return held.isPresent() ? held : rewoundByResumed(tick, end, history, said);
    }

    /**
     * No node fired the tick, and a node dropped it as a misfire sooner after it than half a period: not late itself,
     * so the trigger was behind it. A paused node that resumes stores back the trigger it held as its stale copy has
     * it, rewinding it; the misfire handler then finds it past its threshold and moves it beyond the tick.
     */
    private static Optional<String> rewoundByResumed(Instant tick, Instant end, RecordingIndex history, Said said) {
        Duration period = Duration.between(tick, end);
        if (!history.ofTick(WorkerFact.Fired.class, tick).isEmpty()) {
            return Optional.empty();
        }
        Optional<Heard<WorkerFact.Skipped>> dropped = history.ofTick(WorkerFact.Skipped.class, tick).stream()
                .filter(e -> e.fact().reason() == WorkerFact.SkipReason.LATE
                        && isCluster(e.event().mode()))
                .filter(e -> Duration.between(tick, e.ts()).compareTo(period.dividedBy(2)) < 0)
                .findFirst();
        if (dropped.isEmpty()) {
            return Optional.empty();
        }
        Optional<Heard<LabFact.Fault>> resumed = history.launcher(LabFact.Fault.class).stream()
                .filter(f -> f.fact().kind() == LabFact.FaultKind.RESUME)
                .filter(f -> !f.ts().isAfter(dropped.get().ts()) && !f.ts().isBefore(tick.minus(period)))
                .reduce((x, y) -> y);
        return resumed.map(r -> r.fact().target() + " resumed at " + said.at(r.ts())
                + " and stored back the trigger it held as its stale copy had it, behind this tick; "
                + dropped.get().worker() + "'s misfire handler found it more than half a period late at "
                + said.at(dropped.get().ts()) + " and moved it past the tick: no node fired it");
    }

    /**
     * The tick's fire was taken by a node that then died before writing its row: the store had handed it the fire
     * (its fired trigger outlived it), no other node fired the tick, and no node re-ran it.
     */
    private static Optional<String> firedByDead(Instant tick, Instant end, RecordingIndex history, Said said) {
        List<Heard<WorkerFact.Fired>> fired = history.ofTick(WorkerFact.Fired.class, tick);
        for (Heard<WorkerFact.Fired> f : fired) {
            if (!isCluster(f.event().mode())) {
                continue;
            }
            Owner node = new Owner(f.worker(), f.worker(), f.pid());
            Optional<Heard<LabFact>> death = history.killed(node, f.ts()).filter(d -> !d.ts().isAfter(end));
            if (death.isPresent()) {
                return Optional.of(f.worker() + " (pid " + f.pid() + ") fired it at " + said.at(f.ts())
                        + ", the store's one fire of the tick, but " + MissedRules.past(death.get()) + " at "
                        + said.at(death.get().ts()) + " before writing its row; its fired trigger outlived it, and no"
                        + " node re-ran the job (recovery off)");
            }
        }
        return Optional.empty();
    }

    /**
     * No node fired the tick: the last the launcher saw of the store before it, the trigger was held acquired by a node
     * (Quartz acquires a fire ahead of its time) for this fire or an earlier one, and that node had been paused, not
     * resumed by then. No other node fires a trigger another holds until the cluster declares the holder dead.
     */
    private static Optional<String> acquiredByPaused(Instant tick, RecordingIndex history, Said said) {
        if (!history.ofTick(WorkerFact.Fired.class, tick).isEmpty()) {
            return Optional.empty();
        }
        Optional<Heard<LabFact.Lock>> seen = history.launcher(LabFact.Lock.class).stream()
                .filter(l -> !l.ts().isAfter(tick))
                .reduce((x, y) -> y);
        if (seen.isEmpty() || seen.get().fact().holder() == null) {
            return Optional.empty();
        }
        // The holders as the cluster's observer writes them: "w2 EXECUTING (scheduled 08:03:56.000), w2 ACQUIRED
        // (scheduled 08:03:58.000)", times of day in UTC.
        java.util.regex.Matcher m = ACQUIRED.matcher(seen.get().fact().holder());
        java.time.LocalTime due = java.time.LocalTime.ofInstant(tick, java.time.ZoneOffset.UTC);
        while (m.find()) {
            String node = m.group(1);
            java.time.LocalTime at = java.time.LocalTime.parse(m.group(2));
            if (at.isAfter(due)) {
                continue;
            }
            Optional<Heard<LabFact.Fault>> pause = pausedThrough(node, tick, history);
            if (pause.isPresent()) {
                return Optional.of(node + " held the store's trigger, acquired for its fire of " + m.group(2)
                        + " ahead of its time (ACQUIRED in qrtz_fired_triggers, seen at "
                        + said.at(seen.get().ts())
                        + "), and was paused at " + said.at(pause.get().ts()) + ": no other node fires a trigger"
                        + " another node holds until the cluster declares that node dead");
            }
        }
        return Optional.empty();
    }

    private static final java.util.regex.Pattern ACQUIRED =
            java.util.regex.Pattern.compile("(\\S+) ACQUIRED \\(scheduled (\\d\\d:\\d\\d:\\d\\d\\.\\d{3})\\)");

    /** The last pause of {@code worker} at or before {@code at}, when no resume came between. */
    private static Optional<Heard<LabFact.Fault>> pausedThrough(String worker, Instant at, RecordingIndex history) {
        List<Heard<LabFact.Fault>> faults = history.launcher(LabFact.Fault.class);
        return faults.stream()
                .filter(f -> f.fact().kind() == LabFact.FaultKind.PAUSE
                        && worker.equals(f.fact().target()))
                .filter(f -> !f.ts().isAfter(at))
                .reduce((x, y) -> y)
                .filter(p -> faults.stream()
                        .noneMatch(r -> r.fact().kind() == LabFact.FaultKind.RESUME
                                && worker.equals(r.fact().target())
                                && r.ts().isAfter(p.ts())
                                && !r.ts().isAfter(at)));
    }

    /** Whether the run's process had its store unclustered when it fired, as its last mode event says. */
    private static boolean unclustered(JobRun r, RecordingIndex history) {
        return isCluster(r.row().mode()) && "off".equals(knob(r, ClusterKnobs.CLUSTERED.name(), history));
    }

    /** A knob's value in the run's process at its fire, from the process's last mode event before it; null if none. */
    private static String knob(JobRun r, String knob, RecordingIndex history) {
        Instant at = r.fired() == null ? r.row().startedAt() : r.fired().ts();
        return history.where(WorkerFact.InMode.class, m -> true).stream()
                .filter(m -> m.worker().equals(r.who()) && m.pid() == r.row().pid() && !m.ts().isAfter(at))
                .reduce((x, y) -> y)
                .map(m -> m.fact().spec().get(knob))
                .orElse(null);
    }

    /**
     * Both ran on a clustered store's fires of two ticks, at once: the store fires each trigger once, but puts nothing
     * around the job, so a run that outlasts its period (its node paused, or a job longer than the period) overlaps the
     * next tick's run on another node. {@code disallow-concurrent on} is what keeps the next fire waiting.
     */
    static Optional<String> nothingAroundTheJob(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (a.sameProcess(b)
                || !isCluster(a.row().mode())
                || !isCluster(b.row().mode())
                || a.row().tickAt().equals(b.row().tickAt())
                || !"off".equals(knob(a, ClusterKnobs.DISALLOW_CONCURRENT.name(), history))) {
            return Optional.empty();
        }
        JobRun early = a.row().tickAt().isBefore(b.row().tickAt()) ? a : b;
        JobRun late = early == a ? b : a;
        Instant from =
                early.fired() == null ? early.row().startedAt() : early.fired().ts();
        String pause = history.paused(
                        early.who(), early.row().pid(), from, early.row().createdAt())
                .map(p -> ", paused at " + said.at(p.ts()) + ",")
                .orElse("");
        return Optional.of(
                early.who() + "'s run of tick " + Said.tick(early.row().tickAt()) + pause
                        + " was still going when the store fired tick "
                        + Said.tick(late.row().tickAt()) + " on " + late.who()
                        + ": the cluster fires each trigger once but puts no lock around the job (disallow-concurrent off)");
    }

    private static boolean isCluster(String mode) {
        return mode != null
                && Mode.byName(mode)
                        .map(m -> m.lock().sight() == Mode.Sight.CLUSTER)
                        .orElse(false);
    }
}
