package lab.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import lab.protocol.Printable;
import lab.runs.ExitCode;
import lab.tui.Glyphs;
import picocli.CommandLine;

/** The launcher's entry point; its exit codes are {@link ExitCode}'s. */
public final class Main {
    public static final int BAD_INPUT = ExitCode.BAD_INPUT;
    public static final int START_FAILED = ExitCode.START_FAILED;

    private Main() {}

    public static void main(String[] args) {
        // Library chatter (pools starting, shutting down) is not the lesson: warnings only, on stderr.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        // Java encodes System.out in the JVM's default charset, US-ASCII where no locale is set, and prints every
        // arrow as '?': the lab prints UTF-8 where the locale takes it and ASCII stand-ins where it does not.
        Glyphs glyphs = Glyphs.forThisProcess();
        System.setOut(glyphs.printStream(new FileOutputStream(FileDescriptor.out)));
        System.setErr(glyphs.printStream(new FileOutputStream(FileDescriptor.err)));
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command line and returns the exit code; bad input is one line on {@code err}. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cmd = new CommandLine(new LabCommand(out, err));
        KnobOptions.addTo(cmd.getCommandSpec());
        cmd.addSubcommand("bench", new CommandLine(new BenchCommand(out)));
        cmd.addSubcommand("exam", new CommandLine(new ExamCommand(out, err)));
        cmd.addSubcommand("lesson", new CommandLine(new LessonCommand(out, err, System.getenv())));
        cmd.addSubcommand("matrix", new CommandLine(new MatrixCommand(out, err)));
        cmd.addSubcommand("replay", new CommandLine(new ReplayCommand(out, err)));
        cmd.addSubcommand("report", new CommandLine(new ReportCommand(out, err)));
        cmd.addSubcommand("soak", new CommandLine(new SoakCommand(out, err)));
        cmd.addSubcommand("worker", new CommandLine(new WorkerCommand(err)));
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        cmd.setParameterExceptionHandler((ex, a) -> {
            // The message quotes what was typed, which may hold a line break: the refusal stays one line.
            err.println("error: " + Printable.oneLine(ex.getMessage()) + " (see --help)");
            return BAD_INPUT;
        });
        cmd.setExecutionExceptionHandler((ex, c, parsed) -> {
            // A defect, not a refusal: one line that says so, then the trace for the report.
            err.println("error: the lab broke down: " + ex);
            ex.printStackTrace(err);
            return START_FAILED;
        });
        return cmd.execute(args);
    }
}
