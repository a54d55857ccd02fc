package lab.check;

import java.time.Instant;
import lab.protocol.Event;
import lab.protocol.Mode;
import lab.store.CounterRow;

/**
 * One row of the counter table with what its worker said about that tick: each event null when the recording
 * has none (a worker killed mid-tick, or a mode that takes no lock).
 */
record Run(CounterRow row, Event fired, Event acquired, Event released) {

    String who() {
        return row.worker();
    }

    /** The owner its lock was taken under, or null. */
    String owner() {
        return acquired == null ? null : acquired.text("owner");
    }

    /** When the lock became free again: the release, or the expiry of a key left to expire; null when unknown. */
    Instant freeAt() {
        if (released == null) {
            return null;
        }
        return "expires".equals(released.text("how")) ? released.instant("expires_at") : released.ts();
    }

    /** Whether it ran under the fallback lock: its lock's server was down and on-lock-error said local. */
    boolean fellBack() {
        return acquired != null && "true".equals(acquired.text("fallback"));
    }

    /** Whether the row's mode takes no lock that other processes see: {@code naive} or {@code local-mutex}. */
    boolean unsharedLock() {
        return Mode.byName(row.mode())
                .map(m -> m.lock() == Mode.Lock.NONE || m.lock() == Mode.Lock.IN_JVM)
                .orElse(false);
    }

    boolean sameProcess(Run o) {
        return row.worker().equals(o.row.worker()) && row.pid() == o.row.pid();
    }

    String trigger() {
        return fired == null ? null : fired.text("trigger");
    }

    /** The lock it took, as people name it: {@code advisory lock 42}, {@code scheduler_lock:tick}. */
    String lock() {
        return lockName(acquired);
    }

    static String lockName(Event acquired) {
        String key = acquired == null ? null : acquired.text("key");
        if (key == null) {
            return "the lock";
        }
        return switch (String.valueOf(acquired.text("lock"))) {
            case "postgres" -> "advisory lock " + key;
            case "local" -> "local mutex " + key;
            case "file" -> "file lock " + key;
            default -> key;
        };
    }
}
