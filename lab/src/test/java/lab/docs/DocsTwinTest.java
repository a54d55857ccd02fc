package lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The course holds together: every scenario names a lesson page that exists, every lesson page has a scenario, every
 * English page has its Chinese twin (and every Chinese page its original), and no relative link or scenario named on
 * a page points at nothing. The pages are read as they are on disk, so a page added later (a report, say) is checked
 * by the same rules the day it arrives, and is not required before.
 */
class DocsTwinTest {
    /** Tests run in lab/, so the repository root is its parent. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final Path DOCS = ROOT.resolve("docs");
    private static final Path LESSONS = DOCS.resolve("lessons");
    private static final Path EXERCISES = DOCS.resolve("exercises");
    private static final Path SCENARIOS = ROOT.resolve("scenarios");

    // A top-level key at the start of a line: captions may become maps of languages, but `lesson:` stays one path.
    private static final Pattern LESSON = Pattern.compile("(?m)^lesson:\\s*[\"']?([^\"'#\\s]+)");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    // The shipped scenarios are numbered (01-naive.yaml, 10a-killed-holder.yaml); the format page's error examples
    // name a made-up scenarios/x.yaml, which is not a file anyone is asked to play.
    private static final Pattern SCENARIO_NAME = Pattern.compile("scenarios/(\\d{2}[a-z]?-[\\w.-]+\\.yaml)");

    @Test
    void every_scenario_names_a_lesson_page_that_exists() {
        List<String> problems = new ArrayList<>();
        for (Path scenario : scenarios()) {
            Matcher m = LESSON.matcher(read(scenario));
            if (!m.find()) {
                problems.add(name(scenario) + " names no lesson page (a top-level `lesson:` key)");
            } else if (!Files.isRegularFile(ROOT.resolve(m.group(1)))) {
                problems.add(name(scenario) + " names " + m.group(1) + ", which does not exist");
            }
        }
        assertThat(scenarios()).as("the scenarios folder").isNotEmpty();
        assertThat(problems).as("scenarios whose lesson page is missing").isEmpty();
    }

    @Test
    void every_lesson_page_is_named_by_a_scenario() {
        Set<Path> named = new TreeSet<>();
        for (Path scenario : scenarios()) {
            Matcher m = LESSON.matcher(read(scenario));
            if (m.find()) named.add(ROOT.resolve(m.group(1)).normalize());
        }
        List<String> orphans = markdownIn(LESSONS).stream()
                .filter(page -> !named.contains(page.normalize()))
                .map(DocsTwinTest::name)
                .toList();
        assertThat(markdownIn(LESSONS)).as("the lesson pages").isNotEmpty();
        assertThat(orphans).as("lesson pages no scenario plays").isEmpty();
    }

    @Test
    void every_english_page_has_its_chinese_twin() {
        List<String> missing = new ArrayList<>();
        for (Path page : englishPages()) {
            Path twin = twinOf(page);
            if (!Files.isRegularFile(twin)) missing.add(name(page) + " has no " + name(twin));
        }
        // The pages the course is made of must be there at all, or the rule above would pass on an empty folder.
        assertThat(englishPages())
                .extracting(DocsTwinTest::name)
                .contains(
                        "README.md",
                        "docs/workshop.md",
                        "docs/architecture.md",
                        "docs/scenario-format.md",
                        "docs/lessons/01-naive.md",
                        "docs/exercises/README.md");
        assertThat(missing).as("English pages without a Chinese twin").isEmpty();
    }

    @Test
    void every_chinese_page_has_its_english_original() {
        List<String> strays = new ArrayList<>();
        Set<Path> twins = englishPages().stream().map(DocsTwinTest::twinOf).collect(Collectors.toSet());
        for (Path page : chinesePages()) {
            if (!twins.contains(page)) strays.add(name(page));
        }
        assertThat(strays)
                .as("Chinese pages with no English page of the same name")
                .isEmpty();
    }

    @Test
    void every_relative_link_points_at_a_file_that_exists() {
        List<String> broken = new ArrayList<>();
        for (Path page : allPages()) {
            for (String target : links(page)) {
                if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") || target.startsWith("#")) continue;
                // An anchor is not checked: GitHub's slugs for Chinese headings are its own; the file must exist.
                String file = target.replaceFirst("#.*$", "");
                Path resolved = page.getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) broken.add(name(page) + " → " + target);
            }
        }
        assertThat(broken).as("relative links to files that do not exist").isEmpty();
    }

    @Test
    void every_scenario_a_page_names_exists() {
        List<String> unknown = new ArrayList<>();
        for (Path page : allPages()) {
            Matcher m = SCENARIO_NAME.matcher(read(page));
            while (m.find()) {
                if (!Files.isRegularFile(SCENARIOS.resolve(m.group(1)))) unknown.add(name(page) + " → " + m.group());
            }
        }
        assertThat(unknown)
                .as("scenario files named on a page that do not exist")
                .isEmpty();
    }

    /** README.md, docs/*.md, docs/lessons/*.md and docs/exercises/*.md: the English pages, each with its twin. */
    private static List<Path> englishPages() {
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        pages.addAll(markdownIn(DOCS));
        pages.addAll(markdownIn(LESSONS));
        pages.addAll(markdownIn(EXERCISES));
        return pages;
    }

    private static List<Path> chinesePages() {
        List<Path> pages = new ArrayList<>();
        Path readme = ROOT.resolve("README.zh.md");
        if (Files.isRegularFile(readme)) pages.add(readme);
        pages.addAll(markdownIn(DOCS.resolve("zh")));
        pages.addAll(markdownIn(LESSONS.resolve("zh")));
        pages.addAll(markdownIn(EXERCISES.resolve("zh")));
        return pages;
    }

    private static List<Path> allPages() {
        List<Path> pages = new ArrayList<>(englishPages());
        pages.addAll(chinesePages());
        return pages;
    }

    /**
     * README.md → README.zh.md; docs/x.md → docs/zh/x.md; docs/lessons/x.md → docs/lessons/zh/x.md;
     * docs/exercises/x.md → docs/exercises/zh/x.md.
     */
    private static Path twinOf(Path page) {
        if (page.equals(ROOT.resolve("README.md"))) return ROOT.resolve("README.zh.md");
        return page.getParent().resolve("zh").resolve(page.getFileName());
    }

    /** The targets of the page's Markdown links, outside fenced code blocks (a capture may hold brackets). */
    private static List<String> links(Path page) {
        List<String> targets = new ArrayList<>();
        boolean fenced = false;
        for (String line : read(page).split("\n", -1)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) continue;
            Matcher m = LINK.matcher(line);
            while (m.find()) targets.add(m.group(1));
        }
        return targets;
    }

    private static List<Path> scenarios() {
        try (Stream<Path> files = Files.list(SCENARIOS)) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The .md files directly in a folder (not below it), sorted; none if the folder is absent. */
    private static List<Path> markdownIn(Path folder) {
        if (!Files.isDirectory(folder)) return List.of();
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String name(Path file) {
        return ROOT.relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }
}
