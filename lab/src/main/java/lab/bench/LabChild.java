package lab.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A lab started as a user starts it, {@code run.sh} with its arguments, watched from outside: each line it prints,
 * with the moment it arrived. Closing it is what a user's Ctrl-C would do: SIGTERM to the launcher, which stops its
 * workers and servers and prints its summary.
 */
final class LabChild implements AutoCloseable {
    /** One line of the lab's output and when it was read ({@link System#nanoTime}). */
    record Line(long at, String text) {}

    private final Process process;
    private final long startedAt;
    private final List<Line> lines = new ArrayList<>(); // guarded by this
    private final Deque<String> stderr = new ArrayDeque<>(); // guarded by itself

    private LabChild(Process process, long startedAt) {
        this.process = process;
        this.startedAt = startedAt;
    }

    static LabChild start(Path runSh, List<String> args, Map<String, String> env) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(runSh.toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE);
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        LabChild child = new LabChild(pb.start(), t0);
        child.pump();
        return child;
    }

    /** When the process was started ({@link System#nanoTime}): the start of every "launch →" figure. */
    long startedAt() {
        return startedAt;
    }

    /** The first line that satisfies {@code p}, waiting up to {@code timeout} for it; empty if none came. */
    Optional<Line> await(Predicate<String> p, Duration timeout) throws InterruptedException {
        return awaitNth(p, 1, timeout);
    }

    /** The {@code n}th line that satisfies {@code p}. */
    synchronized Optional<Line> awaitNth(Predicate<String> p, int n, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            int seen = 0;
            for (Line l : lines) {
                if (p.test(l.text()) && ++seen == n) {
                    return Optional.of(l);
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || !process.isAlive() && doneReading) {
                return Optional.empty();
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    private boolean doneReading; // guarded by this

    /** The launcher: the JVM that {@code run.sh} started (it stays its parent). */
    Optional<ProcessHandle> launcher() {
        return process.toHandle()
                .children()
                .filter(c ->
                        c.info().command().map(cmd -> cmd.endsWith("/java")).orElse(false))
                .findFirst();
    }

    /** What the lab said last on stderr, for a failure's message. */
    String stderrTail() {
        synchronized (stderr) {
            return String.join(" | ", stderr);
        }
    }

    /** SIGTERM to the launcher (as Ctrl-C would), then waits; anything left after a minute is killed. */
    @Override
    public void close() throws InterruptedException {
        Optional<ProcessHandle> launcher = launcher();
        List<ProcessHandle> all = process.descendants().toList();
        if (launcher.isPresent()) {
            launcher.get().destroy();
        } else {
            process.destroy();
        }
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            all.forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor();
        }
    }

    private void pump() {
        Thread out = new Thread(
                () -> {
                    try (BufferedReader r = new BufferedReader(
                            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = r.readLine()) != null; ) {
                            long at = System.nanoTime();
                            synchronized (this) {
                                lines.add(new Line(at, line));
                                notifyAll();
                            }
                        }
                    } catch (IOException e) {
                        // the lab is gone: what it printed so far is what there is
                    }
                    synchronized (this) {
                        doneReading = true;
                        notifyAll();
                    }
                },
                "bench-stdout");
        out.setDaemon(true);
        out.start();
        Thread err = new Thread(
                () -> {
                    try (BufferedReader r = new BufferedReader(
                            new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = r.readLine()) != null; ) {
                            synchronized (stderr) {
                                stderr.addLast(line);
                                if (stderr.size() > 5) {
                                    stderr.removeFirst();
                                }
                            }
                        }
                    } catch (IOException e) {
                        // as above
                    }
                },
                "bench-stderr");
        err.setDaemon(true);
        err.start();
    }
}
