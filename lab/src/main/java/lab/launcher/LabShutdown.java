package lab.launcher;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a run does when the JVM is told to exit while it runs (SIGTERM or SIGHUP handed on by run.sh, Ctrl-C): ask the
 * run to stop, give it up to 30 s to finish as after {@code q} — summary, tables and all — then close whatever is still
 * open, so that no worker or server outlives the launcher. Installed for the length of one run, removed when the run
 * ends on its own.
 */
public final class LabShutdown {
    private static final long GRACE_SECONDS = 30;
    private final Thread hook;

    private LabShutdown(Thread hook) {
        this.hook = hook;
    }

    /**
     * @param askToStop tells the run to stop at its next step
     * @param finished  counted down when the run has finished on its own; null when there is nothing to wait for
     * @param closers   closed in this order once the run finished or the grace ran out
     */
    public static LabShutdown install(
            String name, Runnable askToStop, CountDownLatch finished, AutoCloseable... closers) {
        List<AutoCloseable> toClose = List.of(closers);
        Thread hook = new Thread(
                () -> {
                    askToStop.run();
                    if (finished != null) {
                        try {
                            finished.await(GRACE_SECONDS, TimeUnit.SECONDS);
                        } catch (InterruptedException ignored) {
                            // exiting anyway
                        }
                    }
                    for (AutoCloseable c : toClose) {
                        try {
                            c.close();
                        } catch (Exception e) {
                            System.err.println(
                                    name + " - closing " + c.getClass().getSimpleName() + " failed: " + e);
                        }
                    }
                },
                name);
        Runtime.getRuntime().addShutdownHook(hook);
        return new LabShutdown(hook);
    }

    /** The run ended on its own and closed what it opened: the hook is no longer needed. */
    public void remove() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running already, and closes the same things, which closing twice leaves as they are.
        }
    }
}
