package lab.guard.redisson;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.protocol.LockOwner;

/**
 * Redisson's lock as Redis keeps it: a hash of owner entries ({@code <client id>:<thread id>} → hold count) under a
 * TTL, read in one step with the lab's note of which worker each client id is. Redisson answers {@code tryLock} with
 * true or false and nothing of who holds it; the guard's sentences and the lock panel read the hash instead. No class
 * of Redisson here: the launcher's observer runs this script through the lab's own Redis client.
 */
final class RedissonHash {
    /** The lock's PTTL, its entries and the owners' note, in one script: read in two steps, the hash may go between. */
    static final String READ = "if redis.call('EXISTS', KEYS[1]) == 0 then return {-2, {}, {}} end "
            + "return {redis.call('PTTL', KEYS[1]), redis.call('HGETALL', KEYS[1]), redis.call('HGETALL', KEYS[2])}";

    private RedissonHash() {}

    /**
     * The hash at one moment.
     *
     * @param pttl    milliseconds left, or -2 when there is no lock
     * @param entries owner entry → hold count
     * @param owners  client id → the lab's {@code <worker>-<pid>}
     */
    record Snapshot(long pttl, Map<String, Long> entries, Map<String, String> owners) {
        boolean free() {
            return entries.isEmpty();
        }

        /** The holder in the lab's words: {@code w1-4242-<client id>:<thread id>}, as its acquired event named it. */
        String holder() {
            return entries.isEmpty() ? null : owner(entries.keySet().iterator().next());
        }

        /** {@code w1-4242-<entry> → 1}: the owner entry with its hold count, as the lock panel shows it. */
        String shown() {
            if (entries.isEmpty()) {
                return null;
            }
            Map.Entry<String, Long> e = entries.entrySet().iterator().next();
            return owner(e.getKey()) + " → " + e.getValue();
        }

        /** The lab's name of entry {@code <client id>:<thread id>}; the entry alone when no worker noted the id. */
        String owner(String entry) {
            int colon = entry.lastIndexOf(':');
            String process = colon < 0 ? null : owners.get(entry.substring(0, colon));
            return process == null
                    ? entry
                    : LockOwner.parse(process).grant(entry).toString();
        }

        /** {@code {<entry>: 1}, pttl 2870 ms}: the hash as {@code HGETALL} and {@code PTTL} show it. */
        String said() {
            StringBuilder b = new StringBuilder("{");
            entries.forEach((k, v) ->
                    b.append(b.length() > 1 ? ", " : "").append(k).append(": ").append(v));
            return b.append("}, pttl ").append(pttl).append(" ms").toString();
        }
    }

    /** The script's answer, as Jedis or Redisson give it (numbers, strings, nested lists). */
    static Snapshot parse(Object reply) {
        List<?> r = (List<?>) reply;
        long pttl = ((Number) r.get(0)).longValue();
        Map<String, Long> entries = new LinkedHashMap<>();
        pairs((List<?>) r.get(1)).forEach((k, v) -> entries.put(k, Long.parseLong(v)));
        return new Snapshot(pttl, entries, pairs((List<?>) r.get(2)));
    }

    private static Map<String, String> pairs(List<?> flat) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            m.put(text(flat.get(i)), text(flat.get(i + 1)));
        }
        return m;
    }

    private static String text(Object o) {
        return o instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(o);
    }
}
