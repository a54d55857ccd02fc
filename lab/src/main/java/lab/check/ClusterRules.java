package lab.check;

import java.time.Instant;
import java.util.Comparator;
import java.util.Optional;
import lab.protocol.InstanceId;
import lab.protocol.Knobs;
import lab.protocol.LabFact;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerFact;

/**
 * The rules for a schedule that a clustered job store fires (mode {@code quartz-cluster}): no lock passed from one run
 * to the other; the store's own decisions did. Each is empty unless the recording proves it.
 */
final class ClusterRules {
    /** Quartz's fixed grace past a node's check-in interval before the others call it dead ({@code ClusterManager}). */
    static final long GRACE_MS = 7_500;

    // Quartz's knobs, as the recording's mode facts name them: their declarations are the quartz mode's own, in a
    // package the checker may not import (it reads recordings, never a mode's code), so the checker reads their values
    // from the recorded spec by these names, as the wire writes them.
    private static final String CLUSTERED = "clustered";
    private static final String CHECKIN_INTERVAL = "checkin-interval";
    private static final String INSTANCE_ID = "instance-id";
    private static final String DISALLOW_CONCURRENT = "disallow-concurrent";

    private ClusterRules() {}

    /**
     * One of the two is Quartz's re-run of the other's fire ({@code isRecovering()}): the cluster declared the other's
     * node dead while it ran the job, which requested recovery, and another node ran it again for the same tick. The
     * node declared dead was only paused (or cut off from the store), and wrote its own row as well. A re-run that meets
     * a later tick's run, on any node, is the recovery's too: it came when the cluster found the node dead.
     */
    static Optional<Evidence> recoveredByCluster(JobRun a, JobRun b, RecordingIndex history, Said said) {
        JobRun again = b.recovers() ? b : a.recovers() ? a : null;
        if (again == null) {
            return Optional.empty();
        }
        JobRun first = again == a ? b : a;
        if (!a.row().tickAt().equals(b.row().tickAt())) {
            // The re-run comes long after its tick, and takes its whole job: the next tick's run, on any node, meets
            // it.
            String rerun = Said.tick(again.row().tickAt());
            String next = Said.tick(first.row().tickAt());
            String started = said.at(again.row().startedAt());
            if (unclustered(again, history)) {
                return Evidence.of(
                        again.who() + "'s re-run of tick " + rerun + " as Quartz's recovery at its start, started "
                                + started + ", was still going when the store fired tick " + next + " on "
                                + first.who()
                                + ": an unclustered node recovers at its start whatever it finds in flight",
                        again.who() + " 在启动时作为 Quartz 的恢复重跑 tick " + rerun + "，从 " + started + " 开始，任务存储在 "
                                + first.who() + " 上触发 tick " + next + " 时它还没跑完：没开集群的节点一启动就恢复它找到的正在跑的任务");
            }
            return Evidence.of(
                    again.who() + "'s re-run of tick " + rerun + " as Quartz's recovery, started " + started
                            + ", was still going when the store fired tick " + next + " on " + first.who()
                            + ": the recovered job runs whenever the cluster finds its node dead",
                    again.who() + " 作为 Quartz 的恢复重跑 tick " + rerun + "，从 " + started + " 开始，任务存储在 " + first.who()
                            + " 上触发 tick " + next + " 时它还没跑完：集群什么时候判定节点已死，恢复的任务就什么时候跑");
        }
        if (a.sameProcess(b)) {
            return Optional.empty();
        }
        if (unclustered(again, history)) {
            return Optional.of(recoveredAtStart(again, first, history, said));
        }
        String interval = knob(first, CHECKIN_INTERVAL, history);
        String at = again.fired() == null ? null : said.at(again.fired().ts());
        Instant from =
                first.fired() == null ? first.row().startedAt() : first.fired().ts();
        Optional<Heard<LabFact.Fault>> pause =
                history.paused(first.who(), first.row().pid(), from, first.row().createdAt());
        String pausedAt = pause.map(p -> said.at(p.ts())).orElse(null);
        String resumedAt = pause.flatMap(
                        p -> history.resumed(first.who(), first.row().pid(), p.ts()))
                .map(r -> said.at(r.ts()))
                .orElse(null);
        String wrote = said.at(first.row().createdAt());
        String en = again.who() + " re-ran it as Quartz's recovery of " + first.who()
                + (at == null ? "" : " at " + at) + ": the cluster had declared " + first.who()
                + " dead, its check-in older than " + (interval == null ? "its interval" : interval)
                + " + 7.5 s, while it ran the job, which requests recovery"
                + (pausedAt == null
                        ? ""
                        : "; " + first.who() + " had been paused at " + pausedAt
                                + (resumedAt == null ? "" : " and resumed at " + resumedAt))
                + ", and wrote its own row at " + wrote;
        String zh = again.who() + (at == null ? "" : " 在 " + at) + " 作为 Quartz 对 " + first.who() + " 的恢复重跑了它："
                + first.who() + " 跑任务期间，集群判定它已死（它上次签到已超过 " + (interval == null ? "签到间隔" : interval)
                + " + 7.5 s），而这个任务要求恢复；" + first.who()
                + (pausedAt == null
                        ? " "
                        : " 在 " + pausedAt + " 被暂停过" + (resumedAt == null ? "" : "，在 " + resumedAt + " 恢复运行") + "，")
                + "也在 " + wrote + " 写了自己的行";
        return Evidence.of(en, zh);
    }

    /**
     * The re-run came from a node's start on a store left unclustered: {@code recoverJobs()} runs again every fired
     * trigger under the starting node's instance id whose job requests recovery, and with Quartz's default id
     * ({@code NON_CLUSTERED} on every node) that is every node's run in flight, the other node alive and running.
     */
    private static Evidence recoveredAtStart(JobRun again, JobRun first, RecordingIndex history, Said said) {
        boolean shared = !InstanceId.PER_WORKER.toString().equals(knob(again, INSTANCE_ID, history));
        String at = again.fired() == null ? null : said.at(again.fired().ts());
        String wrote = said.at(first.row().createdAt());
        String en = again.who() + " re-ran it as Quartz's recovery at its start" + (at == null ? "" : ", at " + at)
                + ": unclustered (clustered off), a starting node runs again every fired trigger under its own instance"
                + " id whose job requests recovery, and "
                + (shared
                        ? "with Quartz's default id (instance-id default) every node is NON_CLUSTERED, so "
                                + first.who() + "'s run, still in flight, was taken for its own"
                        : "its id was " + first.who() + "'s")
                + "; " + first.who() + " wrote its own row at " + wrote;
        String zh = again.who() + (at == null ? "" : " 在 " + at) + " 启动时作为 Quartz 的恢复重跑了它：没开集群时（clustered off），"
                + "启动的节点会把记在它自己实例 id 下、任务要求恢复的触发记录全部重跑一遍，而"
                + (shared
                        ? "用 Quartz 的默认 id（instance-id default）时每个节点都是 NON_CLUSTERED，所以 " + first.who()
                                + " 还在跑的那次也被当成了它自己的"
                        : "它的 id 就是 " + first.who() + " 的")
                + "；" + first.who() + " 也在 " + wrote + " 写了自己的行";
        return new Evidence(en, zh);
    }

    /**
     * Both fired one trigger of a job store left unclustered ({@code clustered off}, Quartz's default): its locks stay
     * inside each JVM, and a node that starts runs Quartz's recovery for the whole store, setting back to waiting the
     * trigger another node had acquired, so that two nodes hold the same fire and both run it. The last start before
     * the fires is named: what set the trigger back.
     */
    static Optional<Evidence> unclusteredStore(JobRun a, JobRun b, RecordingIndex history, Said said) {
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
        String aFired = said.at(a.fired().ts());
        String bFired = said.at(b.fired().ts());
        Optional<Heard<WorkerFact.InMode>> start =
                history.where(WorkerFact.InMode.class, m -> !"on".equals(text(m.spec(), CLUSTERED))).stream()
                        .filter(m -> m.fact().lock().sight() == Mode.Sight.CLUSTER && !m.ts().isAfter(firstFire))
                        .max(Comparator.comparing(Heard::ts));
        String startedAt = start.map(m -> said.at(m.ts())).orElse(null);
        String node = start.map(m -> m.worker() + " (pid " + m.pid() + ")").orElse(null);
        String nodeZh = start.map(m -> m.worker() + "（pid " + m.pid() + "）").orElse(null);
        return Evidence.of(
                a.who() + " and " + b.who() + " both fired it (" + aFired + ", " + bFired
                        + ") from a job store left unclustered (clustered off)"
                        + (node == null
                                ? ""
                                : "; the last node to start its Quartz was " + node + " at " + startedAt
                                        + ", and an unclustered node's start recovers the whole store: it sets back to"
                                        + " waiting the trigger another node had acquired")
                        + "; Quartz's locks stay inside each JVM, so nothing kept two nodes holding one fire from both"
                        + " running it",
                a.who() + " 和 " + b.who() + " 都从一个没开集群的任务存储（clustered off）触发了它（" + aFired + "、" + bFired
                        + "）"
                        + (node == null
                                ? ""
                                : "；最后一个启动 Quartz 的节点是 " + nodeZh + "，在 " + startedAt
                                        + "，而没开集群的节点一启动就对整个存储做恢复：把另一个节点已经取走的 trigger 重置为等待")
                        + "；Quartz 的锁只在各自的 JVM 里，所以没有什么能阻止持有同一次触发的两个节点都去跑它");
    }

    /** Whether the run's process had its store unclustered when it fired, as its last mode event says. */
    private static boolean unclustered(JobRun r, RecordingIndex history) {
        return r.clustered() && "off".equals(knob(r, CLUSTERED, history));
    }

    /** A Quartz knob's value as the wire writes it, in the run's process at its fire; null if no mode line says. */
    private static String knob(JobRun r, String name, RecordingIndex history) {
        return spec(r, history).map(s -> text(s, name)).orElse(null);
    }

    private static String text(ModeSpec spec, String knob) {
        return Knobs.byName(knob).map(k -> spec.texts().get(k)).orElse(null);
    }

    /** The knobs of the run's process at its fire, from the process's last mode event before it; empty if none. */
    private static Optional<ModeSpec> spec(JobRun r, RecordingIndex history) {
        Instant at = r.fired() == null ? r.row().startedAt() : r.fired().ts();
        return history.where(WorkerFact.InMode.class, m -> true).stream()
                .filter(m -> m.worker().equals(r.who()) && m.pid() == r.row().pid() && !m.ts().isAfter(at))
                .reduce((x, y) -> y)
                .map(m -> m.fact().spec());
    }

    /**
     * Both ran on a clustered store's fires of two ticks, at once: the store fires each trigger once, but puts nothing
     * around the job, so a run that outlasts its period (its node paused, or a job longer than the period) overlaps the
     * next tick's run on another node. {@code disallow-concurrent on} is what keeps the next fire waiting.
     */
    static Optional<Evidence> nothingAroundTheJob(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (a.sameProcess(b)
                || !a.clustered()
                || !b.clustered()
                || a.row().tickAt().equals(b.row().tickAt())
                || !"off".equals(knob(a, DISALLOW_CONCURRENT, history))) {
            return Optional.empty();
        }
        JobRun early = a.row().tickAt().isBefore(b.row().tickAt()) ? a : b;
        JobRun late = early == a ? b : a;
        Instant from =
                early.fired() == null ? early.row().startedAt() : early.fired().ts();
        String pausedAt = history.paused(
                        early.who(), early.row().pid(), from, early.row().createdAt())
                .map(p -> said.at(p.ts()))
                .orElse(null);
        String earlyTick = Said.tick(early.row().tickAt());
        String lateTick = Said.tick(late.row().tickAt());
        return Evidence.of(
                early.who() + "'s run of tick " + earlyTick + (pausedAt == null ? "" : ", paused at " + pausedAt + ",")
                        + " was still going when the store fired tick " + lateTick + " on " + late.who()
                        + ": the cluster fires each trigger once but puts no lock around the job (disallow-concurrent off)",
                early.who() + " 跑 tick " + earlyTick + " 的那一次" + (pausedAt == null ? "" : "（在 " + pausedAt + " 被暂停过）")
                        + "还没结束，任务存储就在 " + late.who() + " 上触发了 tick " + lateTick
                        + "：集群每个 trigger 只触发一次，但不在任务外面加锁（disallow-concurrent off）");
    }

    /** Whether {@code mode}, as the recording describes it, is a clustered job store's. */
    static boolean isCluster(String mode, RecordingIndex history) {
        return history.mode(mode).sight() == Mode.Sight.CLUSTER;
    }
}
