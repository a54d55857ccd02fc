package lab.protocol;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the launcher hands a worker on the first line of its stdin. It travels there, not on the command line,
 * because it carries the session token and {@code ps} shows every process's command line. It carries, too, every mode
 * registered at run time in the launcher (a learner's, in an exam), which the worker registers before it reads its spec.
 *
 * @param redisUrl {@code redis://host:port} or null when no Redis is known yet
 * @param pgUrl    a JDBC PostgreSQL URL or null when no PostgreSQL is known yet
 * @param host     the simulated host the worker runs on ({@code host1})
 * @param lockDir  that host's lock folder, where {@code host-mutex} takes its file lock; null when there is none
 * @param bind     the address its HTTP listens on: 127.0.0.1, or its own address inside its host's network namespace
 */
public record WorkerConfig(
        String worker,
        String token,
        String storeUrl,
        Duration every,
        Trigger trigger,
        Duration jitter,
        String job,
        String redisUrl,
        String pgUrl,
        ModeSpec spec,
        String host,
        String lockDir,
        String bind) {

    /** Where a worker's HTTP listens when nothing else is said: loopback, out of other machines' reach. */
    public static final String LOOPBACK = "127.0.0.1";

    /** The same configuration, listening on loopback: a worker on the launcher's own network. */
    public WorkerConfig(
            String worker,
            String token,
            String storeUrl,
            Duration every,
            Trigger trigger,
            Duration jitter,
            String job,
            String redisUrl,
            String pgUrl,
            ModeSpec spec,
            String host,
            String lockDir) {
        this(worker, token, storeUrl, every, trigger, jitter, job, redisUrl, pgUrl, spec, host, lockDir, LOOPBACK);
    }

    public String toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("worker", worker);
        m.put("token", token);
        m.put("store-url", storeUrl);
        m.put("every-ms", every.toMillis());
        m.put("trigger", trigger.toString());
        m.put("jitter-ms", jitter.toMillis());
        m.put("job", job);
        m.put("redis-url", redisUrl);
        m.put("pg-url", pgUrl);
        // The modes registered at run time, first: the worker registers them before it reads its spec, which may
        // name one.
        m.put(
                "modes",
                Modes.all().stream()
                        .flatMap(mode -> mode.runtime().stream())
                        .map(r -> Map.of("declaration", r.declaration(), "text", r.text()))
                        .toList());
        m.put("spec", spec.toMap());
        m.put("host", host);
        m.put("lock-dir", lockDir);
        m.put("bind", bind);
        try {
            return JSON.std.asString(m);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The configuration {@code json} writes; registers in this JVM each mode registered at run time it carries (and not
     * known here yet), so that its spec, a switch and the knob panel may name it.
     */
    @SuppressWarnings("unchecked")
    public static WorkerConfig parse(String json) throws IOException {
        Map<String, Object> m = JSON.std.mapFrom(json);
        for (Map<String, Object> r : (List<Map<String, Object>>) m.getOrDefault("modes", List.of())) {
            registerOnce(new RuntimeMode((String) r.get("declaration"), (String) r.get("text")));
        }
        ModeSpec spec = ModeSpec.defaults(Mode.NAIVE).merge((Map<String, Object>) m.get("spec"));
        return new WorkerConfig(
                (String) m.get("worker"),
                (String) m.get("token"),
                (String) m.get("store-url"),
                Duration.ofMillis(((Number) m.get("every-ms")).longValue()),
                Knobs.TRIGGER.parse((String) m.get("trigger")),
                Duration.ofMillis(((Number) m.get("jitter-ms")).longValue()),
                (String) m.get("job"),
                (String) m.get("redis-url"),
                (String) m.get("pg-url"),
                spec,
                (String) m.getOrDefault("host", Hosts.name(1)),
                (String) m.get("lock-dir"),
                (String) m.getOrDefault("bind", LOOPBACK));
    }

    private static synchronized void registerOnce(RuntimeMode carried) {
        Mode mode = carried.load();
        if (Modes.byName(mode.cliName()).isEmpty()) {
            Modes.register(mode);
        }
    }
}
