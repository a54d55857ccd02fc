package lab.worker;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import lab.protocol.Event;
import lab.protocol.EventType;

/** This worker's event lines on stdout, one JSON object per line, in the order they happened. */
final class EventOut {
    private final String worker;
    private final long pid;
    private final PrintStream out;
    private final Clock clock;

    EventOut(String worker, long pid, PrintStream out, Clock clock) {
        this.worker = worker;
        this.pid = pid;
        this.out = out;
        this.clock = clock;
    }

    void emit(EventType type, Instant tick, String mode, String detail) {
        emit(type, tick, mode, detail, Map.of());
    }

    void emit(EventType type, Instant tick, String mode, String detail, Map<String, Object> fields) {
        write(new Event(clock.instant(), worker, pid, type, tick, mode, detail, null, fields));
    }

    void ready(String mode, int port) {
        ready(mode, "127.0.0.1", port);
    }

    void ready(String mode, String address, int port) {
        write(new Event(
                clock.instant(),
                worker,
                pid,
                EventType.READY,
                null,
                mode,
                "listening on " + address + ":" + port,
                port));
    }

    private void write(Event e) {
        String line = e.toJson();
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
