package lab.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.LabFact;
import lab.protocol.LockOwner;

/**
 * The spans of a recording, from the launcher's own records only ({@code switch}, {@code fault}, {@code restart},
 * {@code server}, {@code lock}): what the lab did and what it saw on the lock's server, not what a worker said.
 */
final class Bands {
    private Bands() {}

    /** One band per mode span: the mode the session began in, then each switch from the moment it was acknowledged. */
    static List<Band> modes(List<Event> events, Instant end) {
        List<Band> out = new ArrayList<>();
        String mode = events.get(0).mode();
        Instant from = events.get(0).ts();
        String title = "mode " + mode + " from the start";
        for (Event e : events) {
            if (e.type() == EventType.SWITCH && e.worker().equals(Event.LAB)) {
                Instant at = acknowledged(e);
                out.add(new Band("mode", "mode", from, at, mode, title, null));
                mode = e.mode();
                from = at;
                title = e.detail();
            }
        }
        out.add(new Band("mode", "mode", from, end, mode, title, null));
        return out;
    }

    /**
     * A worker paused until it was resumed; killed, stopped or dead on its own (the launcher's {@code exited}) until
     * it was restarted, or until the end.
     */
    static List<Band> faults(List<Event> events, Instant end) {
        List<Band> out = new ArrayList<>();
        Map<String, Event> open = new HashMap<>();
        for (Event e : lab(events)) {
            if (e.fact() instanceof LabFact.Fault f && f.target() != null) {
                // An expression, so that a new kind of fault does not compile until it is drawn or left out here.
                Runnable draw =
                        switch (f.kind()) {
                            case PAUSE, KILL, STOP -> () -> open.put(f.target(), e);
                            case RESUME -> () -> close(out, open.remove(f.target()), e.ts());
                                // A restart, a skew's too, is drawn from its own record; a host's cut is not a band.
                            case RESTART, SKEW, PARTITION, HEAL -> () -> {};
                        };
                draw.run();
            } else if (e.fact() instanceof LabFact.Exited x) {
                open.put(x.target(), e);
            } else if (e.fact() instanceof LabFact.Restart r) {
                close(out, open.remove(r.target()), e.ts());
            }
        }
        open.values().forEach(e -> close(out, e, end));
        return out;
    }

    private static void close(List<Band> out, Event began, Instant at) {
        if (began == null) {
            return;
        }
        String kind;
        String target;
        if (began.fact() instanceof LabFact.Fault f) {
            kind = f.kind() == LabFact.FaultKind.PAUSE
                    ? "paused"
                    : f.kind() == LabFact.FaultKind.KILL ? "killed" : "stopped";
            target = f.target();
        } else {
            kind = "exited";
            target = ((LabFact.Exited) began.fact()).target();
        }
        out.add(new Band(
                target,
                kind,
                began.ts(),
                at,
                kind,
                began.detail() + " (" + kind + " until " + ReportTimes.at(at) + ")",
                null));
    }

    /** A lab server that was stopped, until it was started again. */
    static List<Band> servers(List<Event> events, Instant end) {
        List<Band> out = new ArrayList<>();
        Map<String, Event> down = new HashMap<>();
        for (Event e : lab(events)) {
            if (!(e.fact() instanceof LabFact.Server server)) {
                continue;
            }
            String name = server.name();
            if (!server.up()) {
                down.put(name, e);
            } else if (down.containsKey(name)) {
                Event was = down.remove(name);
                out.add(new Band("servers", "down", was.ts(), e.ts(), name + " down", was.detail(), null));
            }
        }
        down.forEach(
                (name, was) -> out.add(new Band("servers", "down", was.ts(), end, name + " down", was.detail(), null)));
        return out;
    }

    /**
     * Each holder the launcher saw on the lock's server, from the first sight until the next change; its lease end is
     * that sighting plus the time the server said was left.
     */
    static List<Band> locks(List<Event> events, Instant end) {
        List<Band> out = new ArrayList<>();
        Event holding = null;
        for (Event e : lab(events)) {
            if (e.type() != EventType.LOCK) {
                continue;
            }
            if (holding != null) {
                out.add(held(holding, e.ts()));
            }
            holding = ((LabFact.Lock) e.fact()).holder() != null ? e : null;
        }
        if (holding != null) {
            out.add(held(holding, end));
        }
        return out;
    }

    private static Band held(Event seen, Instant to) {
        LabFact.Lock lock = (LabFact.Lock) seen.fact();
        String holder = lock.holder();
        Long ttl = lock.ttlMs();
        String who = LockOwner.parse(holder).worker();
        String title = lock.key() + " held by " + holder + " from " + ReportTimes.at(seen.ts()) + " to "
                + ReportTimes.at(to) + (ttl == null ? "" : "; the server said " + ttl + " ms left when first seen");
        return new Band(
                "lock",
                "held",
                seen.ts(),
                to,
                who,
                title,
                ttl == null ? null : seen.ts().plusMillis(ttl));
    }

    private static List<Event> lab(List<Event> events) {
        return events.stream().filter(e -> e.worker().equals(Event.LAB)).toList();
    }

    /** When every worker had acknowledged a switch: its record's time when one refused. */
    static Instant acknowledged(Event e) {
        Instant at = e.fact() instanceof LabFact.Switch s ? s.acknowledgedAt() : null;
        return at != null ? at : e.ts();
    }
}
