package lab.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import lab.course.Course;
import lab.course.KeyPoints;
import lab.course.Lesson;
import lab.course.Progress;
import lab.launcher.Lab;
import lab.launcher.StartSkews;
import lab.protocol.Lang;
import lab.runs.ExitCode;
import lab.scenario.Scenario;
import lab.scenario.ScenarioException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code run.sh lesson}: the course for a learner alone. It plays the next lesson not yet passed on this machine (or
 * the one named), shows what the lesson's page says to read first, and keeps who passed what in the user's own folder.
 */
@Command(
        name = "lesson",
        mixinStandardHelpOptions = true,
        description =
                "Plays the next lesson not yet passed on this machine, or LESSON (a number: 3, 10a), with what its"
                        + " page says to read first and its verdict after; --list shows the progress (exit 0 passed or listed, 1"
                        + " not passed, 2 bad input, 3 the lab did not start)")
final class LessonCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(
            arity = "0..1",
            paramLabel = "LESSON",
            description = "a lesson's number (3, 07, 10a) or name (03-redis)")
    String typed;

    @Option(names = "--list", description = "show every lesson and how far this machine's learner got; play nothing")
    boolean list;

    @Option(names = "--headless", description = "replay without the dashboard: each step and verdict as a line")
    boolean headless;

    @Option(names = "--lang", paramLabel = "LANG", description = "en or zh (default: the locale's)")
    String lang;

    @Option(
            names = "--runs-dir",
            paramLabel = "DIR",
            description = "where the replay records its events and summary (default: runs/ in the lab's folder)")
    Path runsDir;

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;

    LessonCommand(PrintStream out, PrintStream err, Map<String, String> env) {
        this.out = out;
        this.err = err;
        this.env = env;
    }

    @Override
    public Integer call() throws IOException {
        if (lang != null && Lang.byCode(lang).isEmpty()) {
            throw LabCommand.bad(spec, "--lang", lang, Lang.codes());
        }
        Lang speak = lang != null ? Lang.byCode(lang).orElseThrow() : Lang.fromLocale(env);
        // run.sh names the lab's folder; without it, the folder this was started in, as --scenario reads it.
        Path home = Path.of(System.getProperty("lab.home", "")).toAbsolutePath();
        if (!Files.isDirectory(home.resolve("scenarios"))) {
            throw LabCommand.bad(spec, "lesson", home.toString(), "to be started by ./run.sh lesson");
        }
        Course course;
        try {
            course = Course.in(home.resolve("scenarios"));
        } catch (ScenarioException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        Progress progress = Progress.read(Progress.fileFor(env, Path.of(System.getProperty("user.home"))));
        if (list) {
            return list(course, progress, speak);
        }
        Lesson lesson;
        if (typed != null) {
            Course.Found found = course.find(typed);
            lesson = found.lesson().orElseThrow(() -> LabCommand.bad(spec, "LESSON", typed, found.expected()));
        } else {
            Optional<Lesson> next = course.next(progress, LessonCommand::whyNotHere);
            if (next.isEmpty()) {
                out.println(speak.pick(
                        "Every lesson this machine can play is passed. ./run.sh lesson N plays one again;"
                                + " ./run.sh lesson --list shows them.",
                        "这台机器能播的每一课都已通过。./run.sh lesson N 再播一课；./run.sh lesson --list 列出全部。"));
                return ExitCode.FINISHED;
            }
            lesson = next.get();
        }
        Optional<String> whyNot = whyNotHere(lesson);
        if (whyNot.isPresent()) {
            out.println(speak.pick("Lesson ", "第 ")
                    + lesson.number()
                    + speak.pick(" cannot run here: ", " 课在这台机器上不能运行：")
                    + whyNot.get());
            return ExitCode.FINISHED;
        }
        before(home, course, lesson, speak);
        int code = Main.run(replay(lesson), out, err);
        if (code == ExitCode.FINISHED || code == 1) {
            progress.record(
                    lesson.name(),
                    code == ExitCode.FINISHED ? Progress.Result.PASSED : Progress.Result.FAILED,
                    Instant.now());
            after(course, lesson, progress, code == ExitCode.FINISHED, speak);
        }
        return code;
    }

    /** The lesson's replay as {@code ./run.sh --scenario} runs it: the same command, the same path through the lab. */
    private String[] replay(Lesson lesson) {
        List<String> args =
                new ArrayList<>(List.of("--scenario", lesson.scenario().toString()));
        if (headless) {
            args.add("--headless");
        }
        if (lang != null) {
            args.addAll(List.of("--lang", lang));
        }
        if (runsDir != null) {
            args.addAll(List.of("--runs-dir", runsDir.toString()));
        }
        return args.toArray(String[]::new);
    }

    /** What this machine lacks for {@code lesson} (network namespaces, libfaketime), or empty. */
    static Optional<String> whyNotHere(Lesson lesson) {
        if (lesson.requires().contains(Scenario.NETNS)) {
            Optional<String> no = Lab.whyNoHostNetworks(2);
            if (no.isPresent()) {
                return Optional.of("network namespaces: " + no.get());
            }
        }
        if (lesson.requires().contains(Scenario.FAKETIME)) {
            return StartSkews.whyNot().map(no -> "a skewed clock: " + no);
        }
        return Optional.empty();
    }

    private void before(Path home, Course course, Lesson lesson, Lang speak) throws IOException {
        int at = course.lessons().indexOf(lesson) + 1;
        out.println(speak.pick("Lesson ", "第 ") + lesson.number() + speak.pick("", " 课") + " (" + at + "/"
                + course.lessons().size() + "): " + lesson.title().in(speak));
        Optional<Path> page =
                lesson.page().map(p -> KeyPoints.page(home.resolve(p), speak)).filter(Files::isRegularFile);
        if (page.isPresent()) {
            KeyPoints.of(page.get(), speak).forEach(l -> out.println("  " + l));
            out.println(speak.pick("  The page: ", "  课程页面：") + home.relativize(page.get()));
        }
        // On a terminal the dashboard takes the screen at once: the learner reads the points first.
        if (!headless && System.console() != null) {
            out.print(speak.pick("Press Enter to start (Ctrl-C to leave) ", "按 Enter 开始（Ctrl-C 离开）"));
            out.flush();
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        }
    }

    private void after(Course course, Lesson lesson, Progress progress, boolean passed, Lang speak) {
        long done = course.passed(progress);
        out.println((passed
                        ? speak.pick("Lesson " + lesson.number() + " passed.", "第 " + lesson.number() + " 课通过。")
                        : speak.pick(
                                "Lesson " + lesson.number() + " not passed: read its page, then ./run.sh lesson "
                                        + lesson.number() + " again.",
                                "第 " + lesson.number() + " 课没有通过：读一读它的页面，再运行 ./run.sh lesson " + lesson.number() + "。"))
                + speak.pick(" Progress: ", " 进度：") + done + "/"
                + course.lessons().size()
                + speak.pick(" passed (kept in ", " 通过（记在 ") + progress.file() + speak.pick(").", "）。"));
        course.next(progress, LessonCommand::whyNotHere)
                .ifPresent(next -> out.println(speak.pick("Next: ./run.sh lesson (lesson ", "下一课：./run.sh lesson（第 ")
                        + next.number()
                        + speak.pick(": ", " 课：")
                        + next.title().in(speak)
                        + speak.pick(")", "）")));
    }

    private int list(Course course, Progress progress, Lang speak) {
        Optional<Lesson> next = course.next(progress, LessonCommand::whyNotHere);
        for (Lesson l : course.lessons()) {
            Optional<String> whyNot = whyNotHere(l);
            String state = progress.passed(l.name())
                    ? speak.pick("passed", "已通过")
                    : progress.of(l.name()).isPresent()
                            ? speak.pick("not passed", "未通过")
                            : whyNot.isPresent()
                                    ? speak.pick("cannot run here", "这台机器不能运行")
                                    : next.map(n -> n.equals(l)).orElse(false) ? speak.pick("next", "下一课") : "";
            out.printf("%-4s %-16s %s%n", l.number(), state, l.title().in(speak));
        }
        long done = course.passed(progress);
        out.println(
                speak.pick("passed: ", "已通过：") + done + "/" + course.lessons().size() + " (" + progress.file() + ")");
        return ExitCode.FINISHED;
    }
}
