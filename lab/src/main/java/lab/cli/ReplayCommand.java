package lab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import lab.protocol.Lang;
import lab.replay.Replay;
import lab.tui.Look;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code run.sh replay RUN [--pack FILE]}: a recorded run on the dashboard, or packed as one file; see {@link Replay}. */
@Command(
        name = "replay",
        mixinStandardHelpOptions = true,
        description = "Plays a recorded run on the dashboard, with no worker, server or port: space plays and pauses,"
                + " . and , step one tick, [ and ] halve and double the speed, g goes to the next duplicate or missed"
                + " tick (exit 0 played, 2 bad input or a recording cut short, 3 no terminal)")
final class ReplayCommand implements Callable<Integer> {
    @Parameters(
            paramLabel = "RUN",
            description = "a session's run folder, such as runs/20261201-101500-123, or a file made by --pack")
    Path run;

    @Option(
            names = "--pack",
            paramLabel = "FILE",
            description = "write RUN as one compressed file to share (replay and report both open it), instead of"
                    + " playing it")
    Path pack;

    @Option(names = "--no-color", description = "draw without colours")
    boolean noColor;

    @Option(
            names = "--lang",
            paramLabel = "LANG",
            description = "the screen's language, as a live run's: en or zh (default: from LC_ALL, LC_MESSAGES, LANG;"
                    + " zh_* gives zh); the recording's event lines and captions are played as they were said")
    String lang;

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private final PrintStream err;

    ReplayCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        if (pack != null) {
            return Replay.pack(run, pack, out, err);
        }
        if (lang != null && Lang.byCode(lang).isEmpty()) {
            throw LabCommand.bad(spec, "--lang", lang, Lang.codes());
        }
        Lang asked = lang == null
                ? Lang.fromLocale(System.getenv())
                : Lang.byCode(lang).orElseThrow();
        return Replay.play(run, Look.fromEnvironment(noColor, asked), err);
    }
}
