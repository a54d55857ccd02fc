package lab.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Starts every child process of the lab so that none outlives it, even after {@code kill -9} of the launcher.
 *
 * <p>Each child is wrapped in {@code setpriv --pdeathsig KILL}: the kernel kills it when its parent dies, and
 * SIGKILL reaches a paused (SIGSTOPped) child too, which a child watching its parent could not. The kernel's
 * "parent" is the <em>thread</em> that forked, not the process: a child forked from a short-lived thread would
 * be killed when that thread ends. So every fork happens on one thread that lives as long as the launcher.
 */
public final class Spawner {
    private static final Path SETPRIV = Path.of("/usr/bin/setpriv");
    private static final Path SETSID = Path.of("/usr/bin/setsid");
    private static final ExecutorService FORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "lab-forker");
        t.setDaemon(true);
        return t;
    });

    private Spawner() {}

    /** Whether children die with the launcher by the kernel's hand, or only by their own watch. */
    public static boolean hasParentDeathSignal() {
        return Files.isExecutable(SETPRIV);
    }

    public static Process start(ProcessBuilder pb) throws IOException {
        List<String> command = new ArrayList<>();
        if (hasParentDeathSignal()) {
            command.addAll(List.of(SETPRIV.toString(), "--pdeathsig", "KILL", "--"));
        }
        if (Files.isExecutable(SETSID)) {
            // A session of its own: Ctrl-C in the terminal reaches the launcher alone, which then stops the workers
            // first, counts from the table, and stops the servers last. (The child is no group leader, so setsid
            // does not fork, and the parent-death signal set just before survives its exec.)
            command.add(SETSID.toString());
        }
        command.addAll(pb.command());
        pb.command(command);
        try {
            return FORKER.submit(pb::start).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting " + command.get(command.size() - 1), e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(cause);
        }
    }
}
