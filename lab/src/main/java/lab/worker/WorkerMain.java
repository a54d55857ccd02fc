package lab.worker;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import lab.protocol.BadFieldException;
import lab.protocol.Control;
import lab.protocol.WorkerConfig;
import lab.protocol.WorkerFact;

/**
 * One worker process: the stand-in for one {@code uvicorn} worker. Its own HTTP server, its own scheduler, its
 * own copy of the job. It knows nothing of the other workers.
 *
 * <p>It reads its configuration from the first line of stdin and then keeps reading: each further line is a switch
 * ({@link Control}), answered on stdout once the new guard is in force; end of input means the launcher is gone, and
 * the worker leaves with it (the launcher also sets a parent-death signal, which reaches even a paused worker; this
 * is the second line of defence).
 */
public final class WorkerMain {
    private WorkerMain() {}

    public static void main(String[] args) throws Exception {
        // Event lines own stdout; everything else (library logs, stack traces) goes to stderr.
        PrintStream events = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        // The launcher reads this stderr as UTF-8 whatever the locale, in which Java would write it ('?' for '→').
        System.setErr(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
        System.setOut(System.err);
        InputStream stdin = System.in;
        BufferedReader in = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        String line = in.readLine();
        if (line == null) {
            System.err.println("worker: no configuration on stdin (it is started by the launcher)");
            System.exit(2);
        }
        // Registers the modes registered at run time in the launcher (a learner's lock, in an exam), which it carries.
        WorkerConfig config = WorkerConfig.parse(line);
        long pid = ProcessHandle.current().pid();
        String w = config.worker();

        Clock clock = Clock.systemUTC();
        EventOut out = new EventOut(w, pid, events, clock);
        WorkerParts parts = new WorkerParts(config, pid, out, clock);
        parts.begin();
        parts.stopOnSignal(() -> {}, () -> {});

        int port = parts.http.start(config.bind());
        parts.scheduler.start();
        out.ready(config.spec().mode().cliName(), config.bind(), port);
        watchParent(in, w, parts.http.switches(), out);
    }

    /**
     * Takes the launcher's switches from stdin, one at a time, until the launcher closes it or dies; then leaves,
     * finishing the run in progress. A switch comes this way rather than as {@code PUT /mode}: no HTTP request to
     * read, no client on the launcher's side, and the answer rides the event lines the launcher reads anyway.
     */
    private static void watchParent(BufferedReader in, String worker, SwitchHandler switches, EventOut out) {
        Thread watcher = new Thread(
                () -> {
                    try {
                        for (String line = in.readLine(); line != null; line = in.readLine()) {
                            answer(line, worker, switches, out);
                        }
                    } catch (IOException ignored) {
                        // a broken pipe means the same as end of input
                    }
                    System.err.println(worker + " - launcher gone (stdin closed): stopping");
                    Thread killer = new Thread(() -> {
                        try {
                            Thread.sleep(3_000);
                        } catch (InterruptedException ignored) {
                            // exiting anyway
                        }
                        Runtime.getRuntime().halt(1);
                    });
                    killer.setDaemon(true);
                    killer.start();
                    System.exit(0);
                },
                worker + "-parent-watch");
        watcher.setDaemon(false);
        watcher.start();
    }

    private static void answer(String line, String worker, SwitchHandler switches, EventOut out) {
        Control c;
        try {
            c = Control.parseLine(line);
        } catch (BadFieldException e) {
            System.err.println(worker + " - not a switch on stdin, ignored: " + e.getMessage());
            return;
        }
        String error = switches.apply(c.spec()).error();
        // The mode in force after it: the new one, or the old one kept.
        out.emit(null, switches.mode(), error, new WorkerFact.Answer(c.id(), error));
    }
}
