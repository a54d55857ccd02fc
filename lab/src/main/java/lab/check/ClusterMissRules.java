package lab.check;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.protocol.LabFact;
import lab.protocol.LockOwner;
import lab.protocol.WorkerFact;

/**
 * The missed-tick rules for a schedule that a clustered job store fires (mode {@code quartz-cluster}): the store held
 * the tick's one fire for a node that could not run it. Each is empty unless the recording proves it.
 */
final class ClusterMissRules {
    private ClusterMissRules() {}

    /**
     * The tick's fire was held by a node that could not run it: taken by a node that then died before writing its row,
     * or acquired ahead of its time by a node paused before it came, which no other node may fire until the cluster
     * declares that node dead.
     */
    static Optional<Evidence> deadNode(Instant tick, Instant end, RecordingIndex history, Said said) {
        Optional<Evidence> died = firedByDead(tick, end, history, said);
        if (died.isPresent()) {
            return died;
        }
        Optional<Evidence> held = acquiredByPaused(tick, history, said);
        return held.isPresent() ? held : triggerBehind(tick, end, history, said);
    }

    /**
     * No node fired the tick, and a node dropped it as a misfire because the trigger was behind it. Two things set a
     * trigger back to a time already past. The cluster's recovery of a node it declared dead sets the trigger that node
     * had acquired back to waiting, at the fire it was acquired for: when no node fired between the recovery and the
     * drop, the trigger stayed there until the handler came round, however late. A paused node that resumes stores back
     * the trigger it held as its stale copy has it: that is the cause only when the drop came sooner after the tick than
     * half a period, so not late itself. The misfire handler then moves the trigger beyond the tick.
     */
    private static Optional<Evidence> triggerBehind(Instant tick, Instant end, RecordingIndex history, Said said) {
        Duration period = Duration.between(tick, end);
        if (!history.ofTick(WorkerFact.Fired.class, tick).isEmpty()) {
            return Optional.empty();
        }
        List<Heard<WorkerFact.Skipped>> drops = history.ofTick(WorkerFact.Skipped.class, tick).stream()
                .filter(e -> e.fact().reason() == WorkerFact.SkipReason.LATE
                        && ClusterRules.isCluster(e.event().mode(), history))
                .toList();
        if (drops.isEmpty()) {
            return Optional.empty();
        }
        // A recovery leaves the trigger where the dead node's acquisition had it: if no node fired between the
        // recovery and the drop, the trigger stayed behind until the handler moved it, however late that came.
        Instant first = drops.get(0).ts();
        Optional<Heard<WorkerFact.Fired>> recovery =
                history.where(WorkerFact.Fired.class, WorkerFact.Fired::recovering).stream()
                        .filter(f -> !f.ts().isAfter(first))
                        .reduce((x, y) -> y)
                        .filter(r -> history.where(WorkerFact.Fired.class, f -> !f.recovering()).stream()
                                .noneMatch(f -> f.ts().isAfter(r.ts()) && !f.ts().isAfter(first)));
        // A resumed node's stale copy proves nothing by itself: only a drop sooner than half a period after the tick,
        // which cannot be the tick's own lateness, says the trigger was behind.
        Optional<Heard<WorkerFact.Skipped>> dropped = recovery.isPresent()
                ? Optional.of(drops.get(0))
                : drops.stream()
                        .filter(e -> Duration.between(tick, e.ts()).compareTo(period.dividedBy(2)) < 0)
                        .findFirst();
        if (dropped.isEmpty()) {
            return Optional.empty();
        }
        Instant found = dropped.get().ts();
        Optional<Heard<LabFact.Fault>> resumed = history.launcher(LabFact.Fault.class).stream()
                .filter(f -> f.fact().kind() == LabFact.FaultKind.RESUME)
                .filter(f -> !f.ts().isAfter(found) && !f.ts().isBefore(tick.minus(period)))
                .reduce((x, y) -> y)
                .filter(back -> Duration.between(tick, found).compareTo(period.dividedBy(2)) < 0);
        String handler = dropped.get().worker();
        if (recovery.isPresent()
                && (resumed.isEmpty()
                        || recovery.get().ts().isAfter(resumed.get().ts()))) {
            Heard<WorkerFact.Fired> r = recovery.get();
            String at = said.at(r.ts()); // before the handler's time, which the sentence then says shorter
            String dead = history.ofTick(WorkerFact.Fired.class, r.tick()).stream()
                    .filter(f -> !f.fact().recovering())
                    .map(Heard::worker)
                    .findFirst()
                    .orElse("a node");
            Evidence moved = moved(handler, said.at(found));
            return Optional.of(new Evidence(
                    r.worker() + " ran the cluster's recovery of " + dead + " at " + at + ", which set the trigger "
                            + dead + " had acquired back to waiting at the fire it was acquired for, behind this tick; "
                            + moved.en(),
                    r.worker() + " 在 " + at + " 执行了集群对 " + dead + " 的恢复，把 " + dead
                            + " 取走的 trigger 设回等待，时间还是它当初取走的那次触发，落在这个" + " tick 之前；" + moved.zh()));
        }
        return resumed.map(back -> {
            String node = back.fact().target();
            String at = said.at(back.ts());
            Evidence moved = moved(handler, said.at(found));
            return new Evidence(
                    node + " resumed at " + at + " and stored back the trigger it held as its stale copy had it,"
                            + " behind this tick; " + moved.en(),
                    node + " 在 " + at + " 恢复运行，把它拿着的 trigger 按自己过时的副本存了回去，时间落在这个 tick 之前；" + moved.zh());
        });
    }

    /** What the misfire handler of {@code handler} did, at {@code at}, with a trigger behind the tick. */
    private static Evidence moved(String handler, String at) {
        return new Evidence(
                handler + "'s misfire handler found it more than half a period late at " + at
                        + " and moved it past the tick: no node fired it",
                handler + " 的 misfire 处理在 " + at + " 发现它晚了超过半个触发间隔，把它挪到了这个 tick 之后：没有节点触发它");
    }

    /**
     * The tick's fire was taken by a node that then died before writing its row: the store had handed it the fire
     * (its fired trigger outlived it), no other node fired the tick, and no node re-ran it.
     */
    private static Optional<Evidence> firedByDead(Instant tick, Instant end, RecordingIndex history, Said said) {
        List<Heard<WorkerFact.Fired>> fired = history.ofTick(WorkerFact.Fired.class, tick);
        for (Heard<WorkerFact.Fired> f : fired) {
            if (!ClusterRules.isCluster(f.event().mode(), history)) {
                continue;
            }
            LockOwner node = LockOwner.of(f.worker(), f.pid());
            Optional<Heard<LabFact>> death = history.killed(node, f.ts()).filter(d -> !d.ts().isAfter(end));
            if (death.isPresent()) {
                String firedAt = said.at(f.ts());
                String died = said.at(death.get().ts());
                Evidence past = HeldRules.past(death.get());
                return Evidence.of(
                        f.worker() + " (pid " + f.pid() + ") fired it at " + firedAt
                                + ", the store's one fire of the tick, but " + past.en() + " at " + died
                                + " before writing its row; its fired trigger outlived it, and no node re-ran the job"
                                + " (recovery off)",
                        f.worker() + "（pid " + f.pid() + "）在 " + firedAt + " 触发了它，这是任务存储给这个 tick 的唯一一次触发，但它在 "
                                + died + " " + past.zh() + "，没来得及写它的行；它的 fired trigger 比它活得久，也没有节点重跑这个任务"
                                + "（recovery off）");
            }
        }
        return Optional.empty();
    }

    /**
     * No node fired the tick: the last the launcher saw of the store before it, the trigger was held acquired by a node
     * (Quartz acquires a fire ahead of its time) for this fire or an earlier one, and that node had been paused, not
     * resumed by then. No other node fires a trigger another holds until the cluster declares the holder dead.
     */
    private static Optional<Evidence> acquiredByPaused(Instant tick, RecordingIndex history, Said said) {
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
        Matcher m = ACQUIRED.matcher(seen.get().fact().holder());
        LocalTime due = LocalTime.ofInstant(tick, ZoneOffset.UTC);
        while (m.find()) {
            String node = m.group(1);
            LocalTime at = LocalTime.parse(m.group(2));
            if (at.isAfter(due)) {
                continue;
            }
            Optional<Heard<LabFact.Fault>> pause = pausedThrough(node, tick, history);
            if (pause.isPresent()) {
                String seenAt = said.at(seen.get().ts());
                String pausedAt = said.at(pause.get().ts());
                return Evidence.of(
                        node + " held the store's trigger, acquired for its fire of " + m.group(2)
                                + " ahead of its time (ACQUIRED in qrtz_fired_triggers, seen at " + seenAt
                                + "), and was paused at " + pausedAt + ": no other node fires a trigger another node"
                                + " holds until the cluster declares that node dead",
                        node + " 持有任务存储的 trigger：它提前为 " + m.group(2) + " 的那次触发取走了它（qrtz_fired_triggers 里的"
                                + " ACQUIRED，在 " + seenAt + " 看到），然后在 " + pausedAt + " 被暂停：在集群判定一个节点已死之前，别的节点不会触发它持有的"
                                + " trigger");
            }
        }
        return Optional.empty();
    }

    private static final Pattern ACQUIRED =
            Pattern.compile("(\\S+) ACQUIRED \\(scheduled (\\d\\d:\\d\\d:\\d\\d\\.\\d{3})\\)");

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
}
