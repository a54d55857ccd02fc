package lab.fleet;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import lab.protocol.ModeSpec;
import lab.session.RunSummary;

/**
 * Tells workers to build a new guard, all at once, and measures how long each took to acknowledge: a worker answers
 * only once its new guard is connected. The one fan-out of a switch: the lab's own workers ({@code PUT /mode} with
 * the session token, {@link #channel}) and attached ones ({@link AttachServer#channels}) go through it together.
 */
public final class ModeSwitcher {
    /** As long as a worker may take to open its new guard and say so. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http;
    private final String token;
    /** The last spec asked for and its body: one switch asks every worker the same, written once, not once each. */
    private volatile Body last = new Body(null, null);

    private record Body(ModeSpec spec, String json) {}

    public ModeSwitcher(HttpClient http, String token) {
        this.http = http;
        this.token = token;
    }

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

    /** How a switch reaches one of the lab's own workers: {@code PUT /mode} on its HTTP port. */
    public SwitchChannel channel(WorkerProcess w) {
        return spec -> {
            HttpRequest req = HttpRequest.newBuilder(URI.create(w.url() + "/mode"))
                    .timeout(TIMEOUT)
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString(bodyOf(spec)))
                    .build();
            return http.sendAsync(req, HttpResponse.BodyHandlers.ofString())
                    // A kept-alive connection that died while the worker was paused answers nothing at all: the call
                    // goes once more, on a new connection (PUT /mode is idempotent). A timeout is not retried.
                    .exceptionallyCompose(err -> stale(err)
                            ? http.sendAsync(req, HttpResponse.BodyHandlers.ofString())
                            : CompletableFuture.failedFuture(err))
                    .handle((res, err) -> {
                        if (err != null && timedOut(err)) {
                            return Optional.of(SwitchAnswer.unanswered(w.id(), "PUT /mode"));
                        }
                        if (err != null) {
                            return Optional.of(new SwitchAnswer.Refused(
                                    w.id() + " did not answer PUT /mode: " + err.getMessage()));
                        }
                        if (res.statusCode() != 200) {
                            return Optional.of(new SwitchAnswer.Refused(
                                    w.id() + " refused (" + res.statusCode() + "): " + errorOf(res.body())));
                        }
                        return Optional.<SwitchAnswer>empty();
                    });
        };
    }

    private String bodyOf(ModeSpec spec) {
        Body b = last;
        if (!spec.equals(b.spec())) {
            b = new Body(spec, body(spec));
            last = b;
        }
        return b.json();
    }

    private static String body(ModeSpec spec) {
        try {
            return JSON.std.asString(spec.toMap());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The worker said nothing within {@link #TIMEOUT}: slow (a library loading), paused or gone, not refusing. */
    private static boolean timedOut(Throwable err) {
        Throwable e = err instanceof java.util.concurrent.CompletionException && err.getCause() != null
                ? err.getCause()
                : err;
        return e instanceof java.net.http.HttpTimeoutException;
    }

    /** A connection that closed before any answer: not the worker refusing, nor the worker too slow. */
    private static boolean stale(Throwable err) {
        Throwable e = err instanceof java.util.concurrent.CompletionException && err.getCause() != null
                ? err.getCause()
                : err;
        return e instanceof IOException && !(e instanceof java.net.http.HttpTimeoutException);
    }

    private static String errorOf(String body) {
        try {
            Map<String, Object> m = JSON.std.mapFrom(body);
            return String.valueOf(m.getOrDefault("error", body));
        } catch (IOException | RuntimeException e) {
            return body;
        }
    }
}
