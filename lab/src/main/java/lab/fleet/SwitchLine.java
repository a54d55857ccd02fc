package lab.fleet;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import lab.protocol.Control;
import lab.protocol.WorkerFact;
import lab.session.WorkerState;

/**
 * The switches of one forked worker, down its stdin: each a {@link Control} line, answered by the worker's
 * {@code answer} event once the new guard is in force or the switch was refused. The stdin stays open after them:
 * its end is how the worker learns that the launcher is gone.
 */
final class SwitchLine {
    private final String worker;
    private final OutputStream stdin;
    /** Switches written and not answered yet, by their number. */
    private final Map<Long, CompletableFuture<Optional<String>>> asked = new ConcurrentHashMap<>();
    /**
     * Writes the lines, in order, off the caller's thread: a paused worker reads nothing, and once its pipe is full a
     * write blocks until it is resumed; the fan-out must not wait with it (its answer times out instead). One thread,
     * gone when idle.
     */
    private final ThreadPoolExecutor writer;

    SwitchLine(String worker, OutputStream stdin) {
        this.worker = worker;
        this.stdin = stdin;
        this.writer = new ThreadPoolExecutor(1, 1, 5, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, worker + "-switches");
            t.setDaemon(true);
            return t;
        });
        writer.allowCoreThreadTimeOut(true);
    }

    /**
     * Writes {@code control}; completes with the answer (empty when the new guard is in force, else why not) when the
     * worker writes it, or at once with why it could not be asked. An answer that never comes (a paused worker) leaves
     * it pending: the caller bounds the wait and then {@link #forget}s it.
     */
    CompletableFuture<Optional<String>> ask(Control control, WorkerState state) {
        CompletableFuture<Optional<String>> answer = new CompletableFuture<>();
        asked.put(control.id(), answer);
        byte[] line = (control.toLine() + "\n").getBytes(StandardCharsets.UTF_8);
        writer.execute(() -> {
            try {
                stdin.write(line);
                stdin.flush();
            } catch (IOException e) {
                asked.remove(control.id());
                answer.complete(Optional.of(worker + " could not be asked: its stdin is closed (" + state + ")"));
            }
        });
        return answer;
    }

    void forget(long control) {
        asked.remove(control);
    }

    /** The worker's answer: completes the switch it names, if one still waits for it. */
    void answered(WorkerFact.Answer a) {
        CompletableFuture<Optional<String>> waiting = a.control() == null ? null : asked.remove(a.control());
        if (waiting != null) {
            waiting.complete(Optional.ofNullable(a.error()));
        }
    }
}
