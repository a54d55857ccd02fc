package lab.check;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Why run {@code b} ran while, or after, run {@code a} held the lock: the rules for a duplicate tick and an
 * overlapping pair, one per cause, tried most specific first (the order of {@link Cause}). A rule formats its
 * times only once it holds, so the sentence's times read in the order they are written.
 */
final class TwiceRules {
    private interface Rule {
        Optional<String> evidence(JobRun a, JobRun b, RecordingIndex history, Said said);
    }

    private static final Map<Cause, Rule> RULES = new EnumMap<>(Cause.class);

    /** The causes that say how one lock passed from a to b: they need a and b to have taken the same lock. */
    private static final java.util.Set<Cause> ONE_LOCK = java.util.EnumSet.of(
            Cause.PAUSED_HOLDER,
            Cause.LOST_IN_RESTART,
            Cause.CLOCK_SKEW,
            Cause.DELETED_BY_OTHER,
            Cause.LEASE_EXPIRED,
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
        RULES.put(Cause.UNCLUSTERED_STORE, ClusterRules::unclusteredStore);
        RULES.put(Cause.LOCAL_FALLBACK, TwiceRules::localFallback);
        RULES.put(Cause.SPLIT_SERVERS, TwiceRules::splitServers);
        RULES.put(Cause.TWO_LOCKS, TwiceRules::twoLocks);
        RULES.put(Cause.OWN_PHASE, LockRules::ownPhase);
        RULES.put(Cause.QUEUED, LockRules::queued);
        RULES.put(Cause.RELEASED_EARLY, LockRules::releasedEarly);
        RULES.put(Cause.SELF_OVERLAP, TwiceRules::selfOverlap);
        RULES.put(Cause.NO_LOCK, TwiceRules::noLock);
    }

    private TwiceRules() {}

    /** The most specific cause that explains {@code b} running beside or after {@code a}, or unexplained. */
    static Verdict judge(JobRun a, JobRun b, RecordingIndex history, Said said) {
        for (Map.Entry<Cause, Rule> rule : RULES.entrySet()) {
            if (ONE_LOCK.contains(rule.getKey()) && !oneLock(a, b)) {
                continue; // two in-process mutexes, or two different keys: nothing passed from a to b
            }
            Optional<String> evidence = rule.getValue().evidence(a, b, history, said);
            if (evidence.isPresent()) {
                return new Verdict(rule.getKey(), evidence.get());
            }
        }
        return new Verdict(
                Cause.UNEXPLAINED,
                "unexplained — " + a.who() + " and " + b.who() + " both wrote rows; " + missing(a, b, said));
    }

    /**
     * Whether a and b took one lock that both processes see: the same key on the same lock server, in a mode whose
     * lock is shared.
     */
    private static boolean oneLock(JobRun a, JobRun b) {
        return sameKey(a, b)
                && java.util.Objects.equals(
                        a.acquired().fact().lockServer(), b.acquired().fact().lockServer());
    }

    private static boolean sameKey(JobRun a, JobRun b) {
        return a.acquired() != null
                && b.acquired() != null
                && !a.unsharedLock()
                && !b.unsharedLock()
                && java.util.Objects.equals(
                        a.acquired().fact().key(), b.acquired().fact().key());
    }

    /** Both took "the" lock, by the same name, on two different lock servers: two locks that never saw each other. */
    private static Optional<String> splitServers(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (!sameKey(a, b) || oneLock(a, b)) {
            return Optional.empty();
        }
        if (a.acquired().fact().host() != null && b.acquired().fact().host() != null) {
            return Optional.of(
                    a.who() + " took " + a.lock() + " on " + a.acquired().fact().host() + " at "
                            + said.at(a.acquired().ts()) + ", " + b.who() + " took it on "
                            + b.acquired().fact().host()
                            + " at " + said.at(b.acquired().ts())
                            + ": one file name, two hosts' locks that never saw each other (a file lock stops at the"
                            + " machine's edge)");
        }
        return Optional.of(a.who() + " took " + a.lock() + " on lock server " + server(a) + " at "
                + said.at(a.acquired().ts()) + ", " + b.who() + " took it on lock server " + server(b) + " at "
                + said.at(b.acquired().ts()) + ": one name, two locks that never saw each other");
    }

    /**
     * Each took a lock other processes see, but not the same one: a tick during a switch between two modes (or two
     * keys of one mode), the switch reaching one worker before its fire and the other after. Two locks never keep
     * each other out, as in a rolling deploy that changes the lock.
     */
    private static Optional<String> twoLocks(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (a.acquired() == null
                || b.acquired() == null
                || a.unsharedLock()
                || b.unsharedLock()
                || a.sameProcess(b)
                || sameKey(a, b)
                        && java.util.Objects.equals(
                                a.acquired().fact().lock(), b.acquired().fact().lock())) {
            return Optional.empty();
        }
        String between = a.row().mode().equals(b.row().mode())
                ? "between two settings of mode " + a.row().mode()
                : "between two modes";
        return Optional.of(a.who() + " took " + a.lock() + " (mode " + a.row().mode() + ") at "
                + said.at(a.acquired().ts()) + ", " + b.who() + " took " + b.lock() + " (mode "
                + b.row().mode()
                + ") at " + said.at(b.acquired().ts()) + ": two locks, neither of which keeps the other out; the"
                + " workers were " + between + ", as in a rolling deploy that changes the lock");
    }

    private static String server(JobRun r) {
        lab.protocol.LockServer s = r.acquired().fact().lockServer();
        return s == null ? "1" : s.name();
    }

    /** The lock's server was down and a worker ran under its own in-process lock instead: nothing kept the others out. */
    private static Optional<String> localFallback(JobRun a, JobRun b, RecordingIndex history, Said said) {
        JobRun fell = a.fellBack() ? a : b.fellBack() ? b : null;
        if (fell == null || a.sameProcess(b)) {
            return Optional.empty();
        }
        return Optional.of(fell.who() + " could not reach its lock's server and fell back to its own in-process lock"
                + " (on-lock-error local), which " + (fell == a ? b : a).who() + " never sees: both ran it");
    }

    private static Optional<String> selfOverlap(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (!a.sameProcess(b)) {
            return Optional.empty();
        }
        return Optional.of(a.who() + " (pid " + a.row().pid() + ") ran both in one process: it started them at "
                + said.at(a.row().startedAt()) + " and " + said.at(b.row().startedAt()) + ", the first ending "
                + said.at(a.row().createdAt()));
    }

    private static Optional<String> noLock(JobRun a, JobRun b, RecordingIndex history, Said said) {
        Optional<String> cluster = ClusterRules.nothingAroundTheJob(a, b, history, said);
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
            return Optional.of(free.who() + " ran it without a lock shared between processes (mode "
                    + free.row().mode() + "), so " + locked.who() + "'s lock (mode "
                    + locked.row().mode()
                    + ") could not keep it out: the workers were between two modes");
        }
        String mode = a.row().mode().equals(b.row().mode())
                ? "mode " + a.row().mode()
                : "modes " + a.row().mode() + " and " + b.row().mode();
        return Optional.of(
                a.who() + " and " + b.who() + " each ran it without a lock shared between processes (" + mode + ")");
    }

    /** The first fact the recording lacks for a rule to hold: what to look for in the worker's output. */
    private static String missing(JobRun a, JobRun b, Said said) {
        if (b.acquired() == null) {
            return "the recording has no acquire for " + b.who();
        }
        if (a.acquired() == null) {
            return "the recording has no acquire for " + a.who();
        }
        if (b.fired() == null) {
            return "the recording has no fire for " + b.who();
        }
        if (a.released() == null || a.freeAt() == null) {
            return "the recording has no release for " + a.who() + " before " + b.who() + " took the lock";
        }
        if (b.acquired().ts().isBefore(a.freeAt())) {
            return b.who() + " took " + a.lock() + " at " + said.at(b.acquired().ts()) + " while " + a.who()
                    + " held it until " + said.at(a.freeAt()) + ", and nothing recorded freed it";
        }
        return a.who() + " freed " + a.lock() + " at " + said.at(a.freeAt()) + ", after " + b.who() + " fired at "
                + said.at(b.fired().ts()) + ", and no rule fits";
    }
}
