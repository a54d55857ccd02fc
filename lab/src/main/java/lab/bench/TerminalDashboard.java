package lab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * The launcher as a trainer runs it: {@code run.sh} with its dashboard drawn on a real terminal (a tmux session on a
 * tmux server of the bench's own), measured from outside. Its CPU and memory are that launcher's, with the flags
 * run.sh gives it and the terminal it draws on, not the bench's JVM, whose heap the other runs grow.
 */
final class TerminalDashboard {
    private static final Duration START_LIMIT = Duration.ofSeconds(120);
    /** What the dashboard shows once every worker answered: the status line's "all 4 workers ready in 1371 ms". */
    private static final String READY_MARK = "ready in";

    private final Path runSh;
    private final Path runsDir;
    private final Path work;
    /**
     * A server of its own, its socket in the bench's folder (deleted with it): stopping it cannot touch anyone else's
     * sessions, and no socket is left in the user's tmux folder.
     */
    private final Path socket;

    TerminalDashboard(Path runSh, Path runsDir, Path work) {
        this.runSh = runSh;
        this.runsDir = runsDir;
        this.work = work;
        this.socket = work.resolve("tmux.sock");
    }

    /** The launcher with its dashboard open on N idle workers: CPU over {@code window} in % of one core, RSS, PSS. */
    record Launcher(int workers, double cpuPercent, long rssKb, long pssKb) {}

    Launcher idle(int workers, Duration settle, Duration window) throws IOException, InterruptedException {
        if (run(List.of("sh", "-c", "command -v tmux")).code() != 0) {
            throw new IOException("tmux is not installed: the launcher is measured on a real terminal");
        }
        // exec: the pane's process is run.sh itself, whose child is the launcher. Bounded, so that a bench killed
        // with -9 leaves no dashboard running for long.
        String command = "exec '" + runSh + "' --workers " + workers + " --mode naive --duration 10m --runs-dir '"
                + runsDir + "'";
        Result started = tmux(
                "new-session",
                "-d",
                "-P",
                "-F",
                "#{pane_pid}",
                "-s",
                "bench",
                "-x",
                "120",
                "-y",
                "40",
                "-c",
                work.toString(),
                command);
        if (started.code() != 0) {
            throw new IOException("tmux could not open the dashboard's terminal: "
                    + started.out().strip());
        }
        long runShPid = Long.parseLong(started.out().strip());
        ProcessHandle launcher = null;
        try {
            awaitScreen(s -> s.contains(READY_MARK), START_LIMIT);
            launcher = ProcessHandle.of(runShPid).stream()
                    .flatMap(ProcessHandle::children)
                    .filter(c ->
                            c.info().command().map(cmd -> cmd.endsWith("/java")).orElse(false))
                    .findFirst()
                    .orElseThrow(() -> new IOException("run.sh (pid " + runShPid + ") has no launcher JVM"));
            Thread.sleep(settle.toMillis());
            long cpu0 = ProcStats.cpuMillis(launcher.pid());
            long t0 = System.nanoTime();
            Thread.sleep(window.toMillis());
            double cpu = 100.0 * (ProcStats.cpuMillis(launcher.pid()) - cpu0) / ((System.nanoTime() - t0) / 1e6);
            return new Launcher(workers, cpu, ProcStats.rssKb(launcher.pid()), ProcStats.pssKb(launcher.pid()));
        } finally {
            stop(runShPid, launcher);
        }
    }

    /** SIGTERM to the launcher (as Ctrl-C would: it stops its workers and servers), then the bench's tmux server. */
    private void stop(long runShPid, ProcessHandle launcher) throws InterruptedException {
        if (launcher != null) {
            launcher.destroy();
        }
        Optional<ProcessHandle> runShProcess = ProcessHandle.of(runShPid);
        if (runShProcess.isPresent()) {
            try {
                runShProcess.get().onExit().get(60, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // the kill below ends the session: run.sh gets its SIGHUP, which it passes on to the launcher
            }
        }
        try {
            tmux("kill-server");
        } catch (IOException e) {
            // the server ended with its last session
        }
    }

    private String awaitScreen(Predicate<String> ready, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String screen = "";
        while (System.nanoTime() < deadline) {
            screen = tmux("capture-pane", "-p", "-t", "bench").out();
            if (ready.test(screen)) {
                return screen;
            }
            Thread.sleep(250);
        }
        throw new IOException("the dashboard did not show '" + READY_MARK + "' within " + timeout.toSeconds()
                + " s; its screen: " + String.join(" | ", screen.strip().lines().toList()));
    }

    private record Result(int code, String out) {}

    private Result tmux(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-S", socket.toString()));
        cmd.addAll(List.of(args));
        return run(cmd);
    }

    private static Result run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd) + " did not end within 30 s");
        }
        return new Result(p.exitValue(), out);
    }
}
