package lab.worker;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Level;
import java.util.logging.Logger;
import lab.protocol.AttachGrant;
import lab.protocol.ClockOffset;
import lab.protocol.Control;
import lab.protocol.ControlAck;
import lab.protocol.Secrets;
import lab.protocol.WorkerConfig;

/**
 * A worker started on its own, anywhere ({@code ./run.sh worker}): the same worker as a forked one — its own HTTP,
 * scheduler, job and guard — but it learns the lab's settings from the launcher it reports to, and its event lines
 * travel there over HTTP ({@link ReportLink}) as well as to its stdout (a pod's log).
 *
 * <p>It is wired as {@link WorkerMain} is, and stops by the same shutdown path ({@link WorkerParts}); its start-up
 * differs where the two learn their settings (stdin there, the launcher's reply here) and report (stdout there, HTTP
 * and stdout here).
 */
public final class Standalone {
    /** Exit code as the launcher's: 3, it could not start what it needs (2, refused, comes with the refusal). */
    private static final int CANNOT_START = 3;

    private Standalone() {}

    /** Attaches, runs until stopped (SIGTERM) or until its launcher is gone for good; returns the exit code. */
    public static int run(StandaloneOptions o, PrintStream err) throws Exception {
        long pid = ProcessHandle.current().pid();
        String w = o.id();
        Clock clock = Clock.systemUTC();
        ReportLink link = new ReportLink(w, pid, o.host(), o.reportTo(), o.token(), clock, err);
        AttachGrant grant;
        try {
            grant = link.attach();
        } catch (ReportLink.Refused e) {
            err.println(w + " - " + e.getMessage());
            return e.exitCode();
        }
        // Event lines own stdout; everything else (library logs, stack traces) goes to stderr. Only once attached: a
        // refusal returns having changed nothing of the process it runs in.
        PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        System.setOut(err);
        // Library chatter (Undertow's and XNIO's start-up notices, through java.util.logging) is not the lesson.
        Logger.getLogger("").setLevel(Level.WARNING);
        // host-mutex's folder: the one given, which workers on one machine share as one host's workers do; else one of
        // this process's temp folder (run.sh gives each run its own, removed at exit), so nothing is left behind.
        Path lockDir = o.lockDir() != null
                ? o.lockDir()
                : Path.of(System.getProperty("java.io.tmpdir"), "scheduler-lock-lab", "locks");
        WorkerConfig config = new WorkerConfig(
                w,
                o.token(),
                o.storeUrl(),
                grant.every(),
                grant.trigger(),
                grant.jitter(),
                grant.job(),
                o.redisUrl(),
                o.pgUrl(),
                grant.spec(),
                o.host(),
                lockDir.toString());

        EventOut out =
                new EventOut(w, pid, new PrintStream(tee(link.lines(), stdout), true, StandardCharsets.UTF_8), clock);
        WorkerParts parts = new WorkerParts(config, pid, out, clock);
        try {
            parts.begin();
        } catch (Exception e) {
            err.println(w + " - cannot start in mode " + config.spec().mode() + " (the lab's mode in force): "
                    + Secrets.mask(String.valueOf(e.getMessage())) + "; stopping");
            return leaveAttached(link, parts);
        }
        int port;
        try {
            port = parts.http.start(o.httpAddress(), o.httpPort());
        } catch (RuntimeException e) {
            err.println(w + " - cannot listen on " + o.httpAddress() + ":" + o.httpPort() + ": " + e.getMessage()
                    + "; stopping");
            return leaveAttached(link, parts);
        }
        // Only once it runs: a worker that could not start leaves by leaveAttached, not by a shutdown path that would
        // say it stops without releasing and halt with another code.
        parts.stopOnSignal(
                () -> link.leave(Duration.ofSeconds(1)),
                // Last: the runs that finished during the stop are reported before the goodbye.
                () -> link.leave(Duration.ofSeconds(5)));

        ExecutorService switches = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, w + "-switch");
            t.setDaemon(true);
            return t;
        });
        // Off the report thread: opening a guard may take seconds, and the heartbeats must go on meanwhile.
        link.onControl(c -> switches.execute(() -> apply(c, parts.http.switches(), link)));
        link.start();
        parts.scheduler.start();
        out.ready(config.spec().mode().cliName(), o.httpAddress(), port);
        ClockOffset offset = link.offset();
        err.println(w + " - attached to " + o.reportTo() + " as " + w + "@" + o.host() + ", clock offset "
                + (offset == null ? "unknown" : offset.toString()) + "; mode "
                + config.spec().mode()
                + ", HTTP on " + o.httpAddress() + ":" + port);
        return link.awaitEnd();
    }

    /**
     * After attaching, it could not start: says goodbye on the link, so that the launcher shows it as gone rather than
     * lost and waiting to come back; returns the exit code.
     */
    private static int leaveAttached(ReportLink link, WorkerParts parts) {
        parts.runner.close();
        parts.job.close();
        link.start();
        link.leave(Duration.ofSeconds(5));
        return CANNOT_START;
    }

    /** A switch that came back on a reply, done as {@code PUT /mode} does it, and answered in the next report. */
    private static void apply(Control c, SwitchHandler switches, ReportLink link) {
        String error = switches.apply(c.spec()).error();
        if (c.id() > 0) {
            link.ack(new ControlAck(c.id(), error));
        }
    }

    private static OutputStream tee(OutputStream a, OutputStream b) {
        return new OutputStream() {
            @Override
            public void write(int x) throws IOException {
                a.write(x);
                b.write(x);
            }

            @Override
            public void write(byte[] bytes, int off, int len) throws IOException {
                for (int i = off; i < off + len; i++) {
                    a.write(bytes[i]);
                }
                b.write(bytes, off, len);
            }

            @Override
            public void flush() throws IOException {
                b.flush();
            }
        };
    }
}
