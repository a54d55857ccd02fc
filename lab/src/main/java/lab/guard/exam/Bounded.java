package lab.guard.exam;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A call into the learner's code, on a thread of its own and cut after a bound: a lock that never returns costs its
 * thread, not the worker's ticks. What came of it is one of three answers.
 */
final class Bounded {
    /** How long a learner's call may take: past Jedis's 2 s timeout, so that a server down throws before it. */
    static final Duration BOUND = Duration.ofSeconds(5);

    /** Daemon threads: a call that hangs for ever does not keep the worker's JVM alive when it is told to stop. */
    private static final ExecutorService CALLS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "exam-call");
        t.setDaemon(true);
        return t;
    });

    private Bounded() {}

    /** What one call came to. */
    sealed interface Answer<T> {}

    record Returned<T>(T value) implements Answer<T> {}

    /** It threw: {@code where} is the learner's file and line, when a frame of it is on the stack. */
    record Threw<T>(Throwable error, String where, boolean serverDown) implements Answer<T> {}

    record Hung<T>() implements Answer<T> {}

    static <T> Answer<T> call(Callable<T> call, String sourceFile) throws InterruptedException {
        Future<T> f = CALLS.submit(call);
        try {
            return new Returned<>(f.get(BOUND.toMillis(), TimeUnit.MILLISECONDS));
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return new Threw<>(cause, where(cause, sourceFile), serverDown(cause));
        } catch (TimeoutException e) {
            f.cancel(true);
            return new Hung<>();
        }
    }

    /**
     * The error as the learner needs it: {@code MyLock.java:23: IllegalStateException: boom}, with the first line of
     * their own file on its stack (or its cause's); without one, the error alone.
     */
    static String where(Throwable error, String sourceFile) {
        String what = error.getClass().getSimpleName() + (error.getMessage() == null ? "" : ": " + error.getMessage());
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            for (StackTraceElement frame : t.getStackTrace()) {
                if (sourceFile.equals(frame.getFileName()) && frame.getLineNumber() > 0) {
                    return sourceFile + ":" + frame.getLineNumber() + ": " + what;
                }
            }
        }
        return what;
    }

    /** Whether the call failed because a server could not be reached, as opposed to the learner's own mistake. */
    private static boolean serverDown(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String name = t.getClass().getName();
            if (t instanceof ConnectException
                    || t instanceof SocketTimeoutException
                    || name.equals("redis.clients.jedis.exceptions.JedisConnectionException")
                    || (t instanceof SQLException s
                            && s.getSQLState() != null
                            && s.getSQLState().startsWith("08"))
                    || t instanceof SQLTransientConnectionException) {
                return true;
            }
        }
        return false;
    }
}
