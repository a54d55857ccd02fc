package lab.replay;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import lab.check.Checker;
import lab.check.Finding;
import lab.headless.EventLine;
import lab.session.Action;
import lab.session.Command;
import lab.session.LabSnapshot;
import lab.session.SetKnob;
import lab.session.SwitchMode;
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
        this.r = r;
        this.scene = new Scene(r, zone);
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
            shown = "played to its end; " + r.cutShort();
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
            say("no duplicate or missed tick after " + EventLine.tick(after, zone) + " in this recording");
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
            say("a replay cannot " + what(c) + ": it plays a recording; nothing runs, nothing changed");
        }
    }

    private static boolean viewOnly(Action a) {
        return switch (a) {
            case HELP, KNOBS, WHY_BACK, SELECT_NEXT, SELECT_PREV, CRASH -> true;
            default -> false;
        };
    }

    private static String what(Command c) {
        if (c instanceof SwitchMode m) {
            return "switch to mode " + m.mode().cliName();
        }
        if (c instanceof SetKnob) {
            return "set a knob";
        }
        if (c == Action.SCENARIO_NEXT) {
            return "go to a scenario's next step (. steps one tick, g goes to the next duplicate)";
        }
        if (c instanceof Action a) {
            return switch (a) {
                case ADD_WORKER -> "add a worker";
                case REMOVE_WORKER, STOP -> "stop a worker";
                case KILL -> "kill a worker";
                case PAUSE_RESUME -> "pause or resume a worker";
                case RESTART -> "restart a worker";
                case SKEW_CLOCK -> "skew a worker's clock";
                case TOGGLE_REDIS, RESTART_REDIS -> "stop or start Redis";
                case TOGGLE_POSTGRES -> "stop or start PostgreSQL";
                case TOGGLE_PARTITION -> "cut a host off";
                case CYCLE_TASK_TIME -> "change the task time";
                case CLEAR_TABLE -> "clear the counter table";
                default -> a.toString().toLowerCase(Locale.ROOT).replace('_', ' ');
            };
        }
        return c.toString();
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
        String state = playing ? "playing" : !t.isBefore(r.end()) ? "at the end" : "paused";
        String rate = SPEEDS[speed] >= 1 ? (int) SPEEDS[speed] + "x" : "1/" + Math.round(1 / SPEEDS[speed]) + "x";
        return "REPLAY " + rate + " " + state + "  " + CLOCK.format(t.atZone(zone)) + "  tick " + tick + " of " + ticks;
    }
}
