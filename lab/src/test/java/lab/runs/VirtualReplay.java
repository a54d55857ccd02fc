package lab.runs;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import lab.protocol.Knobs;
import lab.protocol.Lang;
import lab.protocol.Mode;
import lab.scenario.Scenario;
import lab.scenario.Setup;
import lab.scenario.Step;
import lab.session.Header;
import lab.session.LabSnapshot;
import lab.session.LockView;
import lab.session.ReadingPace;
import lab.session.ServerInfo;
import lab.session.TimelineView;
import lab.session.WorkerView;
import lab.tui.DashboardRenderer;
import lab.tui.Glyphs;
import lab.tui.Look;
import lab.tui.VirtualScreen;

/**
 * A scenario replayed by the driver a run uses, on a {@link VirtualLab}: headless (its lines printed), or on a
 * dashboard of a given size, drawn after every line the replay says and at every instant a caption's reading time
 * ends, each screen searched for every caption still within its reading time.
 */
public final class VirtualReplay {
    private VirtualReplay() {}

    /**
     * @param calls what the replay handed the lab, at which virtual instant
     * @param unread each moment a caption was not on screen whole within its reading time, with the screen; empty
     *     when every caption was read
     * @param looks how many screens were drawn and searched
     */
    public record Result(List<String> calls, List<String> unread, int looks) {}

    /** As {@code --headless} replays it: the lines printed, nothing drawn. */
    public static Result headless(Scenario scenario) throws InterruptedException {
        VirtualLab lab = new VirtualLab(scenario.setup(), at -> {});
        ScenarioDriver driver = new ScenarioDriver(scenario, 1, false, Lang.EN);
        List<String> printed = new ArrayList<>();
        driver.play(lab, printed::add);
        return new Result(lab.calls(), List.of(), 0);
    }

    /** As the dashboard replays it in {@code lang}, on a terminal of {@code columns} by {@code rows}. */
    public static Result dashboard(Scenario scenario, Lang lang, int columns, int rows) throws InterruptedException {
        List<String> captions = scenario.steps().stream()
                .filter(Step.Say.class::isInstance)
                .map(s -> ((Step.Say) s).text().in(lang))
                .toList();
        ScenarioDriver driver = new ScenarioDriver(scenario, 1, false, lang);
        Watch watch = new Watch(scenario.setup(), driver, captions, lang, columns, rows);
        VirtualLab lab = new VirtualLab(scenario.setup(), watch::look);
        watch.lab = lab;
        driver.play(lab, watch::heard);
        // The trainer has not left yet: the last caption is still there beside the ending.
        watch.lastStays();
        return new Result(lab.calls(), watch.unread, watch.looks);
    }

    /** Draws the dashboard whenever the replay says something or a caption's reading time ends, and searches it. */
    private static final class Watch {
        private final Setup setup;
        private final ScenarioDriver driver;
        private final List<String> captions;
        private final List<Instant> saidAt = new ArrayList<>();
        private final DashboardRenderer renderer;
        private final TerminalSize size;
        private final List<String> unread = new ArrayList<>();
        private VirtualLab lab;
        private int looks;

        Watch(Setup setup, ScenarioDriver driver, List<String> captions, Lang lang, int columns, int rows) {
            this.setup = setup;
            this.driver = driver;
            this.captions = captions;
            this.renderer = new DashboardRenderer(new Look(true, Glyphs.UNICODE, ZoneOffset.UTC).in(lang));
            this.size = new TerminalSize(columns, rows);
        }

        /** A line of the replay: a caption's ({@code  » }) starts its reading time now. */
        void heard(String line) {
            if (line.startsWith("  » ")) {
                Instant now = lab.now();
                saidAt.add(now);
                Duration reading = ReadingPace.DEFAULT.of(captions.get(saidAt.size() - 1));
                // Just before its reading time ends, the last instant it must still be there.
                lab.alarm(now.plus(reading).minusMillis(1));
            }
            look(lab.now());
        }

        void look(Instant now) {
            List<String> shown = draw();
            for (int i = 0; i < saidAt.size(); i++) {
                Duration since = Duration.between(saidAt.get(i), now);
                Duration reading = ReadingPace.DEFAULT.of(captions.get(i));
                if (since.compareTo(reading) < 0 && !whole(shown, captions.get(i))) {
                    unread.add("caption " + (i + 1) + " of " + captions.size() + " ('" + captions.get(i) + "') not on"
                            + " screen whole " + since.toMillis() + " ms after it was said, its reading time "
                            + reading.toMillis() + " ms:\n" + String.join("\n", shown));
                }
            }
        }

        /** After the replay, until the trainer leaves: the last caption must stay. */
        void lastStays() {
            List<String> shown = draw();
            String last = captions.get(captions.size() - 1);
            if (!whole(shown, last)) {
                unread.add("the last caption ('" + last + "') is gone once the scenario is complete:\n"
                        + String.join("\n", shown));
            }
        }

        private List<String> draw() {
            looks++;
            // A fresh screen each time: what the layout puts on it, not what a delta refresh leaves over from before.
            DefaultVirtualTerminal terminal = new DefaultVirtualTerminal(size);
            try {
                TerminalScreen screen = new TerminalScreen(terminal);
                screen.startScreen();
                renderer.render(screen.newTextGraphics(), snapshot(), false);
                screen.refresh();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<String> lines = new ArrayList<>();
            for (int row = 0; row < size.getRows(); row++) {
                lines.add(VirtualScreen.row(terminal, row, size.getColumns()).stripTrailing());
            }
            return lines;
        }

        /** A busy lab as the scenario sets it up: its workers, a full events panel; the captions are the driver's. */
        private LabSnapshot snapshot() {
            List<WorkerView> workers = new ArrayList<>();
            for (int i = 1; i <= setup.workers(); i++) {
                String host = setup.hosts() < 2 ? "" : "host-" + ((i - 1) * setup.hosts() / setup.workers() + 1);
                workers.add(new WorkerView(
                        "w" + i, 4240 + i, 40000 + i, "up", "naive", "executed", 5, 0, 0, false, false, "", host));
            }
            List<String> events = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                events.add("09:00:" + (10 + i) + " w" + (i % setup.workers() + 1) + " executed tick 09:00:" + (10 + i));
            }
            Header header = new Header(
                    setup.mode().cliName(),
                    setup.workers(),
                    setup.every(),
                    setup.spec().get(Knobs.TASK_TIME),
                    setup.spec().get(Knobs.LOCK_TTL),
                    "h2",
                    List.of(new ServerInfo("h2", "127.0.0.1:9092", "ready", 280, "in-process", "", "")),
                    "servers.env",
                    setup.spec());
            return new LabSnapshot(
                    header,
                    workers,
                    new LockView(Mode.Lock.NONE, "", null, -1, -1, List.of(), List.of(), null),
                    List.of(),
                    Map.of(),
                    List.of(),
                    new TimelineView(List.of(), Map.of(), Set.of(), Map.of()),
                    events,
                    driver.view(),
                    null,
                    false,
                    List.of());
        }
    }

    /**
     * Whether {@code caption} is on {@code screen} whole: some rows, one after another, that hold exactly its text,
     * nothing cut, nothing left out (spaces aside, since a wrapped line drops the one it breaks at).
     */
    static boolean whole(List<String> screen, String caption) {
        String wanted = caption.replaceAll("\\s+", "");
        for (int start = 0; start < screen.size(); start++) {
            StringBuilder seen = new StringBuilder();
            for (int row = start; row < screen.size(); row++) {
                seen.append(screen.get(row).replaceAll("\\s+", ""));
                if (seen.toString().equals(wanted)) {
                    return true;
                }
                if (seen.length() == 0 || !wanted.startsWith(seen.toString())) {
                    break;
                }
            }
        }
        return false;
    }
}
