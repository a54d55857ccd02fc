package lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Twelve claims the course once made that the code, the scenarios or the seed articles contradict (issue 26). Each
 * test names the words the correction removed, in English and, where the twin had them, in Chinese, and fails if any
 * of them comes back on a lesson page, its twin, a caption (the shipped scenarios and their inverted twins), the
 * workshop or the scenario format. Whitespace is folded, so a sentence re-wrapped across lines is still found.
 */
class CorrectedClaimsTest {
    /** Tests run in lab/, so the repository root is its parent. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final Path DOCS = ROOT.resolve("docs");
    private static final Path SCENARIOS = ROOT.resolve("scenarios");
    private static final Path INVERTED = ROOT.resolve("lab/src/test/resources/scenarios/inverted");

    @Test
    void every_text_the_claims_are_searched_in_is_read() {
        assertThat(texts())
                .extracting(CorrectedClaimsTest::name)
                .contains(
                        "docs/lessons/10-dead-holder.md",
                        "docs/lessons/zh/10-dead-holder.md",
                        "docs/workshop.md",
                        "docs/zh/workshop.md",
                        "docs/scenario-format.md",
                        "scenarios/10a-killed-holder.yaml",
                        "lab/src/test/resources/scenarios/inverted/10b-stopped-holder.yaml");
    }

    /** 1. Lesson 10 once gave 10a a 5 s TTL, a 300 ms job and a tick a second; the scenario runs 7 s, 1 s and 2 s. */
    @Test
    void lesson_10_describes_10a_with_the_ttl_job_and_period_the_scenario_runs() {
        assertGone("5 s TTL, a 300 ms job", "With a TTL of 5 s", "TTL 5 s，任务 300 ms", "TTL 5 s，死掉的持有者");
        String setup = setupOf(SCENARIOS.resolve("10a-killed-holder.yaml"));
        assertThat(setup).contains("every: 2s", "task-time: 1s", "lock-ttl: 7s");
        assertThat(folded(DOCS.resolve("lessons/10-dead-holder.md")))
                .contains("A Redis lock with a 7 s TTL around a 1 s job, one tick every 2 s");
        assertThat(folded(DOCS.resolve("lessons/zh/10-dead-holder.md")))
                .contains("Redis 锁，TTL 7 s，任务 1 s，每 2 s 一个 tick");
    }

    /** 2. Seed 000 lists a local fallback as an option; its author paused the jobs, the lab's skip. */
    @Test
    void seed_000_is_not_said_to_recommend_falling_back_to_a_local_lock() {
        assertGone(
                "falls back to a local lock when Redis is down",
                "the fallback a seed recommends",
                "as seed 000 suggests",
                "Seed 000 在 Redis 不可用时退回到本地锁",
                "参考文章推荐的兜底做法",
                "像 seed 000 建议的那样");
    }

    /** 3. Quartz's annotation holds the trigger and fires it late; only APScheduler's max_instances=1 skips. */
    @Test
    void quartz_disallow_concurrent_execution_is_not_said_to_skip_like_the_mutex() {
        assertGone("`@DisallowConcurrentExecution` does the same", "`@DisallowConcurrentExecution` 起同样的作用");
    }

    /** 4. Tokens are not issued twice because each is written down first; a counter alone can go back. */
    @Test
    void fencing_tokens_are_not_said_to_never_go_backwards() {
        assertGone("never go backwards", "token 永不倒退");
    }

    /** 5. Java's FileChannel.tryLock takes a POSIX record lock, which Linux keeps apart from flock(2). */
    @Test
    void the_host_file_lock_is_not_said_to_exclude_processes_of_every_language() {
        assertGone("whatever language they are written in", "a flock around the tick", "不管它们用什么语言写的", "套一层 flock");
    }

    /** 6. A frozen VM is given up by keepalive; idle_in_transaction_session_timeout ends a paused holder's session. */
    @Test
    void a_paused_postgresql_holder_is_not_said_to_keep_its_lock_for_ever() {
        assertGone(
                "if it never resumes",
                "a paused holder — never, while the pause lasts",
                "never while the holder is paused",
                "就永远不放",
                "持有者被暂停时一直不放");
    }

    /** 7. Behind a transaction-mode pooler the transaction-scoped lock is fine, as lesson 14's page says. */
    @Test
    void scenario_14_does_not_forbid_a_transaction_pooler_to_the_transaction_scoped_lock() {
        assertGone("not through a pooler in transaction mode", "也不能经过事务模式的连接池");
    }

    /** 8. Seed 003's code, as printed, stops on a NameError: it is four rows per tick only with its typos fixed. */
    @Test
    void seed_003s_code_is_not_said_to_give_four_rows_as_written() {
        assertGone("Run as written, with four workers", "照原样跑四个 worker");
    }

    /** 9. Figures of a Python reproduction that no command in the repository runs are gone. */
    @Test
    void no_figure_is_cited_from_a_python_reproduction_the_repository_cannot_run() {
        assertGone("Python reproduction", "Python 复现");
    }

    /** 10. uvicorn handles SIGTERM and runs the lifespan shutdown: a key is left by a kill or a hook that skips it. */
    @Test
    void a_leftover_key_is_not_blamed_on_the_default_action_of_sigterm() {
        assertGone(
                "installs no handler for `SIGTERM`",
                "SIGTERM's default handler",
                "with the default SIGTERM handler",
                "没有为 `SIGTERM` 安装处理函数",
                "被 SIGTERM 的默认处理直接结束",
                "用默认 SIGTERM 处理的 Python 进程");
    }

    /** 11. Seed 000 calls idempotency the lock's complement, at another level, and keeps its lock. */
    @Test
    void idempotency_is_not_called_seed_000s_cure_in_place_of_the_lock() {
        assertGone("calls this the most important cure", "as the cure that needs no lock", "不需要锁的方案——唯一约束或幂等键");
    }

    /** 12. Lesson 11 leads on to 12, lesson 6 counts the lessons that exist, the workshop keeps lesson 10's TTL. */
    @Test
    void the_lessons_lead_on_and_the_workshop_keeps_lesson_10s_advice_on_the_ttl() {
        assertGone(
                "Back to the start",
                "the traps of those cures in lessons 7 to 14",
                "a TTL longer than the job, compare-and-delete",
                "回到开头",
                "这些方案的坑见第 7 到第 14 课",
                "TTL 要长于任务");
    }

    /**
     * Fails naming every text, and the words, where one of {@code phrases} is found, case ignored: in the text with its
     * line breaks read as spaces (English wraps between words), or with them taken out (Chinese wraps inside a phrase).
     */
    private static void assertGone(String... phrases) {
        List<String> found = new ArrayList<>();
        for (Path text : texts()) {
            String raw = read(text);
            String spaced = fold(raw).toLowerCase(Locale.ROOT);
            String joined = raw.replaceAll("[ \\t]*\\R[ \\t]*", "").toLowerCase(Locale.ROOT);
            for (String phrase : phrases) {
                String p = phrase.toLowerCase(Locale.ROOT);
                if (spaced.contains(p) || joined.contains(p)) {
                    found.add(name(text) + ": \"" + phrase + "\"");
                }
            }
        }
        assertThat(found).as("a corrected claim came back").isEmpty();
    }

    /** Lesson pages and their twins, the captions (shipped and inverted), the workshop and the scenario format. */
    private static List<Path> texts() {
        List<Path> texts = new ArrayList<>();
        texts.addAll(filesIn(DOCS.resolve("lessons"), ".md"));
        texts.addAll(filesIn(DOCS.resolve("lessons/zh"), ".md"));
        texts.addAll(filesIn(SCENARIOS, ".yaml"));
        texts.addAll(filesIn(INVERTED, ".yaml"));
        for (String page : List.of("workshop.md", "zh/workshop.md", "scenario-format.md", "zh/scenario-format.md")) {
            texts.add(DOCS.resolve(page));
        }
        return texts;
    }

    private static String setupOf(Path scenario) {
        Matcher m = Pattern.compile("(?m)^setup:\\s*\\{([^}]*)\\}").matcher(read(scenario));
        assertThat(m.find()).as("a one-line setup in %s", name(scenario)).isTrue();
        return m.group(1);
    }

    private static List<Path> filesIn(Path folder, String suffix) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(suffix) && Files.isRegularFile(p))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String folded(Path file) {
        return fold(read(file));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs of spaces and line breaks become one space, so a wrapped sentence reads as one line. */
    private static String fold(String text) {
        return text.replaceAll("[ \\t]*\\R[ \\t]*", " ").replaceAll("[ \\t]+", " ");
    }

    private static String name(Path file) {
        return ROOT.relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }
}
