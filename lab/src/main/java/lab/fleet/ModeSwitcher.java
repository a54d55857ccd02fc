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
import java.util.concurrent.CompletableFuture;
import lab.protocol.ModeSpec;
import lab.session.RunSummary;

/**
 * Tells every worker to build a new guard ({@code PUT /mode} with the session token), all at once, and measures
 * how long the slowest took to acknowledge: a worker answers only once its new guard is connected.
 */
public final class ModeSwitcher {
    private final HttpClient http;
    private final String token;

    public ModeSwitcher(HttpClient http, String token) {
        this.http = http;
        this.token = token;
    }

    /** The outcome of one switch: per worker the time to acknowledge, or why it refused. */
    public record Result(List<Long> ackMillis, List<String> refusals) {
        public boolean complete() {
            return refusals.isEmpty();
        }

        public long p50() {
            return RunSummary.median(ackMillis);
        }

        public long max() {
            return ackMillis.stream().mapToLong(Long::longValue).max().orElse(-1);
        }
    }

    public Result switchAll(List<WorkerProcess> workers, ModeSpec spec) {
        String body;
        try {
            body = JSON.std.asString(spec.toMap());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        long t0 = System.nanoTime();
        List<CompletableFuture<String>> calls = new ArrayList<>();
        for (WorkerProcess w : workers) {
            HttpRequest req = HttpRequest.newBuilder(URI.create(w.url() + "/mode"))
                    .timeout(Duration.ofSeconds(10))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString(body))
                    .build();
            calls.add(http.sendAsync(req, HttpResponse.BodyHandlers.ofString())
                    // A kept-alive connection that died while the worker was paused answers nothing at all: the call
                    // goes once more, on a new connection (PUT /mode is idempotent). A timeout is not retried.
                    .exceptionallyCompose(err -> stale(err)
                            ? http.sendAsync(req, HttpResponse.BodyHandlers.ofString())
                            : CompletableFuture.failedFuture(err))
                    .handle((res, err) -> {
                        if (err != null) {
                            return w.id() + " did not answer PUT /mode: " + err.getMessage();
                        }
                        if (res.statusCode() != 200) {
                            return w.id() + " refused (" + res.statusCode() + "): " + errorOf(res.body());
                        }
                        return null;
                    })
                    .thenApply(refusal -> refusal == null ? "ok:" + (System.nanoTime() - t0) / 1_000_000 : refusal));
        }
        List<Long> acks = new ArrayList<>();
        List<String> refusals = new ArrayList<>();
        for (CompletableFuture<String> c : calls) {
            String r = c.join();
            if (r.startsWith("ok:")) {
                acks.add(Long.parseLong(r.substring(3)));
            } else {
                refusals.add(r);
            }
        }
        return new Result(acks, refusals);
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
