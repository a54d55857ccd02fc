package lab.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.protocol.Lang;
import lab.protocol.Mode;

/**
 * Holds a finding's Chinese sentence to its English one: Chinese, and about the same facts. A sentence's facts are
 * the words a trainer points at on either screen, so both must carry each of them exactly: the workers, every time
 * as the one {@link Said} formatted it, every number, every name with a colon, hyphen or underscore in it (a key, an
 * owner, a knob, a table) and every mode. English prose left in the Chinese is caught by its commonest small words.
 */
final class ChineseTwin {
    private static final Pattern HAN = Pattern.compile("\\p{IsHan}");
    private static final Pattern WORKER = Pattern.compile("\\bw\\d+\\b");
    private static final Pattern TIME = Pattern.compile("\\d\\d:\\d\\d:\\d\\d(?:\\.\\d{3})?|(?<![\\d:])\\.\\d{3}");
    private static final Pattern NUMBER = Pattern.compile("\\d+");
    private static final Pattern NAME = Pattern.compile("[\\w.]+(?:[-_:][\\w.]+)+");
    private static final Pattern WORD = Pattern.compile("[a-z][\\w-]*");
    /** Hyphenated English words, not names: the Chinese says them in Chinese. */
    private static final Set<String> ENGLISH_WORDS = Set.of("in-process", "re-ran", "re-run", "check-in");

    private static final Pattern PROSE = Pattern.compile("\\b(?:the|and|at|was|were|took|but|while|its|it)\\b");

    /** The causes of every finding held so far in this test run, for the test that every cause is covered. */
    private static final Set<Cause> HELD = Collections.synchronizedSet(EnumSet.noneOf(Cause.class));

    private ChineseTwin() {}

    static void hold(Explanations x) {
        x.findings().forEach(ChineseTwin::hold);
    }

    static void hold(Finding f) {
        String en = f.sentence();
        String zh = f.zh();
        String as = "the Chinese twin of: " + en + "\n                  is: " + zh;
        assertThat(f.sentence(Lang.EN)).isEqualTo(en);
        assertThat(f.sentence(Lang.ZH)).isEqualTo(zh);
        assertThat(zh).as(as).isNotBlank().containsPattern(HAN);
        // The Chinese may name a worker once more where English leaves it the subject of a clause before.
        assertThat(new TreeSet<>(all(WORKER, zh))).as("workers in " + as).isEqualTo(new TreeSet<>(all(WORKER, en)));
        assertThat(sorted(TIME, zh)).as("times in " + as).isEqualTo(sorted(TIME, en));
        assertThat(sorted(NUMBER, bare(zh))).as("numbers in " + as).isEqualTo(sorted(NUMBER, bare(en)));
        for (String name : all(NAME, en)) {
            if (ENGLISH_WORDS.contains(name)) {
                continue;
            }
            assertThat(zh).as("the name %s in %s", name, as).contains(name);
        }
        for (String word : all(WORD, en)) {
            if (Mode.byName(word).isPresent()) {
                assertThat(zh).as("the mode %s in %s", word, as).contains(word);
            }
        }
        assertThat(PROSE.matcher(zh).find()).as("English prose left in " + as).isFalse();
        HELD.add(f.cause());
    }

    static Set<Cause> held() {
        Set<Cause> held = EnumSet.noneOf(Cause.class);
        synchronized (HELD) {
            held.addAll(HELD);
        }
        return held;
    }

    static void forget() {
        HELD.clear();
    }

    /** The sentence without its workers and times, held apart above: the numbers left are counts and lengths. */
    private static String bare(String s) {
        return TIME.matcher(WORKER.matcher(s).replaceAll(" ")).replaceAll(" ");
    }

    private static List<String> sorted(Pattern p, String s) {
        List<String> found = all(p, s);
        Collections.sort(found);
        return found;
    }

    private static List<String> all(Pattern p, String s) {
        List<String> found = new ArrayList<>();
        Matcher m = p.matcher(s);
        while (m.find()) {
            found.add(m.group());
        }
        return found;
    }
}
