package lab.matrix;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import lab.check.Figures;
import lab.check.Finding;
import lab.launcher.Lab;
import lab.launcher.LabSettings;
import lab.launcher.StartFailure;
import lab.launcher.StartSkews;
import lab.nemesis.FaultResult;
import lab.nemesis.Recipes;
import lab.protocol.Hold;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.protocol.OnLockError;
import lab.protocol.Release;
import lab.protocol.SetupSpec;
import lab.session.LabControl;
import lab.session.ServerInfo;
import lab.session.SwitchResult;

/**
 * Runs the matrix: one lab per fault, every mode the fault can touch switched into live in turn, and each cell judged
 * from the counter table over the span from just before the fault to the end of its plan.
 */
public final class MatrixRun {
    /** A tick a second: short runs, and a job of 300 ms, longer than the fires' spread, wherever one row is expected. */
    static final Duration EVERY = Duration.ofSeconds(1);

    /**
     * Each fire up to this much late: the workers' fires spread wide enough that a job of no time always lets a late
     * one in within a cell's few ticks (the fast job's race decided, not left to luck), and still narrower than the
     * 300 ms job that every other cell runs.
     */
    static final Duration JITTER = Duration.ofMillis(200);

    /** The set-up every cell runs with, as the page states it. */
    public static final String SETUP = "3 workers (4 on 2 hosts for host-cut-off), a tick every 1s, jitter 200ms (0 for"
            + " holder-killed),"
            + " task-time 300ms, lock-ttl 1s, hold-at-least 0, lock-wait 0, renew off, recheck off, release safe,"
            + " on-lock-error skip, store h2; each cell's fault changes what its column says";

    /** Why a cell is n/a when the machine allowed the hosts' networks but making them failed. */
    static final String NO_NETWORKS = "the hosts could not be given networks of their own here";

    /** Ticks the mode runs before its span begins: a lock left by the mode before has run out by then. */
    private static final Duration WARM = Duration.ofSeconds(2);

    /** Quartz's first switch in replaces every worker's scheduler and creates its tables: 2 s on 2 loaded cores. */
    private static final Duration WARM_CLUSTER = Duration.ofSeconds(5);

    private final List<Mode> modes;
    private final List<MatrixFault> faults;
    private final Path runsDir;
    private final Consumer<String> say;
    private final Map<String, String> servers = new TreeMap<>();

    public MatrixRun(List<Mode> modes, List<MatrixFault> faults, Path runsDir, Consumer<String> say) {
        this.modes = List.copyOf(modes);
        this.faults = List.copyOf(faults);
        this.runsDir = runsDir;
        this.say = say;
    }

    /** The servers the labs ran, by name, with where their binaries came from and their versions. */
    Map<String, String> servers() {
        return Map.copyOf(servers);
    }

    /** Every cell, fault by fault, in {@link #modes}' order. */
    public List<CellResult> run() throws InterruptedException, StartFailure {
        List<CellResult> cells = new ArrayList<>();
        for (MatrixFault fault : faults) {
            cells.addAll(runFault(fault));
        }
        return cells;
    }

    private List<CellResult> runFault(MatrixFault fault) throws InterruptedException, StartFailure {
        Map<Mode, CellResult> done = new LinkedHashMap<>();
        List<Mode> touched = new ArrayList<>();
        for (Mode mode : modes) {
            Optional<String> why = fault.whyNot(mode);
            if (why.isPresent()) {
                done.put(mode, CellResult.notApplicable(mode.cliName(), fault.name(), why.get()));
            } else {
                touched.add(mode);
            }
        }
        LabSettings settings = settings(fault);
        // What the machine cannot give (network namespaces, libfaketime) makes every cell the lab would run n/a.
        whyMachineCannot(fault).ifPresent(why -> notRun(fault, touched, done, why));
        if (!touched.isEmpty()) {
            try (Lab lab = new Lab(settings)) {
                say.accept(fault.name() + ": starting a lab of " + settings.workers() + " workers for " + touched.size()
                        + " modes");
                lab.start(line -> {});
                if (fault.hosts() > 1 && !lab.view().hostsHaveNetworks()) {
                    // Allowed, but making the hosts' networks failed: nothing could cut a host off.
                    notRun(fault, touched, done, NO_NETWORKS);
                }
                for (Mode mode : touched) {
                    done.put(mode, cell(lab, fault, mode));
                    say.accept("  " + line(done.get(mode)));
                }
                for (ServerInfo s : lab.view().servers()) {
                    if (!s.source().isEmpty()) {
                        servers.put(s.name(), s.source());
                    }
                }
            }
        }
        List<CellResult> ordered = new ArrayList<>();
        for (Mode mode : modes) {
            ordered.add(done.get(mode));
        }
        return ordered;
    }

    /**
     * Why this machine cannot do {@code fault} at all (no network namespaces for its hosts, no libfaketime for its
     * skews), before any lab starts; empty where it can. The only n/a a cell the fault touches may have besides
     * {@link #NO_NETWORKS}: any other is a fault or a lab that broke.
     */
    static Optional<String> whyMachineCannot(MatrixFault fault) {
        if (fault.hosts() > 1) {
            Optional<String> why = Lab.whyNoHostNetworks(fault.hosts());
            if (why.isPresent()) {
                return why;
            }
        }
        return fault.skews().isEmpty() ? Optional.empty() : StartSkews.whyNot();
    }

    /** Every cell of {@code touched} n/a for {@code why}, and none left to run. */
    private static void notRun(MatrixFault fault, List<Mode> touched, Map<Mode, CellResult> done, String why) {
        for (Mode mode : touched) {
            done.put(mode, CellResult.notApplicable(mode.cliName(), fault.name(), why));
        }
        touched.clear();
    }

    private LabSettings settings(MatrixFault fault) {
        SetupSpec setup = SetupSpec.defaults()
                .with(Knobs.WORKERS, fault.hosts() > 1 ? 4 : 3)
                .with(Knobs.HOSTS, fault.hosts())
                .with(Knobs.EVERY, EVERY)
                .with(Knobs.JITTER, fault.jitter());
        return new LabSettings(setup, ModeSpec.defaults(Mode.NAIVE), null, null, runsDir, "tick", null, null, List.of())
                .skewing(fault.skews());
    }

    /** The matrix's own knobs, set anew in every cell so that no cell inherits the one before's. */
    static ModeChange base(Mode mode) {
        return ModeChange.to(mode)
                .and(Knobs.TASK_TIME, Duration.ofMillis(300))
                .and(Knobs.LOCK_TTL, Duration.ofSeconds(1))
                .and(Knobs.HOLD_AT_LEAST, Hold.NONE)
                .and(Knobs.LOCK_WAIT, Duration.ZERO)
                .and(Knobs.RENEW, false)
                .and(Knobs.RECHECK, false)
                .and(Knobs.RELEASE, Release.SAFE)
                .and(Knobs.ON_LOCK_ERROR, OnLockError.SKIP);
    }

    private CellResult cell(Lab lab, MatrixFault fault, Mode mode) throws InterruptedException {
        LabControl control = lab.control();
        SwitchResult switched = control.switchMode(fault.knobs().apply(base(mode)));
        if (switched.status() != SwitchResult.Status.SWITCHED) {
            return CellResult.notApplicable(mode.cliName(), fault.name(), "the switch failed: " + switched.line());
        }
        control.sleep(mode.lock().sight() == Mode.Sight.CLUSTER ? WARM_CLUSTER : WARM);
        Instant from = control.clock().instant();
        List<FaultResult> results = fault.plan()
                .orElseThrow()
                .recipe(mode)
                .play(control.faults(), control.clock(), control::sleep)
                .results();
        Instant to = control.clock().instant();
        control.sleep(control.settle());
        Optional<FaultResult> notDone = results.stream()
                .filter(r -> !(r instanceof FaultResult.Done || r instanceof FaultResult.Unchanged))
                .findFirst();
        if (notDone.isPresent()) {
            restartTheDead(lab);
            return CellResult.notApplicable(
                    mode.cliName(),
                    fault.name(),
                    "the fault was not done: " + notDone.get().line());
        }
        CellResult result;
        try {
            Figures f = control.figures(from, to);
            Map<String, Integer> causes = new TreeMap<>();
            for (Finding finding : control.explain(from, to)) {
                causes.merge(finding.cause().wireName(), 1, Integer::sum);
            }
            result = new CellResult(
                    mode.cliName(),
                    fault.name(),
                    CellResult.judge(f.ticks(), f.duplicateTicks(), f.overlaps(), f.missedTicks()),
                    "",
                    f.ticks(),
                    f.rows(),
                    f.duplicateTicks(),
                    f.overlaps(),
                    f.missedTicks(),
                    causes);
        } catch (Exception e) {
            result = CellResult.notApplicable(
                    mode.cliName(), fault.name(), "the counter table could not be read: " + e.getMessage());
        }
        restartTheDead(lab);
        return result;
    }

    /** A killed worker comes back under its id before the next mode, as its supervisor would bring it back. */
    private static void restartTheDead(Lab lab) {
        lab.view().workers().stream().filter(w -> w.exit().isPresent()).forEach(w -> Recipes.revived(w.id())
                .end(lab.faults()));
    }

    static String line(CellResult c) {
        return c.mode() + " × " + c.fault() + ": " + c.verdict()
                + (c.judged()
                        ? " (" + c.ticks() + " ticks, " + c.duplicates() + " duplicate, " + c.overlaps()
                                + " overlap, " + c.missed() + " missed"
                                + (c.causes().isEmpty() ? "" : "; " + c.causes())
                                + ")"
                        : ": " + c.why());
    }
}
