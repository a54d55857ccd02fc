package lab.worker;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import lab.protocol.AttachGrant;
import lab.protocol.AttachRequest;
import lab.protocol.BadFieldException;
import lab.protocol.ClockOffset;
import lab.protocol.Control;
import lab.protocol.ControlAck;
import lab.protocol.ReportReply;
import lab.protocol.WorkerReport;

/**
 * An attached worker's one connection to its launcher: it attaches ({@code POST /attach}), then reports its event
 * lines ({@code POST /events}) as they come and at least every {@link #HEARTBEAT} when it has none, so that the
 * launcher can tell a quiet worker from a lost one. Control calls come back on the replies, since the worker's own
 * port may be out of the launcher's reach (a pod, a NAT). Each reply carries the launcher's clock: the offset
 * estimate kept is the one with the shortest round trip among the recent ones.
 *
 * <p>A launcher that does not answer is tried again quietly; after {@link #GIVE_UP} without an answer the worker
 * stops, saying so in one line. A launcher that no longer knows the worker (it was restarted) is attached to again.
 */
final class ReportLink {
    /** Well under the launcher's 3 s before it calls a worker lost: a few missed reports are not a loss. */
    static final Duration HEARTBEAT = Duration.ofMillis(250);

    static final Duration GIVE_UP = Duration.ofSeconds(30);
    private static final Duration RETRY = Duration.ofMillis(500);

    private final String worker;
    private final long pid;
    private final String host;
    private final URI reportTo;
    private final LauncherCalls calls;
    private final Clock clock;
    private final PrintStream say;
    private final Outbox outbox = new Outbox();
    private final ClockSamples samples = new ClockSamples();
    private volatile Consumer<Control> controls = c -> {};
    private volatile boolean leaving;
    private final CountDownLatch left = new CountDownLatch(1);
    private volatile int endCode;
    private final Thread sender;

    ReportLink(String worker, long pid, String host, URI reportTo, String token, Clock clock, PrintStream say) {
        this.worker = worker;
        this.pid = pid;
        this.host = host;
        this.reportTo = reportTo;
        this.calls = new LauncherCalls(reportTo, token);
        this.clock = clock;
        this.say = say;
        this.sender = new Thread(this::loop, worker + "-report");
    }

    /**
     * Not attached, for good: a wrong token, an id of the lab's own, or a request the launcher calls bad (exit 2, bad
     * input); or no launcher answered within {@link #GIVE_UP} (exit 3, what it needs could not be had).
     */
    static final class Refused extends Exception {
        private final int exitCode;

        Refused(String message, int exitCode) {
            super(message);
            this.exitCode = exitCode;
        }

        int exitCode() {
            return exitCode;
        }
    }

    /**
     * Attaches, trying again quietly while the launcher is not there yet (a pod may start before the dashboard's)
     * or still knows a namesake of this worker; returns the lab's settings in force.
     */
    AttachGrant attach() throws Refused, InterruptedException {
        long deadline = System.nanoTime() + GIVE_UP.toNanos();
        String last = "";
        while (true) {
            Instant sent = clock.instant();
            try {
                LauncherCalls.Answer a = calls.post("/attach", new AttachRequest(worker, pid, host, sent).toJson());
                if (a.status() == 200) {
                    AttachGrant g = AttachGrant.parse(a.body());
                    samples.add(ClockOffset.of(sent, g.now(), clock.instant()));
                    return g;
                }
                if (a.status() == 401 || a.status() == 400 || a.status() == 403) {
                    throw new Refused(
                            "the launcher at " + reportTo + " refused to attach " + worker + " (" + a.status() + "): "
                                    + a.error(),
                            2);
                }
                last = a.status() + " " + a.error();
            } catch (IOException | BadFieldException e) {
                last = e.toString();
            }
            if (System.nanoTime() > deadline) {
                throw new Refused(
                        "no launcher at " + reportTo + " took " + worker + " within " + GIVE_UP.toSeconds()
                                + " s (last: " + last + ")",
                        3);
            }
            Thread.sleep(RETRY.toMillis());
        }
    }

    /** Who runs the control calls that come back on the replies; a worker that re-attaches gets one too (id 0). */
    void onControl(Consumer<Control> handler) {
        controls = handler;
    }

    /** An output stream that reports every line written to it, as the worker's stdout carries event lines. */
    OutputStream lines() {
        return outbox.lines();
    }

    /** The ids of the control calls handed on already. */
    private final Set<Long> applied = ConcurrentHashMap.newKeySet();

    void ack(ControlAck ack) {
        outbox.ack(ack);
    }

    /** The best estimate of the launcher's clock minus ours, or null before the first. */
    ClockOffset offset() {
        return samples.best();
    }

    void start() {
        sender.start();
    }

    /**
     * Sends what is left with a last report that says the worker is leaving (so the launcher shows it stopped, not
     * lost); waits at most {@code grace} for it.
     */
    void leave(Duration grace) {
        // Woken, never interrupted: an interrupt landing between two calls would cut the goodbye itself short.
        leaving = true;
        left.countDown();
        outbox.wake();
        try {
            sender.join(grace.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void loop() {
        long lastAnswer = System.nanoTime();
        String lastFailure = "";
        while (true) {
            boolean last = leaving;
            try {
                outbox.gather(last ? 0 : HEARTBEAT.toMillis());
                if (!last && leaving) {
                    // leave() woke the wait: the lines written before it are in the last report, whenever they came.
                    last = true;
                    outbox.gather(0);
                }
            } catch (InterruptedException e) {
                return; // nothing but the JVM's end interrupts this thread
            }
            outbox.trim(worker, reportTo, say);
            ClockOffset off = offset();
            Instant sent = clock.instant();
            WorkerReport r = new WorkerReport(
                    worker,
                    pid,
                    sent,
                    off == null ? null : off.millis(),
                    off == null ? null : off.errorMillis(),
                    last,
                    outbox.pendingLines(),
                    outbox.pendingAcks());
            boolean answered = false;
            try {
                LauncherCalls.Answer a = calls.post("/events", r.toJson());
                if (a.status() == 200) {
                    answered = true;
                    ReportReply reply = ReportReply.parse(a.body());
                    samples.add(ClockOffset.of(sent, reply.now(), clock.instant()));
                    outbox.delivered();
                    lastAnswer = System.nanoTime();
                    // A call not yet answered comes again on every reply until its answer arrives: once each.
                    reply.controls().stream()
                            .filter(c -> c.id() == 0 || applied.add(c.id()))
                            .forEach(c -> controls.accept(c));
                } else if (a.status() == 409) {
                    // The launcher does not know us (it was restarted): attach again, and take its mode in force.
                    AttachGrant g = attach();
                    controls.accept(new Control(0, g.spec().toMap()));
                    answered = true;
                    lastAnswer = System.nanoTime();
                } else if (a.status() == 401) {
                    stop(worker + " - the launcher at " + reportTo + " refused the token (401 " + a.error()
                            + "): stopping");
                    return;
                } else {
                    lastFailure = a.status() + " " + a.error();
                }
            } catch (IOException | BadFieldException e) {
                lastFailure = e.toString();
            } catch (Refused e) {
                stop(worker + " - " + e.getMessage() + ": stopping");
                return;
            } catch (InterruptedException e) {
                return; // nothing but the JVM's end interrupts this thread
            }
            if (last) {
                return;
            }
            if (System.nanoTime() - lastAnswer > GIVE_UP.toNanos()) {
                stop(worker + " - no answer from the launcher at " + reportTo + " for " + GIVE_UP.toSeconds()
                        + " s (last: " + lastFailure + "): stopping");
                return;
            }
            if (!answered) {
                try {
                    // Quietly: the launcher may be restarting. A leave() ends the wait: the goodbye is tried at once.
                    left.await(RETRY.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /**
     * One line; the worker's main thread then exits, through the shutdown hook's ordinary path: the run in progress
     * finishes and the lock is given back.
     */
    private void stop(String line) {
        say.println(line);
        endCode = 1;
    }

    /** Waits until the link ends: 0 when the worker left, 1 when it gave up on its launcher. */
    int awaitEnd() throws InterruptedException {
        sender.join();
        return endCode;
    }
}
