package lab.check;

import java.time.Instant;
import lab.protocol.Event;
import lab.protocol.Fact;

/** One event of the recording with its facts as the record of their kind: what a rule reads. */
record Heard<F extends Fact>(Event event, F fact) {
    Instant ts() {
        return event.ts();
    }

    String worker() {
        return event.worker();
    }

    long pid() {
        return event.pid();
    }

    /** The tick it was about, or null. */
    Instant tick() {
        return event.tick();
    }
}
