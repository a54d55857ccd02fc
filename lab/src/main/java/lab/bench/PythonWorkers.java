package lab.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import lab.os.FreePort;

/**
 * The Python app the lab's workers stand for (FastAPI with an APScheduler job, {@code lab/bench/python/app.py}),
 * started as the articles start it, {@code uvicorn --workers N}, with the system's Python and Debian's packages:
 * the same figures measured the same way, on the same machine, in the same run.
 */
final class PythonWorkers {
    /** Debian's packages serve the system's Python, which need not be the {@code python3} first on the PATH. */
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    private static final String READY_LINE = "Application startup complete.";

    private final Path app;
    private final Path work;

    PythonWorkers(Path labHome, Path work) {
        this.app = labHome.resolve("lab/bench/python");
        this.work = work;
    }

    /** Why the comparison cannot run here, or empty when it can. */
    Optional<String> whyNot() throws InterruptedException {
        if (!Files.isRegularFile(app.resolve("app.py"))) {
            return Optional.of(app.resolve("app.py") + " is missing");
        }
        if (!Files.isExecutable(PYTHON)) {
            return Optional.of("no " + PYTHON);
        }
        try {
            Process p = new ProcessBuilder(PYTHON.toString(), "-c", "import fastapi, uvicorn, apscheduler")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return Optional.of("python3-fastapi, python3-uvicorn and python3-apscheduler are not installed"
                        + " (apt-get install python3-fastapi python3-uvicorn python3-apscheduler)");
            }
        } catch (IOException e) {
            return Optional.of(PYTHON + " cannot be run: " + e.getMessage());
        }
        return Optional.empty();
    }

    /** One start of N workers: launch → all N ready and answering, then each worker's PSS and RSS after settling. */
    record Start(long readyMillis, List<Long> pssKb, List<Long> rssKb) {}

    Start start(int n, Duration settle) throws IOException, InterruptedException {
        int port = FreePort.pick();
        Path db = Files.createTempFile(work, "python-counter", ".db");
        ProcessBuilder pb = new ProcessBuilder(
                        PYTHON.toString(),
                        "-m",
                        "uvicorn",
                        "--app-dir",
                        app.toString(),
                        "app:app",
                        "--workers",
                        String.valueOf(n),
                        "--host",
                        "127.0.0.1",
                        "--port",
                        String.valueOf(port),
                        "--log-level",
                        "info")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("BENCH_DB", db.toString());
        long t0 = System.nanoTime();
        Process master = pb.start();
        CountDownLatch ready = new CountDownLatch(n);
        AtomicLong lastReady = new AtomicLong();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader r = new BufferedReader(
                            new InputStreamReader(master.getErrorStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = r.readLine()) != null; ) {
                            if (line.contains(READY_LINE)) {
                                lastReady.set(System.nanoTime());
                                ready.countDown();
                            }
                        }
                    } catch (IOException e) {
                        // uvicorn is gone
                    }
                },
                "bench-uvicorn");
        reader.setDaemon(true);
        reader.start();
        try {
            if (!ready.await(120, TimeUnit.SECONDS)) {
                throw new IOException("uvicorn's " + n + " workers did not all start");
            }
            // Every worker said it is up; they share one socket, so one answer shows the socket serves.
            // HTTP/1.1 as curl asks: the JDK client's default offers an h2c upgrade, which uvicorn answers with 400.
            HttpClient http =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/healthz"))
                    .timeout(Duration.ofSeconds(2))
                    .build();
            long answered = lastReady.get();
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            int status = 0;
            while (status != 200) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("uvicorn's workers said they started, but /healthz answered "
                            + (status == 0 ? "nothing" : String.valueOf(status)) + " for 60 s");
                }
                try {
                    status = http.send(req, HttpResponse.BodyHandlers.discarding())
                            .statusCode();
                } catch (IOException notYet) {
                    status = 0;
                }
                if (status != 200) {
                    Thread.sleep(5);
                }
            }
            answered = Math.max(answered, System.nanoTime());
            Thread.sleep(settle.toMillis());
            List<Long> pss = new ArrayList<>();
            List<Long> rss = new ArrayList<>();
            for (ProcessHandle w : workers(master)) {
                pss.add(ProcStats.pssKb(w.pid()));
                rss.add(ProcStats.rssKb(w.pid()));
            }
            return new Start((answered - t0) / 1_000_000, pss, rss);
        } finally {
            List<ProcessHandle> all = master.descendants().toList();
            master.destroy(); // SIGTERM: uvicorn stops its workers, then itself
            if (!master.waitFor(30, TimeUnit.SECONDS)) {
                all.forEach(ProcessHandle::destroyForcibly);
                master.destroyForcibly().waitFor();
            }
        }
    }

    /** uvicorn's workers: the children started by multiprocessing's spawn, not its resource tracker. */
    private static List<ProcessHandle> workers(Process master) {
        return master.toHandle()
                .children()
                .filter(c -> c.info()
                        .arguments()
                        .map(a -> String.join(" ", a).contains("spawn_main"))
                        .orElse(false))
                .toList();
    }
}
