package lab.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import lab.protocol.Event;
import lab.protocol.EventType;

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
                Instant at = e.instant("acknowledged_at") != null ? e.instant("acknowledged_at") : e.ts();
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
            String target = e.text("target");
            if (e.type() == EventType.FAULT) {
                String kind = e.text("kind");
                if ("pause".equals(kind) || "kill".equals(kind) || "stop".equals(kind)) {
                    open.put(target, e);
                } else if ("resume".equals(kind)) {
                    close(out, open.remove(target), e.ts());
                }
            } else if (e.type() == EventType.EXITED) {
                open.put(target, e);
            } else if (e.type() == EventType.RESTART) {
                close(out, open.remove(target), e.ts());
            }
        }
        open.values().forEach(e -> close(out, e, end));
        return out;
    }

    private static void close(List<Band> out, Event began, Instant at) {
        if (began == null) {
            return;
        }
        String kind = began.type() == EventType.EXITED
                ? "exited"
                : "pause".equals(began.text("kind"))
                        ? "paused"
                        : "kill".equals(began.text("kind")) ? "killed" : "stopped";
        out.add(new Band(
                began.text("target"),
                kind,
                began.ts(),
                at,
                kind,
                began.detail() + " (" + kind + " until " + Times.at(at) + ")",
                null));
    }

    /** A lab server that was stopped, until it was started again. */
    static List<Band> servers(List<Event> events, Instant end) {
        List<Band> out = new ArrayList<>();
        Map<String, Event> down = new HashMap<>();
        for (Event e : lab(events)) {
            if (e.type() != EventType.SERVER) {
                continue;
            }
            String name = e.text("name");
            if ("false".equals(e.text("up"))) {
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
            holding = e.text("holder") != null ? e : null;
        }
        if (holding != null) {
            out.add(held(holding, end));
        }
        return out;
    }

    private static Band held(Event seen, Instant to) {
        String holder = seen.text("holder");
        Long ttl = seen.number("ttl_ms");
        String who = holder.contains("-") ? holder.substring(0, holder.indexOf('-')) : holder;
        String title = seen.text("key") + " held by " + holder + " from " + Times.at(seen.ts()) + " to " + Times.at(to)
                + (ttl == null ? "" : "; the server said " + ttl + " ms left when first seen");
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
}
