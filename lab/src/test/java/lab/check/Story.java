package lab.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Mode;
import lab.protocol.WorkerFact;
import lab.store.CounterRow;

/**
 * A hand-written session for the explainer's tests: the counter table's rows and the recording, on one day in
 * UTC, times written as {@code HH:mm:ss.SSS}, one-second ticks.
 */
final class Story {
    static final Duration SECOND = Duration.ofSeconds(1);

    final List<CounterRow> rows = new ArrayList<>();
    final List<Event> events = new ArrayList<>();

    static Instant t(String time) {
        return Instant.parse("2026-07-07T" + time + "Z");
    }

    private String mode = "redis";

    /** How the story's lines describe each mode, as a recording's mode and switch lines do: format, lock, needs. */
    private final Map<String, Map<String, Object>> described = new LinkedHashMap<>();

    /** The mode of the rows and events that follow: one this JVM declares. */
    Story in(String mode) {
        this.mode = mode;
        return this;
    }

    /**
     * The mode of the rows and events that follow, one no service declares (a learner's, which only an exam's launcher
     * registers): the story's lines describe it by its {@code lock} and {@code needs}, as the live lab's do.
     */
    Story in(String mode, Mode.Lock lock, Mode.Need... needs) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("format", (long) WorkerFact.InMode.FORMAT);
        d.put(
                "lock",
                Map.of(
                        "label",
                        lock.label(),
                        "kind",
                        lock.kind(),
                        "sight",
                        wire(lock.sight()),
                        "called",
                        lock.called()));
        d.put("needs", Arrays.stream(needs).map(Story::wire).toList());
        described.put(mode, d);
        return in(mode);
    }

    /** A row of {@code worker}'s process {@code pid} for {@code tick}, inside the job from started to created. */
    Story row(String worker, long pid, String tick, String started, String created) {
        describe();
        rows.add(new CounterRow(rows.size() + 1L, t(created), t(tick), t(started), worker, pid, mode));
        return this;
    }

    /**
     * The story's mode described on a switch line of the launcher, the first time a row or a line is in it, as every
     * recording of the lab describes the modes it ran in.
     */
    private void describe() {
        if (events.stream().noneMatch(e -> e.type() == EventType.SWITCH && mode.equals(e.mode()))) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ts", t("00:00:00").toString());
            m.put("worker", Event.LAB);
            m.put("pid", 1L);
            m.put("event", EventType.SWITCH.wireName());
            m.put("mode", mode);
            m.putAll(description());
            m.put("spec", Map.of("mode", mode));
            events.add(Event.fromWire(m));
        }
    }

    /** The story's mode's description, from {@link #in(String, Mode.Lock, Mode.Need...)} or this JVM's declaration. */
    private Map<String, Object> description() {
        if (described.containsKey(mode)) {
            return described.get(mode);
        }
        Mode m = Mode.byName(mode)
                .orElseThrow(() -> new IllegalArgumentException(
                        "mode " + mode + " is not declared here: describe it with in(mode, lock, needs)"));
        Mode.Lock lock = m.lock();
        return in(mode, lock, m.needs().toArray(Mode.Need[]::new)).described.get(mode);
    }

    private static String wire(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * One line of the recording; {@code fields} as {@code name=value ...}, whole numbers read as numbers, read into the
     * event's typed facts as a recorded line is.
     */
    Story said(String ts, String worker, long pid, EventType type, String tick, String fields) {
        Map<String, Object> m = line(ts, worker, pid, type, tick);
        for (String field : fields.isBlank() ? new String[0] : fields.trim().split("\\s+")) {
            String[] kv = field.split("=", 2);
            m.put(kv[0], kv[1].matches("-?\\d+") ? (Object) Long.valueOf(kv[1]) : kv[1]);
        }
        events.add(Event.fromWire(m));
        return this;
    }

    /** A worker process's word that it is now in the story's mode, with {@code knobs} as {@code name=value ...}. */
    Story inMode(String ts, String worker, long pid, String knobs) {
        Map<String, Object> m = line(ts, worker, pid, EventType.MODE, null);
        m.putAll(description());
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("mode", mode);
        for (String field : knobs.trim().split("\\s+")) {
            String[] kv = field.split("=", 2);
            spec.put(kv[0], kv[1]);
        }
        m.put("spec", spec);
        events.add(Event.fromWire(m));
        return this;
    }

    /** The launcher's observation of the lock, or of a clustered store's fires: {@code holder} as it writes it. */
    Story lock(String ts, String key, String holder) {
        Map<String, Object> m = line(ts, Event.LAB, 1, EventType.LOCK, null);
        m.put("key", key);
        m.put("holder", holder);
        events.add(Event.fromWire(m));
        return this;
    }

    /** The launcher's record that it killed or stopped {@code target}'s process {@code pid}. */
    Story fault(String ts, String kind, String target, long pid) {
        return said(
                ts, Event.LAB, 1, EventType.FAULT, null, "kind=" + kind + " target=" + target + " target_pid=" + pid);
    }

    /**
     * The launcher's record that it set {@code target}'s wall clock {@code skewMs} from the machine's: its process
     * {@code pid} is replaced by a restart (0: a skew asked at start, before any process).
     */
    Story skew(String ts, String target, long pid, long skewMs) {
        return said(
                ts,
                Event.LAB,
                1,
                EventType.FAULT,
                null,
                "kind=skew target=" + target + (pid == 0 ? "" : " target_pid=" + pid) + " skew_ms=" + skewMs);
    }

    /** The launcher's record that it cut ({@code partition}) or healed ({@code heal}) {@code host}, with its workers. */
    Story network(String ts, String kind, String host, String workers) {
        Map<String, Object> m = line(ts, Event.LAB, 1, EventType.FAULT, null);
        m.put("kind", kind);
        m.put("host", host);
        m.put("workers", workers);
        events.add(Event.fromWire(m));
        return this;
    }

    /** The envelope of a line, as the recording writes it: the facts are read from it by the one codec. */
    private Map<String, Object> line(String ts, String worker, long pid, EventType type, String tick) {
        describe();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ts", t(ts).toString());
        m.put("worker", worker);
        m.put("pid", pid);
        m.put("event", type.wireName());
        if (tick != null) {
            m.put("tick", t(tick).toString());
        }
        m.put("mode", mode);
        return m;
    }

    /** The launcher's record that {@code target}'s process {@code pid} exited on its own with {@code code}. */
    Story exited(String ts, String target, long pid, int code) {
        return said(
                ts,
                Event.LAB,
                1,
                EventType.EXITED,
                null,
                "target=" + target + " target_pid=" + pid + " exit_code=" + code);
    }

    /**
     * The explanations of the complete windows in {@code [from, to)}, after checking that they explain exactly
     * what {@link Checker#figures} counts over the same span: one finding per duplicate tick, per overlapping
     * pair and per missed tick, and per-cause counts that add up to the same figures.
     */
    Explanations explain(String from, String to) {
        Explanations x = Explainer.explain(rows, events, t(from), t(to), SECOND);
        // As the explainer reads it: a skewed worker's runs put back on the machine's clock by the recording's skews.
        Figures f = Checker.figures(rows, t(from), t(to), SECOND, Clocks.ONE.withSkews(LabSkews.of(events)));
        assertThat(kinds(x, Finding.Kind.DUPLICATE)).as("duplicate findings").isEqualTo(f.duplicateTicks());
        assertThat(kinds(x, Finding.Kind.OVERLAP)).as("overlap findings").isEqualTo(f.overlaps());
        assertThat(kinds(x, Finding.Kind.MISSED)).as("missed findings").isEqualTo(f.missedTicks());
        int dup = 0;
        int over = 0;
        int missed = 0;
        for (CauseCounts c : x.counts().values()) {
            dup += c.duplicateTicks();
            over += c.overlaps();
            missed += c.missedTicks();
        }
        assertThat(List.of(dup, over, missed))
                .as("per-cause counts summed")
                .containsExactly(f.duplicateTicks(), f.overlaps(), f.missedTicks());
        // Every story's findings are said in Chinese too, with the same facts.
        ChineseTwin.hold(x);
        return x;
    }

    /**
     * The findings as the recording says them, as a test writes one by hand: in English only (a finding built with
     * its English alone carries it as its Chinese too). Their Chinese is held by {@link ChineseTwin}.
     */
    static List<Finding> inEnglish(Explanations x) {
        return x.findings().stream()
                .map(f -> new Finding(f.kind(), f.tick(), f.cause(), f.sentence()))
                .toList();
    }

    private static long kinds(Explanations x, Finding.Kind kind) {
        return x.findings().stream().filter(fi -> fi.kind() == kind).count();
    }
}
