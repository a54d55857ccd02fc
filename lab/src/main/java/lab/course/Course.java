package lab.course;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import lab.scenario.Scenario;
import lab.scenario.ScenarioException;
import lab.scenario.ScenarioParser;

/** The lessons in {@code scenarios/}, in the order of their file names: the order the course is taken in. */
public final class Course {
    private static final Pattern NUMBERED = Pattern.compile("0*(\\d+[a-z]?)-.*");

    private final List<Lesson> lessons;

    private Course(List<Lesson> lessons) {
        this.lessons = List.copyOf(lessons);
    }

    /** Reads every scenario of {@code folder}; a file that does not parse is a defect of the course, said as such. */
    public static Course in(Path folder) throws IOException, ScenarioException {
        List<Lesson> lessons = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(folder)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".yaml"))
                    .sorted()
                    .toList();
        }
        for (Path file : files) {
            String name = file.getFileName().toString().replaceFirst("\\.yaml$", "");
            Matcher m = NUMBERED.matcher(name);
            Scenario s = ScenarioParser.parse(file);
            lessons.add(new Lesson(name, m.matches() ? m.group(1) : name, s.title(), file, s.lesson(), s.requires()));
        }
        return new Course(lessons);
    }

    public List<Lesson> lessons() {
        return lessons;
    }

    /**
     * The lesson {@code typed} names: its number ({@code 7}, {@code 07}, {@code 10a}) or its name ({@code 03-redis});
     * empty, with what was expected, when none or several do.
     */
    public Found find(String typed) {
        String t = typed.strip().toLowerCase(Locale.ROOT).replaceFirst("^0+(?=\\d)", "");
        List<Lesson> hits = lessons.stream()
                .filter(l -> l.number().equals(t) || l.name().equals(typed.strip()))
                .toList();
        if (hits.isEmpty()) {
            // "10" names 10a and 10b: say which it could be.
            hits = lessons.stream()
                    .filter(l -> l.number().replaceFirst("[a-z]$", "").equals(t))
                    .toList();
        }
        if (hits.size() == 1) {
            return new Found(Optional.of(hits.get(0)), "");
        }
        String numbers = String.join(
                ", ",
                (hits.isEmpty() ? lessons : hits).stream().map(Lesson::number).toList());
        return new Found(Optional.empty(), hits.isEmpty() ? "a lesson's number: " + numbers : "one lesson: " + numbers);
    }

    /** What {@link #find} found; else what it expected, for the refusal's "(expected ...)". */
    public record Found(Optional<Lesson> lesson, String expected) {}

    /** How many of the course's lessons {@code progress} has passed. */
    public long passed(Progress progress) {
        return lessons.stream().filter(l -> progress.passed(l.name())).count();
    }

    /** The first lesson not passed that this machine can play; empty when there is none left. */
    public Optional<Lesson> next(Progress progress, Function<Lesson, Optional<String>> whyNotHere) {
        return lessons.stream()
                .filter(l -> !progress.passed(l.name()))
                .filter(l -> whyNotHere.apply(l).isEmpty())
                .findFirst();
    }
}
