package lab.soak;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import lab.headless.SummaryText;
import lab.launcher.Lab;
import lab.launcher.LabShutdown;
import lab.launcher.StartFailure;
import lab.protocol.Durations;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.summary.SummaryCodec;
import lab.session.RunSummary;
import lab.session.ServerInfo;
import lab.store.CounterRow;
import lab.store.CounterStore;

/**
 * A soak: one lab, headless, in one mode, with a fault from the seed's plan every ten seconds, then the verdict from
 * the counter table (see {@link SoakVerdict}). Exit 0 the verdict held, 1 it did not, 3 the lab could not start.
 */
public final class Soak {
    public static final int HELD = 0;
    public static final int FAILED = 1;
    public static final int START_FAILED = 3;

    private final SoakSettings settings;
    private final PrintStream out;
    private final PrintStream err;
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile SoakVerdict verdict;

    public Soak(SoakSettings settings, PrintStream out, PrintStream err) {
        this.settings = settings;
        this.out = out;
        this.err = err;
    }

    /** The verdict of the run, once {@link #run} returned after the lab started; else null. */
    public SoakVerdict verdict() {
        return verdict;
    }

    public int run() throws InterruptedException {
        List<PlannedFault> plan = settings.plan();
        out.println("soak - mode " + settings.mode() + " " + settings.spec() + ", "
                + SoakSettings.WORKERS + " workers, every " + Durations.format(SoakSettings.EVERY)
                + ", store postgres, for " + Durations.format(settings.length()) + ", seed " + settings.seed()
                + " (replay: ./run.sh soak --mode " + settings.mode() + " --minutes "
                + settings.length().toMinutes() + " --seed " + settings.seed() + ")");
        out.println("faults planned: " + plan.size() + (plan.isEmpty() ? "" : " - " + plan.get(0) + " …"));
        Leftovers before = Leftovers.before();
        Lab lab = new Lab(settings.lab());
        LabShutdown hook = LabShutdown.install("soak-shutdown", stopRequested::countDown, finished, lab);
        SoakResult result;
        try {
            result = soak(lab, plan);
        } catch (StartFailure e) {
            err.println("error: " + e.getMessage());
            return START_FAILED;
        } finally {
            lab.close();
            finished.countDown();
            hook.remove();
        }
        if (result == null) {
            return FAILED;
        }
        List<String> left = before.after(result.ports(), Duration.ofSeconds(5));
        verdict = SoakVerdict.judge(
                result.summary(),
                result.rows(),
                result.recording(),
                result.injected(),
                SoakSettings.EVERY,
                SoakSettings.LOCK_TTL,
                left);
        SummaryText.lines(result.summary()).forEach(out::println);
        verdict.faults().forEach(r -> out.println("fault " + r.line()));
        out.println("soak " + settings.mode() + ", seed " + settings.seed() + ": " + verdict.line());
        verdict.failures().forEach(f -> out.println("FAIL " + f));
        out.println("verdict: " + (verdict.held() ? "held" : "FAILED") + " (seed " + settings.seed() + ")");
        try {
            write(result, verdict);
        } catch (IOException e) {
            err.println("error: cannot write the soak's summary: " + e.getMessage());
            return FAILED;
        }
        return verdict.held() ? HELD : FAILED;
    }

    /** What the run leaves to be judged once the lab is closed. */
    private record SoakResult(
            RunSummary summary,
            List<CounterRow> rows,
            List<Event> recording,
            List<InjectedFault> injected,
            List<Integer> ports,
            Path runDir) {}

    /** Null when it was cut short (Ctrl-C) or the table could not be read: said on {@code err}. */
    private SoakResult soak(Lab lab, List<PlannedFault> plan) throws StartFailure, InterruptedException {
        lab.start(out::println);
        Instant readyAt = lab.view().readyAt();
        out.println(SoakSettings.WORKERS + " workers ready in " + lab.readyMillis() + " ms (pids "
                + lab.view().pids() + "); counting complete ticks from " + readyAt);
        FaultInjector injector = new FaultInjector(lab.faults(), lab.view().clock());
        List<InjectedFault> injected = new ArrayList<>();
        for (PlannedFault fault : plan) {
            if (sleepUntil(lab, readyAt.plus(fault.at()))) {
                err.println("error: the soak was stopped before fault " + fault);
                return null;
            }
            out.println("fault " + fault);
            InjectedFault done = injector.inject(fault);
            done.lines().forEach(l -> out.println("  " + l));
            injected.add(done);
        }
        if (sleepUntil(lab, readyAt.plus(settings.length()))) {
            err.println("error: the soak was stopped before its end: no verdict");
            return null;
        }
        Instant stopAt = lab.view().clock().instant();
        try {
            RunSummary summary = lab.stopAndSummarise(stopAt);
            try {
                lab.saveTables();
            } catch (SQLException | IOException e) {
                // The report's rows, not the verdict: the verdict reads the table itself, below.
                err.println("warning: the store's tables were not saved in " + lab.runDir() + ": " + e.getMessage());
            }
            List<CounterRow> rows;
            try (CounterStore store = new CounterStore(lab.view().storeUrl())) {
                rows = store.readAll();
            }
            List<Event> recording = lab.view().recorded(null);
            return new SoakResult(summary, rows, recording, injected, ports(summary, recording), lab.runDir());
        } catch (SQLException e) {
            err.println("error: cannot read the counter table in postgres: " + e.getMessage());
        }
        return null;
    }

    /** The ports the session's servers and workers listened on. */
    private static List<Integer> ports(RunSummary summary, List<Event> recording) {
        List<Integer> ports = new ArrayList<>();
        for (ServerInfo s : summary.servers()) {
            String a = s.address();
            int colon = a == null ? -1 : a.lastIndexOf(':');
            if (colon >= 0 && a.substring(colon + 1).matches("\\d+")) {
                ports.add(Integer.parseInt(a.substring(colon + 1)));
            }
        }
        recording.stream()
                .filter(e -> e.type() == EventType.READY && e.port() != null)
                .forEach(e -> ports.add(e.port()));
        return ports;
    }

    private void write(SoakResult result, SoakVerdict v) throws IOException {
        String json = SummaryCodec.toJson(result.summary()
                .toFile()
                .withSoak(v.toSummary(
                        settings.seed(),
                        settings.length(),
                        SoakSettings.LOCK_TTL,
                        RunSummary.settings(settings.spec()))));
        Files.createDirectories(result.runDir());
        Files.writeString(result.runDir().resolve("summary.json"), json);
        if (settings.summaryJson() != null) {
            Path parent = settings.summaryJson().toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(settings.summaryJson(), json);
        }
        out.println("events recorded in " + result.runDir().resolve("events.jsonl"));
    }

    /** Sleeps until {@code at}; true when a stop was requested meanwhile. */
    private boolean sleepUntil(Lab lab, Instant at) throws InterruptedException {
        long ms = Duration.between(lab.view().clock().instant(), at).toMillis();
        return ms > 0 ? stopRequested.await(ms, TimeUnit.MILLISECONDS) : stopRequested.getCount() == 0;
    }
}
