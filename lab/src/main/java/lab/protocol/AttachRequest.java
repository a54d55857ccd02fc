package lab.protocol;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a worker started on its own says when it attaches to a launcher ({@code POST /attach}): who it is, and its
 * clock at the moment it sent this, the first sample of its offset from the launcher's.
 *
 * @param host  the machine (or pod) it runs on, as it names itself
 * @param clock its own clock when it sent the request
 */
public record AttachRequest(String worker, long pid, String host, Instant clock) {
    /** A worker's id or host: a pod's name fits (at most 63 characters), a path or a line break does not. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,62}");

    public static final String NAME_EXPECTED =
            "a name of letters, digits, '.', '-' or '_', at most 63 characters, such as w9 or the pod's name";

    private static final String EXAMPLE =
            "{\"worker\":\"w9\",\"pid\":4242,\"host\":\"pod-abc\",\"clock\":\"2026-01-01T12:00:00.123Z\"}";

    public String toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("worker", worker);
        m.put("pid", pid);
        m.put("host", host);
        m.put("clock", clock.toString());
        return Bodies.json(m);
    }

    /** Reads a request body; throws {@link BadFieldException} naming the first field that is wrong. */
    public static AttachRequest parse(byte[] body) {
        Map<String, Object> m = Bodies.object(body, EXAMPLE);
        String worker = name(m, "worker");
        long pid = Bodies.number(m, "pid", "the worker's process id, a whole number above 0");
        if (pid <= 0) {
            throw new BadFieldException(
                    "pid", Long.toString(pid), "the worker's process id, a whole number above 0", null);
        }
        return new AttachRequest(worker, pid, name(m, "host"), Bodies.instant(m, "clock"));
    }

    static String name(Map<String, Object> m, String field) {
        String s = Bodies.text(m, field, NAME_EXPECTED);
        if (!NAME.matcher(s).matches() || s.equals(Event.LAB)) {
            throw new BadFieldException(field, Printable.oneLine(s), NAME_EXPECTED + " (not 'lab')", null);
        }
        return s;
    }
}
