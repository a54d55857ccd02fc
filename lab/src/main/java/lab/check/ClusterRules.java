package lab.check;

import java.time.Instant;
import java.util.Comparator;
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

    static boolean isCluster(String mode) {
        return mode != null
                && Mode.byName(mode)
                        .map(m -> m.lock().sight() == Mode.Sight.CLUSTER)
                        .orElse(false);
    }
}
