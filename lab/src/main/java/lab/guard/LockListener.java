package lab.guard;

import java.util.Map;
import lab.protocol.EventType;

/**
 * Where a guard reports its lock commands and their answers, as a learner would type them
 * ({@code SET scheduler_lock:tick w2-… NX PX 60000 → OK}), with the facts the recording keeps. Does nothing by
 * default.
 */
@FunctionalInterface
public interface LockListener {
    LockListener NONE = (type, tick, detail, fields) -> {};

    void on(EventType type, Tick tick, String detail, Map<String, Object> fields);
}
