package lab.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures taken from outside the lab, as a user starts it ({@code run.sh --headless}, the default servers and
 * the worker flags it ships): the workers' memory and the time from launch to every worker answering.
 */
final class OutsideRuns {
    /** The launcher's line once every worker answers: "all 4 workers ready in 1371 ms (pids [1, 2, 3, 4]); …". */
    private static final Pattern READY = Pattern.compile(".* ready in \\d+ ms \\(pids \\[([\\d, ]*)\\]\\).*");
    /** One line per worker as it answers {@code /healthz}: "w3 up: pid 4711, http://127.0.0.1:41234". */
    private static final Pattern UP = Pattern.compile("w\\d+ up: pid \\d+, http://127\\.0\\.0\\.1:(\\d+)");

    private static final Duration START_LIMIT = Duration.ofSeconds(120);

    private final Path runSh;
    private final Path runsDir;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** {@code runsDir}: where the bench's labs record, so that they do not crowd the user's runs/. */
    OutsideRuns(Path runSh, Path runsDir) {
        this.runSh = runSh;
        this.runsDir = runsDir;
    }

    /** Memory of N idle naive workers, each and summed, after {@code settle}; and the headless launcher's RSS. */
    record Memory(int workers, List<Long> rssKb, List<Long> pssKb, long launcherRssKb) {
        double avgRssMb() {
            return rssKb.stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1024;
        }

        double avgPssMb() {
            return pssKb.stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1024;
        }

        double sumPssMb() {
            return pssKb.stream().mapToLong(Long::longValue).sum() / 1024.0;
        }
    }

    Memory memory(int n, Duration settle) throws IOException, InterruptedException {
        try (LabChild lab = start(n)) {
            LabChild.Line ready = lab.await(l -> READY.matcher(l).matches(), START_LIMIT)
                    .orElseThrow(() -> new IOException(n + " workers did not get ready: " + lab.stderrTail()));
            Matcher m = READY.matcher(ready.text());
            m.matches();
            List<Long> pids = Arrays.stream(m.group(1).split(",\\s*"))
                    .map(Long::parseLong)
                    .toList();
            Thread.sleep(settle.toMillis());
            List<Long> rss = new ArrayList<>();
            List<Long> pss = new ArrayList<>();
            for (long pid : pids) {
                rss.add(ProcStats.rssKb(pid));
                pss.add(ProcStats.pssKb(pid));
            }
            long launcherRss = ProcStats.rssKb(lab.launcher().orElseThrow().pid());
            return new Memory(n, rss, pss, launcherRss);
        }
    }

    /** Milliseconds from starting {@code run.sh} to the last of {@code n} workers answering {@code GET /healthz}. */
    long launchToReady(int n) throws IOException, InterruptedException {
        try (LabChild lab = start(n)) {
            long last = 0;
            for (int k = 1; k <= n; k++) {
                LabChild.Line up = lab.awaitNth(l -> UP.matcher(l).matches(), k, START_LIMIT)
                        .orElseThrow(() -> new IOException("not every worker came up: " + lab.stderrTail()));
                Matcher m = UP.matcher(up.text());
                m.matches();
                last = Math.max(last, healthy(Integer.parseInt(m.group(1))));
            }
            return (last - lab.startedAt()) / 1_000_000;
        }
    }

    /** The moment a worker answered {@code /healthz} with 200, asked by the bench itself. */
    private long healthy(int port) throws IOException, InterruptedException {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/healthz"))
                .timeout(Duration.ofSeconds(2))
                .build();
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (http.send(req, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return System.nanoTime();
                }
            } catch (IOException notYet) {
                // the launcher saw it answer; a refused connection here would be news, and is retried
            }
            Thread.sleep(5);
        }
        throw new IOException("the worker on port " + port + " never answered /healthz");
    }

    /** A warm-up run, counted nowhere: a fresh jar's first worker writes the class-data archive the others use. */
    void warmUp() throws IOException, InterruptedException {
        try (LabChild lab = start(1)) {
            lab.await(l -> READY.matcher(l).matches(), START_LIMIT)
                    .orElseThrow(() -> new IOException("the lab did not start: " + lab.stderrTail()));
        }
    }

    private LabChild start(int n) throws IOException {
        // Bounded, so that a bench killed with -9 leaves no lab running for long.
        return LabChild.start(
                runSh,
                List.of(
                        "--headless",
                        "--workers",
                        String.valueOf(n),
                        "--mode",
                        "naive",
                        "--duration",
                        "10m",
                        "--runs-dir",
                        runsDir.toString()),
                Map.of());
    }
}
