package lab.check;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import lab.protocol.Event;
import lab.protocol.EventType;

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
    static Optional<String> pausedHolder(Run a, Run b, RunHistory history, Said said) {
        for (Run p : List.of(a, b)) {
            Run other = p == a ? b : a;
            if (p.acquired() == null || other.acquired() == null) {
                continue;
            }
            Optional<Event> pause = history.paused(
                    p.who(), p.row().pid(), p.acquired().ts(), p.row().createdAt());
            Instant expiry = leaseEnd(p, history);
            if (pause.isEmpty() || expiry == null) {
                continue;
            }
            Optional<Event> resume =
                    history.resumed(p.who(), p.row().pid(), pause.get().ts());
            Instant back = resume.map(Event::ts).orElse(p.row().createdAt());
            Instant took = other.acquired().ts();
            // The lease ended while p was stopped, and the other took the lock after it ended, before p wrote.
            if (expiry.isBefore(pause.get().ts())
                    || expiry.isAfter(back)
                    || took.isBefore(expiry)
                    || took.isAfter(p.row().createdAt())) {
                continue;
            }
            String token = p.acquired().text("token") == null
                    ? ""
                    : " (token " + p.acquired().text("token") + ")";
            return Optional.of(p.who() + " held " + p.lock() + token + " and was paused at "
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
    private static Instant leaseEnd(Run r, RunHistory history) {
        Instant granted = r.acquired().instant("expires_at");
        if (granted == null) {
            return null;
        }
        return history.withField(EventType.RENEWED, "owner", r.owner()).stream()
                .map(e -> e.instant("expires_at"))
                .filter(t -> t != null && t.isAfter(granted))
                .max(Comparator.naturalOrder())
                .orElse(granted);
    }

    /** Another process's unsafe delete freed a's key after a took it and before b took it. */
    static Optional<String> deletedByOther(Run a, Run b, RunHistory history, Said said) {
        if (a.owner() == null || b.acquired() == null) {
            return Optional.empty();
        }
        Instant from = a.acquired().ts();
        Instant until = b.acquired().ts();
        return List.of(EventType.LOST, EventType.RELEASED).stream()
                .flatMap(type -> history.withField(type, "deleted_owner", a.owner()).stream())
                .filter(e -> !e.ts().isBefore(from) && e.ts().isBefore(until))
                .filter(e -> !(e.worker().equals(a.who())
                        && e.pid() == a.row().pid()
                        && a.row().tickAt().equals(e.tick())))
                .min(Comparator.comparing(Event::ts))
                .map(c -> c.worker() + "'s unsafe delete at " + said.at(c.ts()) + " freed " + a.owner() + "'s "
                        + a.lock() + " while " + a.who() + " still held it; " + b.who() + " took it at "
                        + said.at(until));
    }

    /** a's lease, renewals included, ran out while a's job ran, and b took the lock once it had. */
    static Optional<String> leaseExpired(Run a, Run b, RunHistory history, Said said) {
        Instant granted = a.acquired() == null ? null : a.acquired().instant("expires_at");
        if (granted == null || b.acquired() == null) {
            return Optional.empty();
        }
        List<Event> renewals = history.withField(EventType.RENEWED, "owner", a.owner());
        Instant expiry = renewals.stream()
                .map(e -> e.instant("expires_at"))
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
                .map(c -> ", " + c.text("host") + " having been cut off from the lock servers at " + said.at(c.ts()))
                .orElse("");
        return Optional.of(a.who() + "'s lease expired at " + said.at(expiry) + renewed + cut
                + " while its job ran until " + said.at(a.row().createdAt()) + "; " + b.who() + " took the lock at "
                + said.at(took));
    }

    /**
     * Both fire on an interval trigger, each on its own phase: b asked for the lock once a's was free again, as in
     * {@link #releasedEarly}, but the gap between them is their phases, not the jitter of one instant.
     */
    static Optional<String> ownPhase(Run a, Run b, RunHistory history, Said said) {
        Instant free = a.freeAt();
        if (!"interval".equals(a.trigger()) || !"interval".equals(b.trigger()) || !freeWhenAsked(a, b)) {
            return Optional.empty();
        }
        return Optional.of(a.who() + " and " + b.who() + " fire on their own phases (interval trigger, "
                + a.fired().number("phase_ms") + " ms and " + b.fired().number("phase_ms") + " ms into the period): "
                + a.who() + " freed " + a.lock() + " at " + said.at(free) + ", " + b.who() + " fired "
                + said.at(b.fired().ts()) + " and took it"
                + (b.acquired() != null ? " at " + said.at(b.acquired().ts()) : ""));
    }

    /**
     * A blocking lock only queued b behind a: b asked while a held it, and was granted it once a released it. Only
     * a lock call that waits ({@code blocking}) can queue; a try-lock that got the lock found it free.
     */
    static Optional<String> queued(Run a, Run b, RunHistory history, Said said) {
        Instant free = a.freeAt();
        if (free == null || b.fired() == null || b.acquired() == null || !blocking(b)) {
            return Optional.empty();
        }
        Long waited = b.acquired().number("waited_ms");
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
    static Optional<String> releasedEarly(Run a, Run b, RunHistory history, Said said) {
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
        Long held = a.released().number("held_ms");
        long heldMs = held != null
                ? held
                : a.acquired() != null ? Said.ms(a.acquired().ts(), free) : -1;
        String how = "expires".equals(a.released().text("how")) ? "its key expired " : "released ";
        String heldFor = heldMs >= 0 ? " for " + heldMs + " ms" : "";
        long later =
                Said.ms(a.fired() == null ? free : a.fired().ts(), b.fired().ts());
        return Optional.of(a.who() + " held " + a.lock() + heldFor + " (" + how + said.at(free) + "); " + b.who()
                + " fired " + said.at(b.fired().ts()) + " — " + later + " ms after " + a.who() + " — and "
                + (b.acquired() != null ? "took it at " + said.at(b.acquired().ts()) : "ran it"));
    }

    /** a's lock was free when b asked for it: b fired after it was, or b's try-lock got it after a had it. */
    private static boolean freeWhenAsked(Run a, Run b) {
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

    private static boolean blocking(Run b) {
        return b.acquired() != null && "true".equals(b.acquired().text("blocking"));
    }
}
