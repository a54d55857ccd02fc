package lab.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import lab.protocol.Control;
import lab.protocol.ReportReply;
import lab.protocol.WorkerReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An attached worker's goodbye, against a launcher of the test's own over real HTTP: the stop comes at the moment the
 * test chooses, so the race each test is about is decided, not hoped for.
 */
class ReportLinkTest {
    private HttpServer launcher;
    private final List<WorkerReport> reports = new CopyOnWriteArrayList<>();
    private final CountDownLatch firstReport = new CountDownLatch(1);
    private volatile CountDownLatch holdFirstAnswer = new CountDownLatch(0);
    private volatile List<Control> firstControls = List.of();
    private ReportLink link;

    @BeforeEach
    void startLauncher() throws IOException {
        launcher = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        launcher.createContext("/events", x -> {
            WorkerReport r = WorkerReport.parse(x.getRequestBody().readAllBytes());
            reports.add(r);
            boolean first = firstReport.getCount() > 0;
            firstReport.countDown();
            List<Control> controls = List.of();
            if (first) {
                controls = firstControls;
                try {
                    holdFirstAnswer.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            byte[] body = new ReportReply(Instant.now(), controls).toJson().getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(200, body.length);
            try (OutputStream o = x.getResponseBody()) {
                o.write(body);
            }
        });
        launcher.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        launcher.start();
        URI to = URI.create("http://127.0.0.1:" + launcher.getAddress().getPort());
        link = new ReportLink(
                "w9", 4242, "box-a", to, "token", Clock.systemUTC(), new PrintStream(new ByteArrayOutputStream()));
    }

    @AfterEach
    void stopLauncher() {
        launcher.stop(0);
    }

    @Test
    void a_worker_stopped_while_a_report_is_in_flight_says_goodbye_with_the_lines_it_wrote_before() throws Exception {
        holdFirstAnswer = new CountDownLatch(1);
        link.start();
        assertThat(firstReport.await(10, TimeUnit.SECONDS))
                .as("the first report")
                .isTrue();

        write("{\"line\":\"written while the first report waits for its answer\"}");
        Thread stopping = new Thread(() -> link.leave(Duration.ofSeconds(5)));
        stopping.start();
        // leave() has marked the link leaving and waits for its sender (its one wait, sender.join with the grace),
        // or has already returned without waiting, while the first call is still unanswered: only then is the answer
        // let go.
        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(5))
                .until(() -> stopping.getState() == Thread.State.TIMED_WAITING
                        || stopping.getState() == Thread.State.TERMINATED);
        assertThat(reports)
                .as("the first report is still the only one, unanswered")
                .hasSize(1);
        holdFirstAnswer.countDown();
        stopping.join();

        WorkerReport last = reports.get(reports.size() - 1);
        assertThat(last.leaving())
                .as("the last report says it is leaving: %s", reports)
                .isTrue();
        assertThat(reports.stream().flatMap(r -> r.lines().stream()))
                .contains("{\"line\":\"written while the first report waits for its answer\"}");
    }

    @Test
    void a_worker_stopped_while_it_hands_on_a_control_call_still_says_goodbye() throws Exception {
        // The sender hands control calls on from its own thread: a stop that lands then, outside any wait, used to
        // leave an interrupt behind that cut the goodbye's own call short, and the launcher showed the worker lost.
        CountDownLatch handing = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean stopCalled = new java.util.concurrent.atomic.AtomicBoolean();
        firstControls = List.of(new Control(1, java.util.Map.of("mode", "naive")));
        link.onControl(c -> {
            handing.countDown();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!stopCalled.get() && System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
            while (System.nanoTime() < until) {
                Thread.onSpinWait(); // deaf to interrupts, as any work between two calls is
            }
        });
        link.start();
        assertThat(handing.await(10, TimeUnit.SECONDS))
                .as("the control call handed on")
                .isTrue();
        Thread stopping = new Thread(() -> {
            stopCalled.set(true);
            link.leave(Duration.ofSeconds(5));
        });
        stopping.start();
        stopping.join();

        assertThat(reports).as("reports received").isNotEmpty();
        assertThat(reports.get(reports.size() - 1).leaving())
                .as("the last report says it is leaving: %s", reports)
                .isTrue();
    }

    private void write(String line) throws IOException {
        OutputStream out = link.lines();
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
