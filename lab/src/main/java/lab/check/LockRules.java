package lab.check;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
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
    static Optional<String> pausedHolder(JobRun a, JobRun b, RecordingIndex history, Said said) {
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
            String tokenSaid = token == null ? "" : " (token " + token + ")";
            return Optional.of(p.who() + " held " + p.lock() + tokenSaid + " and was paused at "
                    + said.at(pause.get().ts())
                    + ", its lease ending " + said.at(expiry) + "; " + other.who() + " took the lock at "
                    + said.at(took)
                    + resume.map(r -> "; " + p.who() + " resumed at " + said.at(r.ts()))
                            .orElse("")
                    + " and wrote late, at " + said.at(p.row().createdAt()));
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
    static Optional<String> deletedByOther(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (a.owner() == null || b.acquired() == null) {
            return Optional.empty();
        }
        Instant from = a.acquired().ts();
        Instant until = b.acquired().ts();
        List<Heard<GivenBack>> deletes = new java.util.ArrayList<>();
        deletes.addAll(history.where(GivenBack.Lost.class, l -> a.owner().equals(l.deletedOwner())).stream()
                .map(h -> new Heard<GivenBack>(h.event(), h.fact()))
                .toList());
        deletes.addAll(history.where(GivenBack.Released.class, r -> a.owner().equals(r.deletedOwner())).stream()
                .map(h -> new Heard<GivenBack>(h.event(), h.fact()))
                .toList());
        return deletes.stream()
                .filter(e -> !e.ts().isBefore(from) && e.ts().isBefore(until))
                .filter(e -> !(e.worker().equals(a.who())
                        && e.pid() == a.row().pid()
                        && a.row().tickAt().equals(e.tick())))
                .min(Comparator.comparing(Heard::ts))
                .map(c -> c.worker() + "'s unsafe delete at " + said.at(c.ts()) + " freed " + a.owner() + "'s "
                        + a.lock() + " while " + a.who() + " still held it; " + b.who() + " took it at "
                        + said.at(until));
    }

    /** a's lease, renewals included, ran out while a's job ran, and b took the lock once it had. */
    static Optional<String> leaseExpired(JobRun a, JobRun b, RecordingIndex history, Said said) {
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
        String renewed = renewals.isEmpty() ? "" : " (renewed " + renewals.size() + " times)";
        // A partition says why the renewals stopped: the holder worked on, cut off from the lock server.
        String cut = history.cutOff(a.who(), expiry)
                .map(c -> ", " + c.fact().host() + " having been cut off from the lock servers at " + said.at(c.ts()))
                .orElse("");
        return Optional.of(a.who() + "'s lease expired at " + said.at(expiry) + renewed + cut
                + " while its job ran until " + said.at(a.row().createdAt()) + "; " + b.who() + " took the lock at "
                + said.at(took));
    }

    /**
     * Both fire on an interval trigger, each on its own phase: b asked for the lock once a's was free again, as in
     * {@link #releasedEarly}, but the gap between them is their phases, not the jitter of one instant.
     */
    static Optional<String> ownPhase(JobRun a, JobRun b, RecordingIndex history, Said said) {
        Instant free = a.freeAt();
        if (!a.onInterval() || !b.onInterval() || !freeWhenAsked(a, b)) {
            return Optional.empty();
        }
        return Optional.of(a.who() + " and " + b.who() + " fire on their own phases (interval trigger, "
                + a.fired().fact().phaseMs() + " ms and " + b.fired().fact().phaseMs() + " ms into the period): "
                + a.who() + " freed " + a.lock() + " at " + said.at(free) + ", " + b.who() + " fired "
                + said.at(b.fired().ts()) + " and took it"
                + (b.acquired() != null ? " at " + said.at(b.acquired().ts()) : ""));
    }

    /**
     * A blocking lock only queued b behind a: b asked while a held it, and was granted it once a released it. Only
     * a lock call that waits ({@code blocking}) can queue; a try-lock that got the lock found it free.
     */
    static Optional<String> queued(JobRun a, JobRun b, RecordingIndex history, Said said) {
        Instant free = a.freeAt();
        if (free == null || b.fired() == null || b.acquired() == null || !blocking(b)) {
            return Optional.empty();
        }
        Long waited = b.acquired().fact().waitedMs();
        if (!b.fired().ts().isBefore(free) || waited == null || waited <= 0) {
            return Optional.empty();
        }
        return Optional.of(b.who() + " fired " + said.at(b.fired().ts()) + " while " + a.who() + " held " + a.lock()
                + "; " + a.who() + " released it at " + said.at(free) + " and " + b.who() + ", queued behind it for "
                + waited + " ms, took it at " + said.at(b.acquired().ts()));
    }

    /**
     * a's lock was free again when b asked for it: held for less than the spread of the fire times. A try-lock that
     * b got proves it was free then, whatever the two processes' event times say to the millisecond (a's released
     * line is stamped after its release returned, b's grant may fall in between); without a grant, b must have fired
     * after a's lock was free.
     */
    static Optional<String> releasedEarly(JobRun a, JobRun b, RecordingIndex history, Said said) {
        Instant free = a.freeAt();
        if (free == null || b.fired() == null || blocking(b) && b.fired().ts().isBefore(free)) {
            return Optional.empty();
        }
        boolean tookIt = b.acquired() != null
                && !b.acquired()
                        .ts()
                        .isBefore(a.acquired() == null ? free : a.acquired().ts());
        if (!tookIt && free.isAfter(b.fired().ts())) {
            return Optional.empty();
        }
        Long held = a.released().fact().heldMs();
        long heldMs = held != null
                ? held
                : a.acquired() != null ? Said.ms(a.acquired().ts(), free) : -1;
        String how = a.released().fact().how() == GivenBack.How.EXPIRES ? "its key expired " : "released ";
        String heldFor = heldMs >= 0 ? " for " + heldMs + " ms" : "";
        long later =
                Said.ms(a.fired() == null ? free : a.fired().ts(), b.fired().ts());
        return Optional.of(a.who() + " held " + a.lock() + heldFor + " (" + how + said.at(free) + "); " + b.who()
                + " fired " + said.at(b.fired().ts()) + " — " + later + " ms after " + a.who() + " — and "
                + (b.acquired() != null ? "took it at " + said.at(b.acquired().ts()) : "ran it"));
    }

    /** a's lock was free when b asked for it: b fired after it was, or b's try-lock got it after a had it. */
    static boolean freeWhenAsked(JobRun a, JobRun b) {
        Instant free = a.freeAt();
        if (free == null || b.fired() == null || blocking(b) && b.fired().ts().isBefore(free)) {
            return false;
        }
        boolean tookIt = b.acquired() != null
                && !b.acquired()
                        .ts()
                        .isBefore(a.acquired() == null ? free : a.acquired().ts());
        return tookIt || !free.isAfter(b.fired().ts());
    }

    private static boolean blocking(JobRun b) {
        return b.acquired() != null && Boolean.TRUE.equals(b.acquired().fact().blocking());
    }

    /** The renewals of r's lease, by its owner. */
    private static List<Heard<LockFact.Renewed>> renewals(JobRun r, RecordingIndex history) {
        return history.where(LockFact.Renewed.class, e -> java.util.Objects.equals(r.owner(), e.owner()));
    }
}
