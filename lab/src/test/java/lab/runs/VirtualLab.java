package lab.runs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.function.Consumer;
import lab.check.Figures;
import lab.check.Finding;
import lab.nemesis.Fault;
import lab.nemesis.FaultResult;
import lab.nemesis.Nemesis;
import lab.nemesis.ServerName;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.protocol.PgLock;
import lab.scenario.Setup;
import lab.session.LabControl;
import lab.session.SwitchResult;

/**
 * A lab on a virtual clock: no worker, no server, no second spent. It writes down every call a replay makes, with the
 * virtual instant it came at, and lets time pass only through {@link #sleep}, stopping at every instant a watcher
 * asked for (an alarm) so that it can look at the screen exactly then.
 */
public final class VirtualLab implements LabControl {
    static final Instant READY = Instant.parse("2026-01-05T09:00:00Z");

    private final List<String> calls = new ArrayList<>();
    private final NavigableSet<Instant> alarms = new TreeSet<>();
    private final int workers;
    private final Duration every;
    private final Consumer<Instant> watcher;
    private Instant now = READY;
    private Instant modeSince = READY;
    private ModeSpec spec;

    /** {@code watcher} hears every alarm and the end of every sleep, on the virtual clock. */
    public VirtualLab(Setup setup, Consumer<Instant> watcher) {
        this.spec = setup.spec();
        this.workers = setup.workers();
        this.every = setup.every();
        this.watcher = watcher;
    }

    /** Every call the replay made, each as {@code +ms name(arguments)}. */
    public List<String> calls() {
        return List.copyOf(calls);
    }

    public Instant now() {
        return now;
    }

    /** Makes the next sleep that passes {@code at} stop there, so that the watcher sees that instant. */
    public void alarm(Instant at) {
        if (at.isAfter(now)) {
            alarms.add(at);
        }
    }

    private void call(String what) {
        calls.add("+" + Duration.between(READY, now).toMillis() + "ms " + what);
    }

    @Override
    public void sleep(Duration time) {
        call("sleep(" + time.toMillis() + "ms)");
        Instant end = now.plus(time);
        while (!alarms.isEmpty() && !alarms.first().isAfter(end)) {
            now = alarms.pollFirst();
            watcher.accept(now);
        }
        now = end;
        watcher.accept(now);
    }

    /** Reads the virtual time wherever it has got to, as a lab's clock reads the real one. */
    @Override
    public Clock clock() {
        return new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now;
            }
        };
    }

    @Override
    public Instant readyAt() {
        return READY;
    }

    @Override
    public Instant modeSince() {
        return modeSince;
    }

    @Override
    public SwitchResult switchMode(ModeChange change) {
        call("switchMode(" + change.describe() + ")");
        spec = change.applyTo(spec);
        modeSince = now;
        return new SwitchResult(SwitchResult.Status.SWITCHED, "every worker switched: " + change.describe());
    }

    @Override
    public Nemesis faults() {
        return new Nemesis() {
            @Override
            public FaultResult inject(Fault fault) {
                call("inject(" + fault + ")");
                return new FaultResult.Done("done: " + fault);
            }

            @Override
            public Fault toggle(ServerName server) {
                throw new UnsupportedOperationException("a replay presses no key");
            }

            @Override
            public List<Fault> togglePartition(Instant at) {
                throw new UnsupportedOperationException("a replay presses no key");
            }
        };
    }

    @Override
    public void atTheKeys() {}

    @Override
    public String addWorker() {
        throw new UnsupportedOperationException("a replay adds no worker");
    }

    @Override
    public String removeWorker() {
        throw new UnsupportedOperationException("a replay removes no worker");
    }

    @Override
    public String clearTable() {
        throw new UnsupportedOperationException("a replay clears no table");
    }

    /** One row a tick, every tick of the span: figures that read as a lesson's would, passed or not. */
    @Override
    public Figures figures(Instant from, Instant to) {
        call("figures(+" + Duration.between(READY, from).toMillis() + "ms, +"
                + Duration.between(READY, to).toMillis() + "ms)");
        int ticks = (int) (Duration.between(from, to).toMillis() / every.toMillis());
        return new Figures(ticks, ticks, 0, 0, 0, 0, java.util.Collections.nCopies(ticks, 1));
    }

    @Override
    public List<Finding> explain(Instant from, Instant to) {
        call("explain(+" + Duration.between(READY, from).toMillis() + "ms, +"
                + Duration.between(READY, to).toMillis() + "ms)");
        return List.of();
    }

    /** A replay's lab records nothing: its timeline is the calls made to it. */
    @Override
    public List<lab.protocol.Event> recorded(Instant from) {
        return List.of();
    }

    @Override
    public void recordCaption(int step, int line, String text) {
        call("recordCaption(" + step + ", " + line + ", " + text + ")");
    }

    @Override
    public void recordVerdict(int step, int line, boolean passed, String text) {
        call("recordVerdict(" + step + ", " + line + ", " + passed + ", " + text + ")");
    }

    /** As the lab's: the task time, times the workers where a blocking lock queues their runs, and 300 ms. */
    @Override
    public Duration settle() {
        boolean queues = spec.mode().lock().sight() == Mode.Sight.QUEUE && spec.get(Knobs.PG_LOCK) == PgLock.WAIT;
        return spec.get(Knobs.TASK_TIME).multipliedBy(queues ? workers : 1).plusMillis(300);
    }
}
