package lab.replay;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import lab.check.Checker;
import lab.check.Finding;
import lab.headless.EventLine;
import lab.protocol.Event;
import lab.protocol.Knobs;
import lab.protocol.LabFact;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.Modes;
import lab.protocol.WorkerFact;
import lab.session.Header;
import lab.session.LabSnapshot;
import lab.session.LiveModel;
import lab.session.LockView;
import lab.session.ModeTotal;
import lab.session.WorkerProc;
import lab.store.CounterRow;

/**
 * The dashboard's snapshot at one instant of a recording, built afresh each time from the records up to that instant,
 * through the live dashboard's own model: so a tick stepped onto from before or from after shows the same screen, and
 * the screen is the one the live run drew from the same facts.
 */
final class Scene {
    /** The timeline's width, and how far back a worker's absence is marked on it (as the live model keeps it). */
    private static final int LANES = 31;

    private final RecordedRun r;
    private final ZoneId zone;
    private final Words words;

    Scene(RecordedRun r, ZoneId zone, Words words) {
        this.r = r;
        this.zone = zone;
        this.words = words;
    }

    /**
     * @param focus the finding the why line shows (where {@code g} landed), or null: the newest due
     * @param flash a line for the trainer, or null
     */
    LabSnapshot at(Instant t, Finding focus, String flash, boolean quitAsked) {
        Duration every = r.every();
        LiveModel model = new LiveModel(every);
        Instant firstMarked = Checker.floor(t, every).minus(every.multipliedBy(LANES));
        Instant boundary = r.start();
        Event mode = null;
        Event lock = null;
        for (Event e : r.events()) {
            if (e.ts().isAfter(t)) {
                break;
            }
            // Who was not running at each tick the timeline shows, noted as the live lab notes it while it runs.
            while (!boundary.isAfter(e.ts())) {
                if (!boundary.isBefore(firstMarked)) {
                    model.observeWorkers(Workers.at(r, boundary), boundary);
                }
                boundary = boundary.plus(every);
            }
            String line = EventLine.format(e, zone);
            if (e.worker().equals(Event.LAB)) {
                model.onLabLine(line);
            } else {
                model.onEvent(e, line);
            }
            if (e.fact() instanceof LabFact.Switch s && s.acknowledgedAt() != null) {
                model.modeSwitched(e.mode(), s.acknowledgedAt());
                mode = e;
            } else if (e.fact() instanceof WorkerFact.InMode && mode == null) {
                mode = e;
            } else if (e.fact() instanceof LabFact.Lock) {
                lock = e;
            }
        }
        if (mode == null) {
            // Before the first worker said its mode: the mode it will say, not a default the session never ran.
            mode = r.events().stream()
                    .filter(e -> e.fact() instanceof WorkerFact.InMode)
                    .findFirst()
                    .orElse(null);
        }
        List<WorkerProc> procs = Workers.at(r, t);
        model.observeWorkers(procs, t);
        List<CounterRow> written =
                r.rows().stream().filter(x -> !x.createdAt().isAfter(t)).toList();
        model.onRows(written);
        model.explained(due(t, focus));
        ModeSpec spec = spec(mode);
        String modeName = mode == null ? spec.mode().cliName() : mode.mode();
        Header header = new Header(
                modeName,
                procs.size(),
                every,
                spec.get(Knobs.TASK_TIME),
                spec.get(Knobs.LOCK_TTL),
                words.asRecorded(),
                List.of(),
                "",
                spec);
        String holder = holder(lock, procs);
        return model.snapshot(
                header,
                procs,
                lockView(lock, spec, t),
                holder,
                null,
                totals(written, t),
                Captions.at(r, t),
                flash,
                quitAsked,
                t);
    }

    /** The findings due by {@code t}, by when they came due; {@code focus} last, where the why line reads. */
    List<Finding> due(Instant t, Finding focus) {
        List<Finding> due = new ArrayList<>(r.findings().stream()
                .filter(f -> !r.due(f).isAfter(t))
                // An overlap before the duplicate of its tick: the line reads the tick first, the pair from e.
                .sorted(Comparator.comparing(r::due)
                        .thenComparing(Finding::tick)
                        .thenComparing(f -> f.kind() != Finding.Kind.OVERLAP))
                .toList());
        if (focus != null && due.remove(focus)) {
            due.add(focus);
        }
        return due;
    }

    /** The spec in force: the last switch's, else the first worker's own; the first mode's defaults before any. */
    private static ModeSpec spec(Event e) {
        if (e == null) {
            return ModeSpec.defaults(Modes.all().get(0));
        }
        return e.fact() instanceof LabFact.Switch s ? s.spec() : ((WorkerFact.InMode) e.fact()).spec();
    }

    private static String holder(Event lock, List<WorkerProc> procs) {
        if (lock == null || ((LabFact.Lock) lock.fact()).holder() == null) {
            return null;
        }
        String owner = ((LabFact.Lock) lock.fact()).holder();
        return procs.stream()
                .map(WorkerProc::id)
                .filter(id -> owner.equals(id) || owner.startsWith(id + "-"))
                .findFirst()
                .orElse(null);
    }

    private static LockView lockView(Event e, ModeSpec spec, Instant t) {
        Mode.Lock kind = spec.mode().lock();
        if (e == null) {
            return new LockView(kind, "-", null, -1, -1, List.of(), List.of(), null);
        }
        LabFact.Lock l = (LabFact.Lock) e.fact();
        long left = l.ttlMs() == null
                ? -1
                : Math.max(0, l.ttlMs() - Duration.between(e.ts(), t).toMillis());
        long total = kind.sight() == Mode.Sight.LEASE ? spec.get(Knobs.LOCK_TTL).toMillis() : -1;
        return new LockView(kind, l.key() == null ? "-" : l.key(), l.holder(), left, total, List.of(), List.of(), null);
    }

    /** Each mode's figures so far, counted from the table as the live lab counts them: from the count's start, then each switch. */
    private List<ModeTotal> totals(List<CounterRow> rows, Instant t) {
        List<ModeTotal> totals = List.of();
        if (t.isBefore(r.countFrom())) {
            return totals;
        }
        Instant from = r.countFrom();
        String mode = r.events().get(0).mode();
        for (Event e : r.events()) {
            if (e.ts().isAfter(t)) {
                break;
            }
            if (e.fact() instanceof LabFact.Switch s && s.acknowledgedAt() != null) {
                totals = ModeTotal.plus(totals, mode, Checker.figures(rows, from, s.acknowledgedAt(), r.every()));
                from = s.acknowledgedAt();
                mode = e.mode();
            }
        }
        return ModeTotal.plus(totals, mode, Checker.figures(rows, from, t, r.every()));
    }
}
