package lab.tui;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.List;
import lab.check.Finding;
import lab.session.LabSnapshot;

/**
 * Lays the panels out on any screen of 80x24 or more, and the "too small" screen below that. It draws one
 * snapshot as one {@link ViewState} asks and keeps no state, so the same pair always gives the same screen (what
 * the tests rely on).
 *
 * <pre>
 * header (2 rows: mode badge, knobs, servers)
 * workers (full width)
 * counter table | lock
 * totals        | timeline
 * why (full width, two rows, once the checker has explained something)
 * events (full width)
 * scenario caption bar (when one replays: as tall as its captions need, down to the workers and four rows of
 *   the table, the rows taken from events, why and timeline)
 * flash, key bar
 * </pre>
 *
 * The knob panel and the help box, when open, are drawn over the middle; a scenario's question for the room over them.
 */
public final class DashboardRenderer {
    public static final int MIN_COLUMNS = 80;
    public static final int MIN_ROWS = 24;
    // The counter row is 50 columns wide with its DUP mark; one more keeps the mark off the rule.
    private static final int LEFT_MIN = 51;
    /** A cause's sentence carries its evidence: two rows hold it on most screens. */
    private static final int WHY_ROWS = 2;
    /** The counter table's title, its column names and two rows; the timeline beside it its title and a lane. */
    private static final int MIN_MIDDLE = 4;

    private final Look look;
    private final HeaderPanel header;
    private final WorkersPanel workers;
    private final CounterPanel counter;
    private final LockPanel lock;
    private final TimelinePanel timeline;
    private final EventsPanel events;
    private final CaptionBar caption;
    private final KeyBar keys;
    private final HelpOverlay help;
    private final ReplayHelp replayHelp;
    private final KnobOverlay knobs;
    private final ModeOverlay modes;
    private final QuestionOverlay question;
    private final TooSmallScreen tooSmall;

    public DashboardRenderer(Look look) {
        this.look = look;
        header = new HeaderPanel(look);
        workers = new WorkersPanel(look);
        counter = new CounterPanel(look);
        lock = new LockPanel(look);
        timeline = new TimelinePanel(look);
        events = new EventsPanel(look);
        caption = new CaptionBar(look);
        keys = new KeyBar(look);
        help = new HelpOverlay(look);
        replayHelp = new ReplayHelp(look);
        knobs = new KnobOverlay(look);
        modes = new ModeOverlay(look);
        question = new QuestionOverlay(look);
        tooSmall = new TooSmallScreen(look);
    }

    /** Draws {@code s} over the whole of {@code g}; {@code showHelp} adds the help box on top. */
    public void render(TextGraphics g, LabSnapshot s, boolean showHelp) {
        render(g, s, ViewState.help(showHelp));
    }

    /** Draws {@code s} over the whole of {@code g} as {@code view} asks: the why line's finding, the boxes on top. */
    void render(TextGraphics g, LabSnapshot s, ViewState view) {
        render(g, s, view, null);
    }

    /** As above; {@code banner}, when not null, says in the header that a recording plays (see {@link Playback}). */
    void render(TextGraphics g, LabSnapshot s, ViewState view, String banner) {
        TerminalSize size = g.getSize();
        int w = size.getColumns();
        int h = size.getRows();
        if (w < MIN_COLUMNS || h < MIN_ROWS) {
            tooSmall.draw(g, MIN_COLUMNS, MIN_ROWS);
            return;
        }
        new Pen(g, look).clear();
        header.draw(region(g, 0, 0, w, HeaderPanel.HEIGHT), s, banner);

        int keysTop = h - KeyBar.wantedHeight(s);
        keys.draw(region(g, 0, keysTop, w, h - keysTop), s, banner != null);
        int top = HeaderPanel.HEIGHT;
        // Workers take at most a third of what is left, so that the table and timeline keep room on a short screen.
        int workersHeight = Math.min(WorkersPanel.wantedHeight(s), Math.max(3, (keysTop - top) / 3));
        // The captions take what they need from the panels that can give rows up (events, why line, timeline), but
        // never the workers' or the counter table's least: a room reads the captions beside what they speak of.
        int captionRoom = Math.max(0, keysTop - top - workersHeight - MIN_MIDDLE);
        int captionTop = keysTop - Math.min(caption.wantedHeight(s, w), captionRoom);
        caption.draw(region(g, 0, captionTop, w, keysTop - captionTop), s);

        workers.draw(region(g, 0, top, w, workersHeight), s);
        top += workersHeight;

        int remaining = captionTop - top;
        int spare = Math.max(0, remaining - MIN_MIDDLE);
        int eventsHeight = Math.min(spare, Math.max(2, Math.min(s.events().size() + 1, remaining / 4)));
        int eventsTop = captionTop - eventsHeight;
        events.draw(region(g, 0, eventsTop, w, eventsHeight), s);

        List<Finding> why = s.explanations();
        int whyHeight = why.isEmpty() ? 0 : Math.min(WHY_ROWS, spare - eventsHeight);
        int whyTop = eventsTop - whyHeight;
        Pen whyPen = new Pen(region(g, 0, whyTop, w, whyHeight), look);
        List<String> whyLines = whyHeight == 0 ? List.of() : WhyLine.lines(why, view.whyBack(), w, whyHeight, look);
        for (int i = 0; i < whyLines.size(); i++) {
            whyPen.put(0, i, whyLines.get(i), WhyLine.role(why, view.whyBack()));
        }

        int middle = whyTop - top;
        int left = Math.max(LEFT_MIN, w * 5 / 9);
        // One column for the rule, one of air after it.
        int right = w - left - 2;
        counter.draw(region(g, 0, top, left, middle), s);
        Pen rule = new Pen(region(g, left, top, 1, middle), look);
        for (int y = 0; y < middle; y++) {
            rule.put(0, y, String.valueOf(look.glyphs().vertical()), Role.DIM);
        }
        // The timeline keeps at least its title, markers and one lane.
        int lockHeight = Math.min(lock.wantedHeight(s, right), Math.max(0, middle - 4));
        lock.draw(region(g, left + 2, top, right, lockHeight), s);
        timeline.draw(region(g, left + 2, top + lockHeight, right, middle - lockHeight), s);

        if (view.knobs()) {
            knobs.draw(g, s.header().spec(), view.knobCursor());
        }
        if (view.modes()) {
            modes.draw(g, s.header().spec().mode(), view.modeCursor());
        }
        if (view.help() && banner != null) {
            replayHelp.draw(g);
        } else if (view.help()) {
            help.draw(g, s.header().serversEnv());
        }
        // Last, over any box: while it is open its keys are the only ones that act.
        if (s.scenario() != null && s.scenario().question() != null) {
            question.draw(
                    g,
                    region(g, 0, HeaderPanel.HEIGHT, w, captionTop - HeaderPanel.HEIGHT),
                    s.scenario().question());
        }
    }

    /** A clipped sub-region; an empty one (a panel squeezed out) draws nothing rather than failing. */
    private static TextGraphics region(TextGraphics g, int col, int row, int width, int height) {
        return g.newTextGraphics(
                new TerminalPosition(col, row), new TerminalSize(Math.max(0, width), Math.max(0, height)));
    }
}
