package lab.check;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import lab.protocol.LockServer;

/**
 * Why run {@code b} ran while, or after, run {@code a} held the lock: the rules for a duplicate tick and an
 * overlapping pair, one per cause, tried most specific first (the order of {@link Cause}). A rule formats its
 * times only once it holds, so the sentence's times read in the order they are written.
 */
final class TwiceRules {
    private interface Rule {
        Optional<Evidence> evidence(JobRun a, JobRun b, RecordingIndex history, Said said);
    }

    private static final Map<Cause, Rule> RULES = new EnumMap<>(Cause.class);

    /** The causes that say how one lock passed from a to b: they need a and b to have taken the same lock. */
    private static final Set<Cause> ONE_LOCK = EnumSet.of(
            Cause.PAUSED_HOLDER,
            Cause.LOST_IN_RESTART,
            Cause.CLOCK_SKEW,
            Cause.DELETED_BY_OTHER,
            Cause.LEASE_EXPIRED,
            Cause.GRANTED_WHILE_HELD,
            Cause.OWN_PHASE,
            Cause.QUEUED,
            Cause.RELEASED_EARLY);

    static {
        RULES.put(Cause.PAUSED_HOLDER, LockRules::pausedHolder);
        RULES.put(Cause.LOST_IN_RESTART, RestartRules::lostInRestart);
        RULES.put(Cause.RECOVERED_BY_CLUSTER, ClusterRules::recoveredByCluster);
        RULES.put(Cause.CLOCK_SKEW, SkewRules::clockSkew);
        RULES.put(Cause.DELETED_BY_OTHER, LockRules::deletedByOther);
        RULES.put(Cause.LEASE_EXPIRED, LockRules::leaseExpired);
        RULES.put(Cause.GRANTED_WHILE_HELD, LockRules::grantedWhileHeld);
        RULES.put(Cause.UNCLUSTERED_STORE, ClusterRules::unclusteredStore);
        RULES.put(Cause.LOCAL_FALLBACK, TwiceRules::localFallback);
        RULES.put(Cause.SPLIT_SERVERS, TwiceRules::splitServers);
        RULES.put(Cause.TWO_LOCKS, TwiceRules::twoLocks);
        RULES.put(Cause.OWN_PHASE, HandOverRules::ownPhase);
        RULES.put(Cause.QUEUED, HandOverRules::queued);
        RULES.put(Cause.RELEASED_EARLY, HandOverRules::releasedEarly);
        RULES.put(Cause.SELF_OVERLAP, TwiceRules::selfOverlap);
        RULES.put(Cause.NO_LOCK, TwiceRules::noLock);
    }

    private TwiceRules() {}

    /** The most specific cause that explains {@code b} running beside or after {@code a}, or unexplained. */
    static RuleVerdict judge(JobRun a, JobRun b, RecordingIndex history, Said said) {
        for (Map.Entry<Cause, Rule> rule : RULES.entrySet()) {
            if (ONE_LOCK.contains(rule.getKey()) && !oneLock(a, b)) {
                continue; // two in-process mutexes, or two different keys: nothing passed from a to b
            }
            Optional<Evidence> evidence = rule.getValue().evidence(a, b, history, said);
            if (evidence.isPresent()) {
                return new RuleVerdict(rule.getKey(), evidence.get());
            }
        }
        Evidence missing = missing(a, b, said);
        return new RuleVerdict(
                Cause.UNEXPLAINED,
                new Evidence(
                        "unexplained — " + a.who() + " and " + b.who() + " both wrote rows; " + missing.en(),
                        "无法解释——" + a.who() + " 和 " + b.who() + " 各写了一行；" + missing.zh()));
    }

    /**
     * Whether a and b took one lock that both processes see: the same key on the same lock server, in a mode whose
     * lock is shared.
     */
    private static boolean oneLock(JobRun a, JobRun b) {
        return sameKey(a, b)
                && Objects.equals(
                        a.acquired().fact().lockServer(), b.acquired().fact().lockServer());
    }

    private static boolean sameKey(JobRun a, JobRun b) {
        return a.acquired() != null
                && b.acquired() != null
                && !a.unsharedLock()
                && !b.unsharedLock()
                && Objects.equals(a.acquired().fact().key(), b.acquired().fact().key());
    }

    /** Both took "the" lock, by the same name, on two different lock servers: two locks that never saw each other. */
    private static Optional<Evidence> splitServers(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (!sameKey(a, b) || oneLock(a, b)) {
            return Optional.empty();
        }
        String aTook = said.at(a.acquired().ts());
        String bTook = said.at(b.acquired().ts());
        String aHost = a.acquired().fact().host();
        String bHost = b.acquired().fact().host();
        if (aHost != null && bHost != null) {
            return Evidence.of(
                    a.who() + " took " + a.lock() + " on " + aHost + " at " + aTook + ", " + b.who() + " took it on "
                            + bHost + " at " + bTook
                            + ": one file name, two hosts' locks that never saw each other (a file lock stops at the"
                            + " machine's edge)",
                    a.who() + " 在 " + aTook + " 拿到了 " + aHost + " 上的 " + a.lockZh() + "，" + b.who() + " 在 "
                            + bTook + " 拿到了 " + bHost + " 上的同名锁：同一个文件名，两台主机上各一把锁，彼此从来看不见"
                            + "（文件锁出不了本机）");
        }
        return Evidence.of(
                a.who() + " took " + a.lock() + " on lock server " + server(a) + " at " + aTook + ", " + b.who()
                        + " took it on lock server " + server(b) + " at " + bTook
                        + ": one name, two locks that never saw each other",
                a.who() + " 在 " + aTook + " 拿到了锁服务器 " + server(a) + " 上的 " + a.lockZh() + "，" + b.who() + " 在 " + bTook
                        + " 拿到了锁服务器 " + server(b) + " 上的同名锁：同一个名字，两把彼此从来看不见的锁");
    }

    /**
     * Each took a lock other processes see, but not the same one: a tick during a switch between two modes (or two
     * keys of one mode), the switch reaching one worker before its fire and the other after. Two locks never keep
     * each other out, as in a rolling deploy that changes the lock.
     */
    private static Optional<Evidence> twoLocks(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (a.acquired() == null
                || b.acquired() == null
                || a.unsharedLock()
                || b.unsharedLock()
                || a.sameProcess(b)
                || sameKey(a, b)
                        && Objects.equals(
                                a.acquired().fact().lock(), b.acquired().fact().lock())) {
            return Optional.empty();
        }
        boolean oneMode = a.row().mode().equals(b.row().mode());
        String between = oneMode ? "between two settings of mode " + a.row().mode() : "between two modes";
        String betweenZh = oneMode ? "模式 " + a.row().mode() + " 的两种设置之间" : "两种模式之间";
        String aTook = said.at(a.acquired().ts());
        String bTook = said.at(b.acquired().ts());
        return Evidence.of(
                a.who() + " took " + a.lock() + " (mode " + a.row().mode() + ") at " + aTook + ", " + b.who()
                        + " took " + b.lock() + " (mode " + b.row().mode() + ") at " + bTook
                        + ": two locks, neither of which keeps the other out; the workers were " + between
                        + ", as in a rolling deploy that changes the lock",
                a.who() + " 在 " + aTook + " 拿到了 " + a.lockZh() + "（模式 "
                        + a.row().mode() + "），" + b.who() + " 在 "
                        + bTook + " 拿到了 " + b.lockZh() + "（模式 " + b.row().mode()
                        + "）：两把锁，谁也挡不住谁；这些 worker 正处在" + betweenZh + "，就像一次更换锁的滚动发布");
    }

    private static String server(JobRun r) {
        LockServer s = r.acquired().fact().lockServer();
        return s == null ? "1" : s.name();
    }

    /** The lock's server was down and a worker ran under its own in-process lock instead: nothing kept the others out. */
    private static Optional<Evidence> localFallback(JobRun a, JobRun b, RecordingIndex history, Said said) {
        JobRun fell = a.fellBack() ? a : b.fellBack() ? b : null;
        if (fell == null || a.sameProcess(b)) {
            return Optional.empty();
        }
        String other = (fell == a ? b : a).who();
        return Evidence.of(
                fell.who() + " could not reach its lock's server and fell back to its own in-process lock"
                        + " (on-lock-error local), which " + other + " never sees: both ran it",
                fell.who() + " 连不上它的锁服务器，退回了自己的进程内锁（on-lock-error local），" + other + " 看不见这把锁：两个都跑了");
    }

    private static Optional<Evidence> selfOverlap(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (!a.sameProcess(b)) {
            return Optional.empty();
        }
        String aStarted = said.at(a.row().startedAt());
        String bStarted = said.at(b.row().startedAt());
        String aEnded = said.at(a.row().createdAt());
        return Evidence.of(
                a.who() + " (pid " + a.row().pid() + ") ran both in one process: it started them at " + aStarted
                        + " and " + bStarted + ", the first ending " + aEnded,
                a.who() + "（pid " + a.row().pid() + "）在同一个进程里跑了这两次：分别在 " + aStarted + " 和 " + bStarted + " 开始，第一次在 "
                        + aEnded + " 结束");
    }

    private static Optional<Evidence> noLock(JobRun a, JobRun b, RecordingIndex history, Said said) {
        Optional<Evidence> cluster = ClusterRules.nothingAroundTheJob(a, b, history, said);
        if (cluster.isPresent()) {
            return cluster;
        }
        if ((!a.unsharedLock() && !b.unsharedLock()) || a.sameProcess(b)) {
            return Optional.empty();
        }
        if (a.unsharedLock() != b.unsharedLock()) {
            // A tick during a switch: one worker still (or already) in a mode without a shared lock. The other's lock
            // could not keep it out, since it never asked.
            JobRun free = a.unsharedLock() ? a : b;
            JobRun locked = free == a ? b : a;
            return Evidence.of(
                    free.who() + " ran it without a lock shared between processes (mode "
                            + free.row().mode()
                            + "), so " + locked.who() + "'s lock (mode "
                            + locked.row().mode()
                            + ") could not keep it out: the workers were between two modes",
                    free.who() + " 跑它时没有跨进程共享的锁（模式 " + free.row().mode() + "），所以 " + locked.who() + " 的锁（模式 "
                            + locked.row().mode() + "）挡不住它：这些 worker 正处在两种模式之间");
        }
        boolean oneMode = a.row().mode().equals(b.row().mode());
        String mode = oneMode
                ? "mode " + a.row().mode()
                : "modes " + a.row().mode() + " and " + b.row().mode();
        String modeZh =
                oneMode ? a.row().mode() : a.row().mode() + " 和 " + b.row().mode();
        return Evidence.of(
                a.who() + " and " + b.who() + " each ran it without a lock shared between processes (" + mode + ")",
                a.who() + " 和 " + b.who() + " 各自跑了它，没有跨进程共享的锁（模式 " + modeZh + "）");
    }

    /** The first fact the recording lacks for a rule to hold: what to look for in the worker's output. */
    private static Evidence missing(JobRun a, JobRun b, Said said) {
        // The events as the recording names them (acquired, fired, released): what to look for in the output.
        if (b.acquired() == null) {
            return new Evidence("the recording has no acquire for " + b.who(), "录制里没有 " + b.who() + " 的 acquired 事件");
        }
        if (a.acquired() == null) {
            return new Evidence("the recording has no acquire for " + a.who(), "录制里没有 " + a.who() + " 的 acquired 事件");
        }
        if (b.fired() == null) {
            return new Evidence("the recording has no fire for " + b.who(), "录制里没有 " + b.who() + " 的 fired 事件");
        }
        if (a.released() == null || a.freeAt() == null) {
            return new Evidence(
                    "the recording has no release for " + a.who() + " before " + b.who() + " took the lock",
                    "录制里没有 " + a.who() + " 在 " + b.who() + " 拿到锁之前的 released 事件");
        }
        if (b.acquired().ts().isBefore(a.freeAt())) {
            String took = said.at(b.acquired().ts());
            String until = said.at(a.freeAt());
            return new Evidence(
                    b.who() + " took " + a.lock() + " at " + took + " while " + a.who() + " held it until " + until
                            + ", and nothing recorded freed it",
                    b.who() + " 在 " + took + " 拿到了 " + a.lockZh() + "，而 " + a.who() + " 持有它到 " + until
                            + "，录制里没有任何事件释放过它");
        }
        String freed = said.at(a.freeAt());
        String fired = said.at(b.fired().ts());
        return new Evidence(
                a.who() + " freed " + a.lock() + " at " + freed + ", after " + b.who() + " fired at " + fired
                        + ", and no rule fits",
                a.who() + " 在 " + freed + " 释放了 " + a.lockZh() + "，晚于 " + b.who() + " 在 " + fired + " 的触发，没有一条规则对得上");
    }
}
