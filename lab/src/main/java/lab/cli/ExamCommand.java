package lab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import lab.examiner.Exam;
import lab.protocol.Lang;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code run.sh exam FILE.java}: a learner's own lock, judged by the battery of trials (see {@link Exam}). */
@Command(
        name = "exam",
        mixinStandardHelpOptions = true,
        description = "Compiles FILE.java (a class that implements lab.guard.exam.ExamLock, see docs/exercises/),"
                + " loads it into the worker JVMs as mode exam and judges it, trial by trial, under the faults the"
                + " lessons teach; prints a report card (exit 0 every trial passed, 1 one failed, 2 bad input, 3 the"
                + " lab could not start what the exam needs)")
final class ExamCommand implements Callable<Integer> {
    /** The battery, beside the exercise page: a scenario the exam plays, not a lesson of the course. */
    static final Path BATTERY = Path.of("docs", "exercises", "battery.yaml");

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "your lock: one .java file, its public class implementing ExamLock")
    Path file;

    @Option(
            names = "--trial",
            paramLabel = "NAME",
            description = "play only this trial (repeatable): two-at-once, fast-job, long-job, paused-holder,"
                    + " holder-killed, server-stopped, server-restarted (default: every one)")
    List<String> trials = new ArrayList<>();

    @Option(names = "--dashboard", description = "play the trials live on the dashboard, for the room to watch")
    boolean dashboard;

    @Option(names = "--json", paramLabel = "FILE", description = "also write the report card as JSON")
    Path json;

    @Option(names = "--lang", paramLabel = "LANG", description = "the dashboard's and captions' language: en or zh")
    String lang;

    @Option(names = "--no-color", description = "a monochrome dashboard (also when NO_COLOR is set)")
    boolean noColor;

    @Option(
            names = "--runs-dir",
            paramLabel = "DIR",
            description = "where the exam's lab records its events and summary (default: runs/ in the lab's folder)")
    Path runsDir;

    @Option(
            names = "--redis-url",
            paramLabel = "URL",
            defaultValue = "${env:LAB_REDIS_URL}",
            description = "use this Redis instead of starting one (default: $LAB_REDIS_URL)")
    String redisUrl;

    @Option(
            names = "--pg-url",
            paramLabel = "URL",
            defaultValue = "${env:LAB_PG_URL}",
            description = "use this PostgreSQL instead of starting one (default: $LAB_PG_URL)")
    String pgUrl;

    private final PrintStream out;
    private final PrintStream err;

    ExamCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        if (lang != null && Lang.byCode(lang).isEmpty()) {
            throw LabCommand.bad(spec, "--lang", lang, Lang.codes());
        }
        ServerUrls.check(spec, redisUrl, pgUrl);
        String home = System.getProperty("lab.home");
        Path runs = runsDir != null ? runsDir : home == null ? Path.of("runs") : Path.of(home, "runs");
        return Exam.run(
                new Exam.Options(
                        file,
                        ScenarioFiles.resolve(BATTERY),
                        trials,
                        dashboard,
                        json,
                        lang == null ? null : Lang.byCode(lang).orElseThrow(),
                        noColor,
                        runs,
                        redisUrl,
                        pgUrl),
                out,
                err);
    }
}
