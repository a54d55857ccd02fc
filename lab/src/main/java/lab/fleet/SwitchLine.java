package lab.fleet;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
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

    SwitchLine(String worker, OutputStream stdin) {
        this.worker = worker;
        this.stdin = stdin;
    }

    /**
     * Writes {@code control}; completes with the answer (empty when the new guard is in force, else why not) when the
     * worker writes it, or at once with why it could not be asked. An answer that never comes (a paused worker) leaves
     * it pending: the caller bounds the wait and then {@link #forget}s it.
     */
    CompletableFuture<Optional<String>> ask(Control control, WorkerState state) {
        CompletableFuture<Optional<String>> answer = new CompletableFuture<>();
        asked.put(control.id(), answer);
        try {
            synchronized (stdin) {
                stdin.write((control.toLine() + "\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            }
        } catch (IOException e) {
            asked.remove(control.id());
            answer.complete(Optional.of(worker + " could not be asked: its stdin is closed (" + state + ")"));
        }
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
