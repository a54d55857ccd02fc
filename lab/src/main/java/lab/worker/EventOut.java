package lab.worker;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import lab.protocol.Event;
import lab.protocol.WorkerFact;

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

    void emit(Instant tick, String mode, String detail, WorkerFact fact) {
        write(new Event(clock.instant(), worker, pid, tick, mode, detail, fact));
    }

    void ready(String mode, String address, int port) {
        write(new Event(
                clock.instant(),
                worker,
                pid,
                null,
                mode,
                "listening on " + address + ":" + port,
                new WorkerFact.Ready(port)));
    }

    private void write(Event e) {
        String line = e.toJson();
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
