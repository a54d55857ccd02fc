package lab.guard.shedlock;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The one thread a worker's {@code KeepAliveLockProvider} extends its locks on, kept in the worker's clients: a switch
 * keeps it, and a run of a retired guard still has its lock extended until its job ends.
 */
final class KeepAliveThreads implements AutoCloseable {
    private final ScheduledExecutorService executor;

    KeepAliveThreads(String worker) {
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, worker + "-shedlock-keepalive");
            t.setDaemon(true);
            return t;
        });
    }

    ScheduledExecutorService executor() {
        return executor;
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
