package lab.replay;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import lab.protocol.Lang;
import lab.report.BadRunFolder;
import lab.report.PackedRun;
import lab.report.RunFolder;
import lab.tui.ConsoleTerminal;
import lab.tui.Dashboard;
import lab.tui.Look;

/**
 * {@code ./run.sh replay RUN}: a recorded run played on the dashboard from its run folder (or a file packed from one),
 * with no worker, no server and no port: the screen is drawn from the recording and the counter table it left, and
 * the keys move through it instead of changing a lab. {@code --pack FILE} writes the folder as one file to share.
 */
public final class Replay {
    /** Exit codes, as the launcher's: 0 played, 2 bad input (a cut-short recording included), 3 no terminal. */
    public static final int BAD_INPUT = 2;

    public static final int NO_TERMINAL = 3;

    private Replay() {}

    /** Plays {@code run} on this process's terminal until {@code q}, {@code y}; one line on {@code err} when it cannot. */
    public static int play(Path run, Look look, PrintStream err) throws IOException {
        RecordedRun recording;
        try {
            recording = open(run);
        } catch (BadRunFolder | BadRecording e) {
            err.println("error: " + e.getMessage());
            return BAD_INPUT;
        }
        if (look.lang() == Lang.ZH && !look.glyphs().unicode()) {
            // As a live run: Chinese on a screen that takes ASCII only would be question marks.
            err.println("language zh: this locale's output takes ASCII only (no UTF-8 in LC_ALL, LC_CTYPE or LANG);"
                    + " English instead");
            look = look.in(Lang.EN);
        }
        Optional<Dashboard> dashboard = Dashboard.openIfTerminal(look);
        if (dashboard.isEmpty()) {
            err.println("error: a replay needs a terminal: "
                    + ConsoleTerminal.whyNot().orElse("none"));
            return NO_TERMINAL;
        }
        Thread hook = new Thread(dashboard.get()::close, "replay-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        Player player = new Player(recording, Clock.systemUTC(), look.zone(), look.lang());
        show(player, dashboard.get(), () -> false);
        Runtime.getRuntime().removeShutdownHook(hook);
        return finish(recording, err);
    }

    /** Writes {@code run} as one file; one line on {@code out} saying where, or on {@code err} saying why not. */
    public static int pack(Path run, Path file, PrintStream out, PrintStream err) throws IOException {
        try {
            PackedRun.write(run, file);
            out.println(file + ": " + run.getFileName() + " packed; ./run.sh replay " + file + " plays it, ./run.sh"
                    + " report " + file + " draws it");
            return 0;
        } catch (BadRunFolder e) {
            err.println("error: " + e.getMessage());
            return BAD_INPUT;
        }
    }

    static RecordedRun open(Path run) throws BadRunFolder, BadRecording {
        return RecordedRun.of(RunFolder.read(run), run);
    }

    /** The UI loop on the calling thread, until the player is told to stop or {@code stop} says so. */
    static void show(Player player, Dashboard dashboard, BooleanSupplier stop) throws IOException {
        dashboard.run(player::snapshot, player::onCommand, () -> player.stopped() || stop.getAsBoolean(), player);
    }

    /** A recording cut short was played to its end, and is still bad input: said once more, off the screen. */
    static int finish(RecordedRun recording, PrintStream err) {
        if (recording.cutShort() != null) {
            err.println("error: " + recording.name() + ": played to its end; " + recording.cutShort());
            return BAD_INPUT;
        }
        return 0;
    }
}
