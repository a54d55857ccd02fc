package lab.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import lab.protocol.Event;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;

/**
 * Each granted tick's lock cost as the worker that held it timed it: its acquire call ({@code acquire_us}) plus its
 * release call ({@code release_us}), paired by worker and tick; and the round trip the same worker timed after that
 * release, on the same thread and client ({@code round_trip_us}). Ticks released before {@link #countFromNow} are
 * counted nowhere: the first calls of a fresh worker pay for loading its client's classes.
 */
final class LockCosts {
    private final Map<String, Long> acquired = new ConcurrentHashMap<>();
    private final List<Long> micros = Collections.synchronizedList(new ArrayList<>());
    private final List<Long> roundTrips = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean counting;

    void on(Event e) {
        String tick = e.worker() + "@" + e.tick();
        if (e.fact() instanceof LockFact.Acquired g && g.acquireUs() != null) {
            acquired.put(tick, g.acquireUs());
        } else if (e.fact() instanceof GivenBack.Released r && r.releaseUs() != null) {
            Long a = acquired.remove(tick);
            if (a != null && counting) {
                micros.add(a + r.releaseUs());
                if (r.roundTripUs() != null) {
                    roundTrips.add(r.roundTripUs());
                }
            }
        }
    }

    void countFromNow() {
        counting = true;
    }

    /** The costs counted so far, in µs, in the order the releases came. */
    List<Long> micros() {
        synchronized (micros) {
            return List.copyOf(micros);
        }
    }

    /** The round trips the holders timed after the releases counted, in µs. */
    List<Long> roundTrips() {
        synchronized (roundTrips) {
            return List.copyOf(roundTrips);
        }
    }
}
