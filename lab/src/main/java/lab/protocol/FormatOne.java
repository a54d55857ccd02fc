package lab.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reading boundary for the {@code mode} and {@code switch} lines of format 1 (recorded before the lines described
 * their mode, up to December 2026): such a line named its mode alone, in its spec, and its reader asked its own
 * registry what the mode was. Here, and only here, that is still done, once, as the line is read: the rooms that read
 * facts then find every line described alike, whatever its age.
 */
final class FormatOne {
    /** The one mode a format-1 recording may name that no JVM declares as a service: only an exam's launcher did. */
    private static final String EXAM = "exam";

    private FormatOne() {}

    /** Whether the fields of a {@code mode} or {@code switch} line are of format 1: they carry no format. */
    static boolean is(EventType type, Map<String, Object> fields) {
        return (type == EventType.MODE || type == EventType.SWITCH) && !fields.containsKey("format");
    }

    /** The fields with the format, the mode's lock and its needs filled in, as the registry of format 1 had them. */
    static Map<String, Object> filled(Map<String, Object> fields) {
        Object spec = fields.get("spec");
        String name = spec instanceof Map<?, ?> m && m.get(Knobs.MODE.name()) != null
                ? String.valueOf(m.get(Knobs.MODE.name()))
                : null;
        if (name == null) {
            return fields;
        }
        Mode.Lock lock;
        List<Mode.Need> needs;
        Mode known = Modes.byName(name).orElse(null);
        if (known != null) {
            lock = known.lock();
            needs = Facts.needs(known);
        } else if (EXAM.equals(name)) {
            // An exam's mode as its declaration had it then: a learner's lock, seen only through the lab's calls to it,
            // on either server.
            lock = new Mode.Lock(EXAM, EXAM, Mode.Sight.CALLS, "");
            needs = List.of(Mode.Need.REDIS, Mode.Need.POSTGRES, Mode.Need.FENCING_COUNTER);
        } else {
            lock = new Mode.Lock(name, name, Mode.Sight.NONE, "");
            needs = List.of();
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("format", 1);
        out.put("lock", EventCodec.whole(lock));
        out.put("needs", needs.stream().map(EventCodec::enumName).toList());
        out.putAll(fields);
        return out;
    }
}
