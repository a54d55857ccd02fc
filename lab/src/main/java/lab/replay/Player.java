package lab.replay;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import lab.check.Checker;
import lab.check.Finding;
import lab.headless.EventLine;
import lab.protocol.Lang;
import lab.session.Action;
import lab.session.Command;
import lab.session.LabSnapshot;
import lab.tui.Playback;

/**
 * Where a replay is and how fast it goes. The position is an instant of the recording: it moves with the wall clock
 * times the speed while playing, and by whole ticks when stepped; the screen at a position is {@link Scene}'s, a
 * function of the position alone. Keys come from the UI thread; the snapshot is read by it too.
 */
final class Player implements Playback {
    static final double[] SPEEDS = {0.25, 0.5, 1, 2, 4, 8};
    private static final long FLASH_MS = 6_000;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.S");

    private final RecordedRun r;
    private final Scene scene;
    private final Clock wall;
    private final ZoneId zone;
    private final Words words;
    private int speed = 2; // 1x
    private boolean playing = true;
    private Instant position;
    private long anchor;
    private Finding focus;
    private Instant focusAt;
    private String flash;
    private long flashAt;
    private boolean quitAsked;
    private boolean stopped;

    Player(RecordedRun r, Clock wall, ZoneId zone) {
        this(r, wall, zone, Lang.EN);
    }

    /** {@code lang}: the banner's and the refusals' language, the dashboard's. */
    Player(RecordedRun r, Clock wall, ZoneId zone, Lang lang) {
        this.words = new Words(lang);
        this.r = r;
        this.scene = new Scene(r, zone, words);
        this.wall = wall;
        this.zone = zone;
        this.position = r.start();
        this.anchor = wall.millis();
        if (r.cutShort() != null) {
            say(r.cutShort());
        }
    }

    /** The instant of the recording on screen now; playing stops at the end. */
    synchronized Instant position() {
        if (playing) {
            long ms = wall.millis();
            Instant p = position.plusNanos(Math.round((ms - anchor) * SPEEDS[speed] * 1_000_000));
            position = p.isAfter(r.end()) ? r.end() : p;
            anchor = ms;
            playing = position.isBefore(r.end());
        }
        return position;
    }

    synchronized LabSnapshot snapshot() {
        Instant t = position();
        String shown = wall.millis() - flashAt < FLASH_MS ? flash : null;
        if (!t.isBefore(r.end()) && r.cutShort() != null && (shown == null || shown.equals(r.cutShort()))) {
            shown = words.playedToEnd(r.cutShort());
        }
        return scene.at(t, t.equals(focusAt) ? focus : null, shown, quitAsked);
    }

    synchronized boolean stopped() {
        return stopped;
    }

    @Override
    public synchronized boolean key(char ch) {
        switch (ch) {
            case ' ' -> {
                Instant t = position();
                if (!playing && !t.isBefore(r.end())) {
                    moveTo(r.start());
                }
                playing = !playing;
                anchor = wall.millis();
            }
            case '.' -> moveTo(min(Checker.floor(position(), r.every()).plus(r.every()), r.end()));
            case ',' -> {
                Instant t = position();
                Instant floor = Checker.floor(t, r.every());
                Instant back = floor.equals(t) ? floor.minus(r.every()) : floor;
                moveTo(back.isBefore(r.start()) ? r.start() : back);
            }
            case '[' -> speed = Math.max(0, speed - 1);
            case ']' -> speed = Math.min(SPEEDS.length - 1, speed + 1);
            case 'g' -> next();
            default -> {
                return false;
            }
        }
        return true;
    }

    /** {@code g}: the next duplicate or missed tick after the one on screen, paused where its why line is due. */
    private void next() {
        Instant t = position();
        Instant after =
                t.equals(focusAt) ? focus.tick() : Checker.floor(t, r.every()).minus(r.every());
        Optional<Finding> next = r.findings().stream()
                .filter(f -> f.kind() != Finding.Kind.OVERLAP && f.tick().isAfter(after))
                .findFirst();
        if (next.isEmpty()) {
            say(words.noneAfter(EventLine.tick(after, zone)));
            return;
        }
        Instant due = r.due(next.get());
        Instant floor = Checker.floor(due, r.every());
        moveTo(min(floor.equals(due) ? due : floor.plus(r.every()), r.end()));
        focus = next.get();
        focusAt = position;
    }

    private void moveTo(Instant t) {
        position = t;
        playing = false;
        anchor = wall.millis();
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    /** A key's command: quitting is a replay's own; what would change a live lab is refused in one line. */
    synchronized void onCommand(Command c) {
        if (c == Action.QUIT) {
            quitAsked = true;
        } else if (c == Action.CONFIRM || c == Action.STOP_NOW) {
            stopped = quitAsked || c == Action.STOP_NOW;
            quitAsked = false;
        } else if (c == Action.CANCEL) {
            quitAsked = false;
        } else if (c instanceof Action a && viewOnly(a)) {
            // drawn by the dashboard itself (help, knob panel, why line): nothing to refuse
        } else {
            say(words.refused(c));
        }
    }

    private static boolean viewOnly(Action a) {
        return switch (a) {
            case HELP, KNOBS, WHY_BACK, SELECT_NEXT, SELECT_PREV, CRASH -> true;
            default -> false;
        };
    }

    private void say(String line) {
        flash = line;
        flashAt = wall.millis();
    }

    @Override
    public synchronized String banner() {
        Instant t = position();
        long tick = Duration.between(r.start(), Checker.floor(t, r.every())).dividedBy(r.every()) + 1;
        long ticks =
                Duration.between(r.start(), Checker.floor(r.end(), r.every())).dividedBy(r.every()) + 1;
        String rate = SPEEDS[speed] >= 1 ? (int) SPEEDS[speed] + "x" : "1/" + Math.round(1 / SPEEDS[speed]) + "x";
        return words.banner(rate, playing, !t.isBefore(r.end()), CLOCK.format(t.atZone(zone)), tick, ticks);
    }
}
