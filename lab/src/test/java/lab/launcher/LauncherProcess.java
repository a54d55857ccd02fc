package lab.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** The launcher as its own JVM, as run.sh starts it: for what only a separate process shows (exit codes, kill -9). */
final class LauncherProcess implements AutoCloseable {
    final Process process;
    final List<String> out = new CopyOnWriteArrayList<>();
    final List<String> err = new CopyOnWriteArrayList<>();

    private LauncherProcess(Process process) {
        this.process = process;
        pump(process.getInputStream(), out);
        pump(process.getErrorStream(), err);
    }

    static LauncherProcess start(Path workDir, Map<String, String> env, String... args) throws IOException {
        return start(List.of(), workDir, env, args);
    }

    /**
     * The same, started through {@code prefix}: {@code setpriv --bounding-set=-all --inh-caps=-all --} runs it as a
     * laptop user runs it, without the capabilities that make network namespaces.
     */
    static LauncherProcess start(List<String> prefix, Path workDir, Map<String, String> env, String... args)
            throws IOException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m",
                "-cp",
                System.getProperty("java.class.path"),
                "lab.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile());
        pb.environment().putAll(env);
        return new LauncherProcess(pb.start());
    }

    /** Waits for a line of stdout that matches, and returns it; fails with everything printed so far. */
    String awaitLine(Predicate<String> match, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (String line : out) {
                if (match.test(line)) {
                    return line;
                }
            }
            if (!process.isAlive() && process.waitFor(0, TimeUnit.MILLISECONDS)) {
                Thread.sleep(200); // let the pumps drain
                break;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no matching line within " + timeout + "; stdout:\n" + String.join("\n", out)
                + "\nstderr:\n" + String.join("\n", err));
    }

    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(
                    "launcher still running after " + timeout + "; stdout:\n" + String.join("\n", out));
        }
        Thread.sleep(100); // let the pumps drain
        return process.exitValue();
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static void pump(java.io.InputStream in, List<String> sink) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    sink.add(line);
                }
            } catch (IOException ignored) {
                // the process is gone
            }
        });
        t.setDaemon(true);
        t.start();
    }
}
