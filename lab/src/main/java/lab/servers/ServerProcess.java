package lab.servers;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import lab.os.Signals;
import lab.os.Spawner;

/**
 * One server binary running as the launcher's direct child (so the parent-death signal reaches it), with its
 * output in a log file whose last line explains a failure.
 */
public final class ServerProcess {
    /** A readiness probe; it may throw, which means "not yet". */
    interface Probe {
        boolean ready() throws Exception;
    }

    private final String who;
    private final Process process;
    private final Path log;

    private ServerProcess(String who, Process process, Path log) {
        this.who = who;
        this.process = process;
        this.log = log;
    }

    static ServerProcess start(String who, List<String> command, Path log) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        return new ServerProcess(who, Spawner.start(pb), log);
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Polls {@code probe} until it says ready; throws with the log's last line if the process died or took too long. */
    void awaitReady(Probe probe, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (!process.isAlive()) {
                throw new IOException(who + " exited with code " + process.exitValue() + ": " + lastLogLine());
            }
            try {
                if (probe.ready()) {
                    return;
                }
            } catch (Exception notYet) {
                // refused, half-written file, starting up: all mean "poll again"
            }
            if (System.nanoTime() > deadline) {
                stopNow();
                throw new IOException(who + " was not ready after " + timeout.toMillis() + " ms: " + lastLogLine());
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                stopNow();
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for " + who);
            }
        }
    }

    /** Waits for the process to end after the caller asked it to; kills it when it ignores the request. */
    void awaitExit(Duration grace) {
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                stopNow();
            }
        } catch (InterruptedException e) {
            stopNow();
            Thread.currentThread().interrupt();
        }
    }

    /** Sends {@code signal} (a name such as INT); throws when it could not be delivered. */
    void signal(String signal) throws IOException {
        if (!Signals.send(pid(), signal)) {
            throw new IOException("kill -s " + signal + " " + pid() + " (" + who + ") failed");
        }
    }

    /** Runs {@code then} with the exit code once the process has ended, however it ended. */
    void onExit(IntConsumer then) {
        process.onExit().thenAccept(p -> then.accept(p.exitValue()));
    }

    /** The exit code once ended, -1 while it runs. */
    int exitCode() {
        return process.isAlive() ? -1 : process.exitValue();
    }

    void terminate() {
        process.destroy();
    }

    void stopNow() {
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The line of the log that best explains a failure: the last error, else the last line. */
    String lastLogLine() {
        try {
            // Decoding leniently: a server's log is not guaranteed to be valid UTF-8.
            String[] lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).split("\n");
            // PostgreSQL's last words are "database system is shut down"; the reason is the FATAL line before.
            for (int i = lines.length - 1; i >= 0; i--) {
                if (lines[i].matches(".*(FATAL|PANIC|ERROR|error):.*")) {
                    return lines[i].strip();
                }
            }
            for (int i = lines.length - 1; i >= 0; i--) {
                if (!lines[i].isBlank()) {
                    return lines[i].strip();
                }
            }
            return "(" + log + " is empty)";
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
