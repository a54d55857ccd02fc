package lab.protocol;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The launcher's answer to {@code POST /attach}: the lab's settings in force, what a forked worker reads from its
 * stdin ({@link WorkerConfig}) minus the token, which the attached worker already has, and the servers' URLs, which
 * it has from its own options (only it knows which addresses it can reach).
 *
 * @param now the launcher's clock when it answered: a sample of the worker's offset
 */
public record AttachGrant(
        String worker, ModeSpec spec, Duration every, Trigger trigger, Duration jitter, String job, Instant now) {

    public String toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("worker", worker);
        m.put("spec", spec.toMap());
        m.put("every-ms", every.toMillis());
        m.put("trigger", trigger.toString());
        m.put("jitter-ms", jitter.toMillis());
        m.put("job", job);
        m.put("now", now.toString());
        return Bodies.json(m);
    }

    @SuppressWarnings("unchecked")
    public static AttachGrant parse(byte[] body) {
        Map<String, Object> m = Bodies.object(body, "the launcher's answer to POST /attach");
        if (!(m.get("spec") instanceof Map<?, ?> spec)) {
            throw new BadFieldException("spec", "the mode and its knobs, such as {\"mode\":\"naive\"}");
        }
        return new AttachGrant(
                AttachRequest.name(m, "worker"),
                ModeSpec.defaults(Mode.NAIVE).merge((Map<String, Object>) spec),
                Duration.ofMillis(Bodies.number(m, "every-ms", "the tick period in milliseconds")),
                Knobs.TRIGGER.parse(Bodies.text(m, "trigger", Knobs.TRIGGER.expected())),
                Duration.ofMillis(Bodies.number(m, "jitter-ms", "the jitter in milliseconds")),
                Bodies.text(m, "job", "the job's name, such as tick"),
                Bodies.instant(m, "now"));
    }
}
