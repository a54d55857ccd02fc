package lab.worker;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import lab.protocol.ControlAck;

/**
 * What an attached worker has still to report: its event lines and its answers to control calls, kept until the
 * launcher has them. While the launcher is unreachable at most {@link #KEPT_AT_MOST} lines are kept; past that the
 * oldest go, and the worker says how many once the backlog has halved.
 */
final class Outbox {
    /** Lines kept while the launcher is unreachable; past this the oldest go, counted. */
    private static final int KEPT_AT_MOST = 10_000;

    private final LinkedBlockingQueue<Object> incoming = new LinkedBlockingQueue<>();
    private final List<String> lines = new ArrayList<>();
    private final List<ControlAck> acks = new ArrayList<>();
    private long dropped;
    private static final Object WAKE = new Object();

    /** An output stream that takes every line written to it, as the worker's stdout carries event lines. */
    OutputStream lines() {
        return new OutputStream() {
            private final ByteArrayOutputStream line = new ByteArrayOutputStream();

            @Override
            public synchronized void write(int b) {
                if (b == '\n') {
                    incoming.add(line.toString(StandardCharsets.UTF_8));
                    line.reset();
                } else {
                    line.write(b);
                }
            }
        };
    }

    void ack(ControlAck ack) {
        incoming.add(ack);
    }

    /** Ends a wait in {@link #gather} at once, adding nothing. */
    void wake() {
        incoming.add(WAKE);
    }

    /** Waits up to {@code ms} for something new (none when {@code ms} is 0), then takes everything that came. */
    void gather(long ms) throws InterruptedException {
        if (ms > 0) {
            Object first = incoming.poll(ms, TimeUnit.MILLISECONDS);
            if (first != null) {
                take(first);
            }
        }
        List<Object> more = new ArrayList<>();
        incoming.drainTo(more);
        more.forEach(this::take);
    }

    /** Drops the oldest lines past the limit; says how many, once, when the backlog has come down. */
    void trim(String worker, Object launcher, PrintStream say) {
        while (lines.size() > KEPT_AT_MOST) {
            lines.remove(0);
            dropped++;
        }
        if (dropped > 0 && lines.size() < KEPT_AT_MOST / 2) {
            say.println(worker + " - " + dropped + " event lines dropped while the launcher at " + launcher
                    + " was unreachable (rows in the table still count them)");
            dropped = 0;
        }
    }

    List<String> pendingLines() {
        return List.copyOf(lines);
    }

    List<ControlAck> pendingAcks() {
        return List.copyOf(acks);
    }

    /** The launcher has what was pending. */
    void delivered() {
        lines.clear();
        acks.clear();
    }

    private void take(Object o) {
        if (o instanceof String s) {
            lines.add(s);
        } else if (o instanceof ControlAck a) {
            acks.add(a);
        }
    }
}
