package lab.check;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import lab.protocol.GivenBack;
import lab.protocol.LabFact;
import lab.protocol.LockFact;

/**
 * The pair rules about how the lock passed from run {@code a} to run {@code b} while or after {@code a} held it:
 * one per cause, each empty unless the recording proves it. {@link TwiceRules} tries them in precedence order.
 */
final class LockRules {
    private LockRules() {}

    /**
     * One of the two was paused (SIGSTOP) while it held the lock, inside its job; its lease ran out while it was
     * stopped, the other took the lock after that, and the paused one wrote its row late, not knowing. The late write
     * is what a fencing token refuses.
     */
    static Optional<Evidence> pausedHolder(JobRun a, JobRun b, RecordingIndex history, Said said) {
        for (JobRun p : List.of(a, b)) {
            JobRun other = p == a ? b : a;
            if (p.acquired() == null || other.acquired() == null) {
                continue;
            }
            Optional<Heard<LabFact.Fault>> pause = history.paused(
                    p.who(), p.row().pid(), p.acquired().ts(), p.row().createdAt());
            Instant expiry = leaseEnd(p, history);
            if (pause.isEmpty() || expiry == null) {
                continue;
            }
            Optional<Heard<LabFact.Fault>> resume =
                    history.resumed(p.who(), p.row().pid(), pause.get().ts());
            Instant back = resume.map(Heard::ts).orElse(p.row().createdAt());
            Instant took = other.acquired().ts();
            // The lease ended while p was stopped, and the other took the lock after it ended, before p wrote.
            if (expiry.isBefore(pause.get().ts())
                    || expiry.isAfter(back)
                    || took.isBefore(expiry)
                    || took.isAfter(p.row().createdAt())) {
                continue;
            }
            Long token = p.acquired().fact().token();
            String pausedAt = said.at(pause.get().ts());
            String ending = said.at(expiry);
            String tookAt = said.at(took);
            String resumedAt = resume.map(r -> said.at(r.ts())).orElse(null);
            String wrote = said.at(p.row().createdAt());
            return Evidence.of(
                    p.who() + " held " + p.lock() + (token == null ? "" : " (token " + token + ")")
                            + " and was paused at " + pausedAt + ", its lease ending " + ending + "; " + other.who()
                            + " took the lock at " + tookAt
                            + (resumedAt == null ? "" : "; " + p.who() + " resumed at " + resumedAt)
                            + " and wrote late, at " + wrote,
                    p.who() + " 持有 " + p.lockZh() + (token == null ? "" : "（token " + token + "）") + "，在 "
                            + pausedAt + " 被暂停，它的租约在 " + ending + " 到期；" + other.who() + " 在 " + tookAt
                            + " 拿到了锁；" + p.who()
                            + (resumedAt == null ? " " : " 在 " + resumedAt + " 恢复运行，") + "在 " + wrote
                            + " 才写入，已经晚了");
        }
        return Optional.empty();
    }

    /** When r's lease ended: its grant's expiry, or the last renewal's; null for a lock that does not expire. */
    static Instant leaseEnd(JobRun r, RecordingIndex history) {
        Instant granted = r.acquired().fact().expiresAt();
        if (granted == null) {
            return null;
        }
        return renewals(r, history).stream()
                .map(e -> e.fact().expiresAt())
                .filter(t -> t != null && t.isAfter(granted))
                .max(Comparator.naturalOrder())
                .orElse(granted);
    }

    /** Another process's unsafe delete freed a's key after a took it and before b took it. */
    static Optional<Evidence> deletedByOther(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (a.owner() == null || b.acquired() == null) {
            return Optional.empty();
        }
        Instant from = a.acquired().ts();
        Instant until = b.acquired().ts();
        // A delete's line is stamped once its answer is back, which may be after the grant it let in. While a's lease
        // still ran at b's grant, only a delete can have freed the key, and a delete of a's own grant is that one.
        Instant expiry = leaseEnd(a, history);
        boolean onlyADelete = expiry != null && until.isBefore(expiry);
        List<Heard<GivenBack>> deletes = new ArrayList<>();
        deletes.addAll(history.where(GivenBack.Lost.class, l -> a.owner().equals(l.deletedOwner())).stream()
                .map(h -> new Heard<GivenBack>(h.event(), h.fact()))
                .toList());
        deletes.addAll(history.where(GivenBack.Released.class, r -> a.owner().equals(r.deletedOwner())).stream()
                .map(h -> new Heard<GivenBack>(h.event(), h.fact()))
                .toList());
        return deletes.stream()
                .filter(e -> !e.ts().isBefore(from) && (onlyADelete || e.ts().isBefore(until)))
                .filter(e -> !(e.worker().equals(a.who())
                        && e.pid() == a.row().pid()
                        && a.row().tickAt().equals(e.tick())))
                .min(Comparator.comparing(Heard::ts))
                .map(c -> {
                    String deleted = said.at(c.ts());
                    String took = said.at(until);
                    return new Evidence(
                            c.worker() + "'s unsafe delete at " + deleted + " freed " + a.owner() + "'s " + a.lock()
                                    + " while " + a.who() + " still held it; " + b.who() + " took it at " + took,
                            c.worker() + " 在 " + deleted + " 的不安全删除删掉了 " + a.owner() + " 的 " + a.lockZh() + "，那时 "
                                    + a.who() + " 还持有它；" + b.who() + " 在 " + took + " 拿到了它");
                });
    }

    /** a's lease, renewals included, ran out while a's job ran, and b took the lock once it had. */
    static Optional<Evidence> leaseExpired(JobRun a, JobRun b, RecordingIndex history, Said said) {
        Instant granted = a.acquired() == null ? null : a.acquired().fact().expiresAt();
        if (granted == null || b.acquired() == null) {
            return Optional.empty();
        }
        List<Heard<LockFact.Renewed>> renewals = renewals(a, history);
        Instant expiry = renewals.stream()
                .map(e -> e.fact().expiresAt())
                .filter(t -> t != null && t.isAfter(granted))
                .max(Comparator.naturalOrder())
                .orElse(granted);
        Instant took = b.acquired().ts();
        if (!expiry.isBefore(a.row().createdAt()) || took.isBefore(expiry)) {
            return Optional.empty();
        }
        // A partition says why the renewals stopped: the holder worked on, cut off from the lock server. Its time is
        // formatted first, as the English sentence always has, so that no kept recording's words change.
        Optional<Heard<LabFact.Fault>> cutOff = history.cutOff(a.who(), expiry);
        String cutAt = cutOff.map(c -> said.at(c.ts())).orElse(null);
        String expired = said.at(expiry);
        String host = cutOff.map(c -> c.fact().host()).orElse(null);
        String ran = said.at(a.row().createdAt());
        String tookAt = said.at(took);
        int n = renewals.size();
        return Evidence.of(
                a.who() + "'s lease expired at " + expired + (n == 0 ? "" : " (renewed " + n + " times)")
                        + (cutAt == null ? "" : ", " + host + " having been cut off from the lock servers at " + cutAt)
                        + " while its job ran until " + ran + "; " + b.who() + " took the lock at " + tookAt,
                a.who() + " 的租约在 " + expired + " 到期" + (n == 0 ? "" : "（续期过 " + n + " 次）")
                        + (cutAt == null ? "" : "，" + host + " 在 " + cutAt + " 就已经和锁服务器断开了网络")
                        + (cutAt == null ? "，而它的任务一直跑到 " : "，而 " + a.who() + " 的任务一直跑到 ") + ran + "；" + b.who() + " 在 "
                        + tookAt + " 拿到了锁");
    }

    /**
     * A learner's lock (mode exam), seen only through its calls, granted b the lock while a held it: after a's grant and
     * before a had even written its row, so before it gave the lock back, and before the expiry a's grant told. It
     * kept no one out. Before a's row, not before a's release line: two processes stamp their lines after the fact,
     * and a grant stamped a millisecond before the holder's release line may well have come after it.
     */
    /**
     * How close to the expiry a grant may be and still have come after it: a learner's handle tells an expiry it
     * reckoned on its own clock, after its server had started counting.
     */
    private static final Duration EXPIRY_SLACK = Duration.ofMillis(20);

    static Optional<Evidence> grantedWhileHeld(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (a.acquired() == null || b.acquired() == null || a.sameProcess(b) || !a.seenThroughCalls()) {
            return Optional.empty();
        }
        Instant took = b.acquired().ts();
        Instant free = a.freeAt();
        Instant expires = a.acquired().fact().expiresAt();
        if (took.isBefore(a.acquired().ts())
                || !took.isBefore(a.row().createdAt())
                || free != null && !free.isAfter(took)
                || expires != null && !expires.isAfter(took.plus(EXPIRY_SLACK))) {
            return Optional.empty();
        }
        String since = said.at(a.acquired().ts());
        String at = said.at(took);
        return Evidence.of(
                a.who() + " held " + a.lock() + " from " + since + (free == null ? "" : " until " + said.at(free))
                        + ", and " + b.who() + " was granted it at " + at + ", in between: the lock let a second"
                        + " holder in",
                a.who() + " 从 " + since + " 起持有 " + a.lockZh() + (free == null ? "" : "，直到 " + said.at(free)) + "；"
                        + b.who() + " 在这期间的 " + at + " 也拿到了它：这把锁放进了第二个持有者");
    }

    /** The renewals of r's lease, by its owner. */
    private static List<Heard<LockFact.Renewed>> renewals(JobRun r, RecordingIndex history) {
        return history.where(LockFact.Renewed.class, e -> Objects.equals(r.owner(), e.owner()));
    }
}
