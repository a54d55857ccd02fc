package lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The course's spine (issue 32): Kleppmann's "is this lock for efficiency or for correctness?" opens the course index
 * and the workshop, and every lesson page, English and Chinese, says under one heading which of the two its cure
 * serves, just before the page's reading list (or at its end when it has none). The pages are read as they are on
 * disk, so a lesson added later is held to it the day it arrives.
 */
class EfficiencyOrCorrectnessTest {
    /** Tests run in lab/, so the repository root is its parent. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final Path DOCS = ROOT.resolve("docs");
    private static final Path LESSONS = DOCS.resolve("lessons");

    private static final String ENGLISH = "## Efficiency or correctness?";
    private static final String CHINESE = "## 效率还是正确性？";

    // The reading list's heading varies from page to page (References, Read more; 参考资料, 延伸阅读, 参考), and the
    // Chinese headings are being made one; any of them, or a later one of the same kind, counts.
    private static final Pattern READING_LIST = Pattern.compile("## (References|Read more|.*参考.*|.*阅读.*)");
    // The section must say which of the two, not only carry the heading.
    private static final Pattern ENGLISH_ANSWER = Pattern.compile("(?i)efficien|correct");
    private static final Pattern CHINESE_ANSWER = Pattern.compile("效率|正确");

    @Test
    void the_course_index_and_the_workshop_open_on_the_question_in_both_languages() {
        List<String> problems = new ArrayList<>();
        for (String page : List.of("docs/README.md", "docs/workshop.md")) {
            checkOpensOn(ROOT.resolve(page), ENGLISH, problems);
        }
        for (String page : List.of("docs/zh/README.md", "docs/zh/workshop.md")) {
            checkOpensOn(ROOT.resolve(page), CHINESE, problems);
        }
        assertThat(problems).as("course pages that do not open on the question").isEmpty();
    }

    @Test
    void every_lesson_page_says_whether_its_cure_serves_efficiency_or_correctness() {
        List<String> problems = new ArrayList<>();
        for (Path page : markdownIn(LESSONS)) checkLesson(page, ENGLISH, ENGLISH_ANSWER, problems);
        assertThat(markdownIn(LESSONS)).as("the lesson pages").hasSizeGreaterThan(10);
        assertThat(problems).as("English lesson pages").isEmpty();
    }

    @Test
    void every_chinese_lesson_page_says_it_under_the_same_heading_as_its_twins() {
        List<String> problems = new ArrayList<>();
        List<Path> pages = markdownIn(LESSONS.resolve("zh"));
        for (Path page : pages) checkLesson(page, CHINESE, CHINESE_ANSWER, problems);
        assertThat(pages).as("the Chinese lesson pages").hasSameSizeAs(markdownIn(LESSONS));
        assertThat(problems).as("Chinese lesson pages").isEmpty();
    }

    /**
     * One cure, one grade (issue 44): a lock held to the tick's window (lessons 7 and 23) and Quartz's cluster (lessons 20
     * and 21) rest on clocks and check-ins, and every page that grades them, in either language, opens its answer on
     * efficiency; none of them calls either a correctness guarantee.
     */
    @Test
    void the_pages_that_grade_a_lease_or_clock_based_cure_all_grade_it_efficiency() {
        List<String> problems = new ArrayList<>();
        for (String lesson : List.of("07-fast-job.md", "20-unclustered-store.md", "21-cluster-recovery.md")) {
            String en = section(LESSONS.resolve(lesson), ENGLISH);
            if (!en.startsWith("**Efficiency")) problems.add(lesson + ": its answer does not open on **Efficiency");
            String zh = section(LESSONS.resolve("zh").resolve(lesson), CHINESE);
            if (!zh.startsWith("**效率")) problems.add("zh/" + lesson + ": its answer does not open on **效率");
        }
        String en = section(LESSONS.resolve("23-clock-skew.md"), ENGLISH);
        if (!en.contains("Holding it to the window is **efficiency**-grade")) {
            problems.add("23-clock-skew.md: the lock held to the window is not graded efficiency");
        }
        String zh = section(LESSONS.resolve("zh/23-clock-skew.md"), CHINESE);
        if (!zh.contains("持有到窗口结束也只是**效率**级")) {
            problems.add("zh/23-clock-skew.md: the lock held to the window is not graded efficiency");
        }
        for (String page : List.of("20-unclustered-store.md", "21-cluster-recovery.md", "23-clock-skew.md")) {
            if (section(LESSONS.resolve(page), ENGLISH).contains("**correctness** guarantee")) {
                problems.add(page + ": calls the cure a correctness guarantee");
            }
        }
        assertThat(problems).as("pages that grade one cure two ways").isEmpty();
    }

    /** The text of the page's section under {@code heading}, trimmed; empty when it has none. */
    private static String section(Path page, String heading) {
        List<String> lines = lines(page);
        List<Integer> headings = headings(lines);
        for (int i = 0; i < headings.size(); i++) {
            if (lines.get(headings.get(i)).equals(heading))
                return body(lines, headings, i).strip();
        }
        return "";
    }

    /** The page's first second-level heading is the question, and its section answers something. */
    private static void checkOpensOn(Path page, String heading, List<String> problems) {
        List<String> lines = lines(page);
        List<Integer> headings = headings(lines);
        if (headings.isEmpty() || !lines.get(headings.get(0)).equals(heading)) {
            problems.add(name(page) + ": its first section is not '" + heading + "'");
        } else if (body(lines, headings, 0).isBlank()) {
            problems.add(name(page) + ": '" + heading + "' is empty");
        }
    }

    /** Exactly one section of that heading, naming efficiency or correctness, last or just before the reading list. */
    private static void checkLesson(Path page, String heading, Pattern answer, List<String> problems) {
        List<String> lines = lines(page);
        List<Integer> headings = headings(lines);
        List<Integer> at = new ArrayList<>();
        for (int i = 0; i < headings.size(); i++) {
            if (lines.get(headings.get(i)).equals(heading)) at.add(i);
        }
        if (at.size() != 1) {
            problems.add(name(page) + ": '" + heading + "' appears " + at.size() + " times, not once");
            return;
        }
        int i = at.get(0);
        if (!answer.matcher(body(lines, headings, i)).find()) {
            problems.add(name(page) + ": '" + heading + "' names neither efficiency nor correctness");
        }
        boolean last = i == headings.size() - 1;
        boolean beforeReadingList = i == headings.size() - 2
                && READING_LIST.matcher(lines.get(headings.get(i + 1))).matches();
        if (!last && !beforeReadingList) {
            problems.add(name(page) + ": '" + heading + "' is followed by '" + lines.get(headings.get(i + 1))
                    + "', not by the page's reading list or its end");
        }
    }

    /** Indexes of the lines that are second-level headings, outside fenced code (a shell comment starts with #). */
    private static List<Integer> headings(List<String> lines) {
        List<Integer> at = new ArrayList<>();
        boolean fenced = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.stripLeading().startsWith("```")) fenced = !fenced;
            else if (!fenced && line.startsWith("## ")) at.add(i);
        }
        return at;
    }

    /** The text between the n-th heading and the next (or the page's end). */
    private static String body(List<String> lines, List<Integer> headings, int n) {
        int end = n + 1 < headings.size() ? headings.get(n + 1) : lines.size();
        return String.join("\n", lines.subList(headings.get(n) + 1, end));
    }

    private static List<Path> markdownIn(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String name(Path file) {
        return ROOT.relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }
}
