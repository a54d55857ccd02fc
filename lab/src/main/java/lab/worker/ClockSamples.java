package lab.worker;

import java.util.ArrayDeque;
import java.util.Deque;
import lab.protocol.ClockOffset;

/**
 * The recent estimates of the launcher's clock minus this worker's, one per answered call; the best is the one with
 * the shortest round trip, as NTP keeps it.
 */
final class ClockSamples {
    private static final int SAMPLES = 16;

    private final Deque<ClockOffset> samples = new ArrayDeque<>(); // guarded by this

    synchronized void add(ClockOffset s) {
        samples.addLast(s);
        while (samples.size() > SAMPLES) {
            samples.removeFirst();
        }
    }

    /** The best estimate, or null before the first. */
    synchronized ClockOffset best() {
        ClockOffset best = null;
        for (ClockOffset s : samples) {
            if (best == null || best.worseThan(s)) {
                best = s;
            }
        }
        return best;
    }
}
