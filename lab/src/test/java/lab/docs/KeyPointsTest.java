package lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import lab.course.KeyPoints;
import lab.protocol.Lang;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every lesson page, in both languages, says what {@code ./run.sh lesson} shows before the replay: two or three
 * points to watch, and the versions its figures were measured with.
 */
class KeyPointsTest {
    private static final Path LESSONS = Path.of("").toAbsolutePath().getParent().resolve("docs/lessons");

    static Stream<Path> pages() throws IOException {
        try (Stream<Path> files = Files.list(LESSONS)) {
            return files.filter(p -> p.toString().endsWith(".md")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pages")
    void every_lesson_page_and_its_twin_give_two_or_three_points_then_what_it_was_measured_with(Path page)
            throws IOException {
        for (Lang lang : Lang.values()) {
            Path p = KeyPoints.page(page, lang);
            List<String> points = KeyPoints.of(p, lang);
            assertThat(points).as("the key points of %s", p).isNotEmpty();
            List<String> bullets = points.subList(0, points.size() - 1);
            assertThat(bullets).as("the bullets of %s", p).hasSizeBetween(2, 3).allMatch(l -> l.startsWith("- "));
            assertThat(points.get(points.size() - 1))
                    .as("the last line of the key points of %s", p)
                    .startsWith(lang.pick("Measured with: Java ", "测量环境：Java "));
        }
    }

    /**
     * The line that says what the figures were measured with, and the one that says which library the lesson runs
     * (lessons 19 to 22), name each library at the version the build has, exactly: a page left at Quartz 2.5.1 after
     * the pom moved to 2.5.2 would teach from a library the lab no longer runs.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("pages")
    void every_lesson_page_and_its_twin_name_each_library_at_the_version_the_pom_has(Path page) throws Exception {
        LibraryVersions build =
                LibraryVersions.of(LESSONS.getParent().getParent().resolve("pom.xml"));
        for (Lang lang : Lang.values()) {
            Path p = KeyPoints.page(page, lang);
            List<String> points = KeyPoints.of(p, lang);
            List<String> lines = new ArrayList<>(points.subList(points.size() - 1, points.size()));
            for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                if (line.startsWith(lang.pick("The lab runs **", "实验程序在 "))) {
                    lines.add(line);
                }
            }
            for (String line : lines) {
                List<List<String>> named = LibraryVersions.named(line);
                assertThat(named).as("the versions %s names in: %s", p, line).isNotEmpty();
                for (List<String> library : named) {
                    build.version(library.get(0)).ifPresent(version -> assertThat(library.get(1))
                            .as("%s's version of %s, in: %s", p, library.get(0), line)
                            .isEqualTo(version));
                }
            }
        }
    }
}
