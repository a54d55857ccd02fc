package lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One Chinese vocabulary (issue 32): docs/zh/glossary.md rules out, for each concept, the variants the Chinese pages
 * once mixed, and no Chinese page, caption or dashboard string may use one. The glossary is read as it is on disk, so
 * a variant added to its table is enforced the day it is added; a finding names the file, the line and the variant.
 * Only Chinese text is read (every line of a Chinese page, the lines of a scenario that hold Chinese, the string
 * literals of the main code that hold Chinese), and every variant holds a Chinese character, so the English beside
 * it (a `--headless` flag, a quoted event line) is never taken for one.
 */
class GlossaryTest {
    /** Tests run in lab/, so the repository root is its parent. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final Path GLOSSARY = ROOT.resolve("docs/zh/glossary.md");

    private static final Pattern CJK = Pattern.compile("\\p{IsHan}");
    private static final Pattern BACKTICKED = Pattern.compile("`([^`]+)`");
    private static final Pattern JAVA_STRING = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** A variant the glossary rules out, and the concept whose row rules it out (said in the finding). */
    record Variant(String concept, String words, Pattern pattern) {}

    /** One line of Chinese text, where it is. */
    record Line(String file, int number, String text) {}

    @Test
    void no_chinese_page_caption_or_dashboard_string_uses_a_variant_the_glossary_rules_out() {
        List<String> findings = findings(variants(GLOSSARY), exceptions(GLOSSARY), chineseLines(ROOT));
        assertThat(findings).as("ruled-out variants (docs/zh/glossary.md)").isEmpty();
    }

    @Test
    void the_glossary_rules_out_the_variants_issue_32_found_and_every_chinese_text_is_read() {
        assertThat(variants(GLOSSARY))
                .extracting(Variant::words)
                .contains("周期", "令牌", "实验室", "headless 运行", "主人", "解法与代价", "## 参考资料");
        // A variant of Latin letters only would be found in the English that Chinese pages quote.
        assertThat(variants(GLOSSARY))
                .allSatisfy(v -> assertThat(CJK.matcher(v.words()).find())
                        .as("variant '%s' holds a Chinese character", v.words())
                        .isTrue());
        assertThat(chineseLines(ROOT))
                .extracting(Line::file)
                .contains(
                        "README.zh.md",
                        "docs/zh/workshop.md",
                        "docs/lessons/zh/18-partition.md",
                        "docs/exercises/zh/README.md",
                        "scenarios/03-redis.yaml",
                        "lab/src/test/resources/scenarios/inverted/03-redis.yaml",
                        "lab/src/main/java/lab/tui/CauseWords.java",
                        "lab/src/main/java/lab/tui/HeaderPanel.java")
                .doesNotContain("docs/zh/glossary.md");
    }

    @Test
    void a_planted_variant_is_named_with_its_file_line_and_concept(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("docs/zh"));
        Files.createDirectories(root.resolve("scenarios"));
        Files.createDirectories(root.resolve("lab/src/main/java/lab/tui"));
        Files.writeString(root.resolve("README.zh.md"), "# 标题\n\n每个 tick 一行，生命周期不算。\n这个终端实验室\n");
        Files.writeString(
                root.resolve("scenarios/99-planted.yaml"),
                "steps:\n  - say:\n      en: \"One row per tick.\"\n      zh: \"每个周期一行。\"\n");
        Files.writeString(
                root.resolve("lab/src/main/java/lab/tui/Planted.java"),
                "class Planted {\n    // 周期 in a comment is not on the screen\n"
                        + "    String s = look.say(\"headless run\", \"headless  运行\");\n}\n");

        List<String> findings = findings(variants(GLOSSARY), exceptions(GLOSSARY), chineseLines(root));

        assertThat(findings)
                .containsExactlyInAnyOrder(
                        "README.zh.md:4: '实验室' (the lab → 实验程序)",
                        "scenarios/99-planted.yaml:4: '周期' (tick → tick; period (every) → 触发间隔（上下文清楚时简称\"间隔\"）)",
                        "lab/src/main/java/lab/tui/Planted.java:3: 'headless 运行' (headless run → 无界面运行)");
    }

    /** Each finding as `file:line: 'variant' (concept → chosen)`, in the order the lines are read. */
    static List<String> findings(List<Variant> variants, List<String> exceptions, List<Line> lines) {
        List<String> findings = new ArrayList<>();
        for (Line line : lines) {
            String text = line.text();
            // A word that holds a variant but means something else (生命周期, lifecycle) is blanked out first.
            for (String exception : exceptions) text = text.replace(exception, " ".repeat(exception.length()));
            for (Variant v : variants) {
                if (v.pattern().matcher(text).find()) {
                    findings.add(line.file() + ":" + line.number() + ": '" + v.words() + "' (" + v.concept() + ")");
                }
            }
        }
        return findings;
    }

    /**
     * The table's rows: column 1 the English term, 2 the Chinese chosen, 3 the variants ruled out, backticked. A
     * variant ruled out by two rows (周期, once for the tick and once for the period) is one variant of both concepts.
     */
    static List<Variant> variants(Path glossary) {
        Map<String, String> concepts = new LinkedHashMap<>();
        for (String row : read(glossary).split("\n")) {
            if (!row.startsWith("|") || row.startsWith("|---")) continue;
            String[] cells = row.split("\\|", -1);
            if (cells.length < 5 || cells[1].strip().equals("English")) continue;
            String concept = (cells[1].strip() + " → " + cells[2].strip()).replace("`", "");
            Matcher m = BACKTICKED.matcher(cells[3]);
            while (m.find()) concepts.merge(m.group(1), concept, (a, b) -> a + "; " + b);
        }
        List<Variant> variants = new ArrayList<>();
        concepts.forEach((words, concept) -> variants.add(new Variant(concept, words, spaced(words))));
        return variants;
    }

    /** The backticked words of the paragraph after the heading that lists the words holding a variant. */
    static List<String> exceptions(Path glossary) {
        String text = read(glossary);
        int heading = text.indexOf("## 含有上面写法");
        List<String> words = new ArrayList<>();
        if (heading < 0) return words;
        int end = text.indexOf("\n## ", heading + 1);
        Matcher m = BACKTICKED.matcher(text.substring(heading, end < 0 ? text.length() : end));
        while (m.find()) words.add(m.group(1));
        return words;
    }

    /** A space in a variant stands for any run of blanks, or none: "headless 运行" is also "headless运行". */
    private static Pattern spaced(String words) {
        StringBuilder regex = new StringBuilder();
        for (String part : words.strip().split("\\s+")) {
            if (regex.length() > 0) regex.append("\\s*");
            regex.append(Pattern.quote(part));
        }
        return Pattern.compile(regex.toString());
    }

    /** Every line of the Chinese pages, the Chinese lines of the scenarios, the Chinese string literals of main. */
    static List<Line> chineseLines(Path root) {
        List<Line> lines = new ArrayList<>();
        List<Path> pages = new ArrayList<>();
        if (Files.isRegularFile(root.resolve("README.zh.md"))) pages.add(root.resolve("README.zh.md"));
        pages.addAll(files(root.resolve("docs/zh"), ".md"));
        pages.addAll(files(root.resolve("docs/lessons/zh"), ".md"));
        pages.addAll(files(root.resolve("docs/exercises/zh"), ".md"));
        pages.remove(root.resolve("docs/zh/glossary.md"));
        for (Path page : pages) lines.addAll(numbered(root, page, false));
        List<Path> scenarios = new ArrayList<>(files(root.resolve("scenarios"), ".yaml"));
        // The inverted twins show the same captions; the broken scenarios are the parser's error cases, one not UTF-8.
        scenarios.addAll(files(root.resolve("lab/src/test/resources/scenarios/inverted"), ".yaml"));
        for (Path scenario : scenarios) {
            numbered(root, scenario, false).stream()
                    .filter(l -> CJK.matcher(l.text()).find())
                    .forEach(lines::add);
        }
        for (Path source : files(root.resolve("lab/src/main/java"), ".java")) {
            lines.addAll(numbered(root, source, true));
        }
        return lines;
    }

    /** The file's lines, numbered from 1; of Java, only the string literals that hold Chinese, joined by a blank. */
    private static List<Line> numbered(Path root, Path file, boolean literalsOnly) {
        String name = root.relativize(file).toString().replace('\\', '/');
        String[] texts = read(file).split("\n", -1);
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < texts.length; i++) {
            String text = texts[i];
            if (literalsOnly) {
                StringBuilder literals = new StringBuilder();
                Matcher m = JAVA_STRING.matcher(text);
                while (m.find()) {
                    if (CJK.matcher(m.group(1)).find())
                        literals.append(m.group(1)).append(' ');
                }
                text = literals.toString();
                if (text.isEmpty()) continue;
            }
            lines.add(new Line(name, i + 1, text));
        }
        return lines;
    }

    /** The files ending in the suffix in the folder and below it, sorted; none if the folder is absent. */
    private static List<Path> files(Path folder, String suffix) {
        if (!Files.isDirectory(folder)) return List.of();
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(p -> p.toString().endsWith(suffix) && Files.isRegularFile(p))
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
}
