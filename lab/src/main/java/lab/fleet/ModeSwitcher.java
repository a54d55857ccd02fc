package lab.fleet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import lab.protocol.Control;
import lab.protocol.ModeSpec;
import lab.session.RunSummary;

/**
 * Tells workers to build a new guard, all at once, and measures how long each took to acknowledge: a worker answers
 * only once its new guard is in force. The one fan-out of a switch: the lab's own workers (a line on their stdin,
 * {@link #channel}) and attached ones ({@link AttachServer#channels}) go through it together.
 */
public final class ModeSwitcher {
    /** As long as a worker may take to open its new guard and say so. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** The number of the next switch written to a worker: its answer names it. */
    private final AtomicLong controls = new AtomicLong();

    /** The outcome of one switch: every worker's answer, in the order they were asked. */
    public record Result(List<SwitchAnswer> answers) {
        public Result {
            answers = List.copyOf(answers);
        }

        /** Per worker that acknowledged, the time it took. */
        public List<Long> ackMillis() {
            return answers.stream()
                    .filter(a -> a instanceof SwitchAnswer.Acknowledged)
                    .map(a -> ((SwitchAnswer.Acknowledged) a).millis())
                    .toList();
        }

        /** Per worker that refused, why. */
        public List<String> refusals() {
            return answers.stream()
                    .filter(a -> a instanceof SwitchAnswer.Refused)
                    .map(a -> ((SwitchAnswer.Refused) a).line())
                    .toList();
        }

        /** Per worker that did not acknowledge, refused or silent, the line that says so. */
        public List<String> notAcknowledged() {
            List<String> lines = new ArrayList<>();
            for (SwitchAnswer a : answers) {
                if (a instanceof SwitchAnswer.Refused no) {
                    lines.add(no.line());
                } else if (a instanceof SwitchAnswer.Unanswered silent) {
                    lines.add(silent.line());
                }
            }
            return lines;
        }

        /** Whether every worker refused: only then is the lab sure that none moved. */
        public boolean refusedByAll() {
            return refusals().size() == answers.size();
        }

        public boolean complete() {
            return notAcknowledged().isEmpty();
        }

        public long p50() {
            return RunSummary.median(ackMillis());
        }

        public long max() {
            return ackMillis().stream().mapToLong(Long::longValue).max().orElse(-1);
        }
    }

    /** The lab's own {@code workers}, by {@code PUT /mode}. */
    public Result switchAll(List<WorkerProcess> workers, ModeSpec spec) {
        return fanOut(workers.stream().map(this::channel).toList(), spec);
    }

    /** Asks every channel at once, then waits for every answer: the slowest worker decides how long a switch takes. */
    public static Result fanOut(List<SwitchChannel> channels, ModeSpec spec) {
        long t0 = System.nanoTime();
        List<CompletableFuture<SwitchAnswer>> calls = new ArrayList<>();
        for (SwitchChannel c : channels) {
            calls.add(c.ask(spec)
                    .thenApply(answer -> answer.orElseGet(
                            () -> new SwitchAnswer.Acknowledged((System.nanoTime() - t0) / 1_000_000))));
        }
        return new Result(calls.stream().map(CompletableFuture::join).toList());
    }

    /**
     * How a switch reaches one of the lab's own workers: a line on its stdin, answered on its stdout once the new guard
     * is in force (a worker reads the lines one at a time, so a second switch waits for the first). No HTTP on either
     * side: nothing for the worker to parse but the line, and the answer rides the event lines the launcher reads anyway.
     */
    public SwitchChannel channel(WorkerProcess w) {
        return spec -> {
            long id = controls.incrementAndGet();
            SwitchLine line = w.switches();
            return SwitchAnswer.awaited(line.ask(new Control(id, spec.toMap()), w.state()), w.id(), w.id())
                    .whenComplete((answer, err) -> line.forget(id));
        };
    }
}
