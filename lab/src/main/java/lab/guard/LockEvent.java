package lab.guard;

import java.util.Map;
import lab.protocol.EventType;

/**
 * What a mechanism says happened when it gave a lock back or extended it: released, renewed, lost (not ours any
 * more), or an error; {@code fields} are the facts the recording keeps ({@code key}, {@code owner}, {@code how},
 * {@code expires_at}, {@code deleted_owner}).
 */
public record LockEvent(EventType type, String detail, Map<String, Object> fields) {
    public LockEvent {
        fields = Fields.copy(fields);
    }

    public LockEvent(EventType type, String detail) {
        this(type, detail, Map.of());
    }

    /** This event with {@code more} fields added (theirs win). */
    public LockEvent with(Map<String, Object> more) {
        return new LockEvent(type, detail, Fields.merge(fields, more));
    }
}
