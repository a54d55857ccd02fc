package lab.tui;

import java.time.ZoneId;
import java.util.Map;
import lab.protocol.Lang;

/**
 * How the dashboard draws: in colour or not, with which marks, in which time zone, in which language.
 *
 * @param color false under {@code --no-color} or {@code NO_COLOR}: every state must then read as a word or letter
 * @param lang  the labels', key bar's, help's, verdicts' and explanations' language; event lines stay the log's
 */
public record Look(boolean color, Glyphs glyphs, ZoneId zone, Lang lang) {

    public Look(boolean color, Glyphs glyphs, ZoneId zone) {
        this(color, glyphs, zone, Lang.EN);
    }

    /** The look this process should have: {@code NO_COLOR} as no-color.org defines it (set and not empty). */
    public static Look fromEnvironment(boolean noColorFlag, Lang lang) {
        Map<String, String> env = System.getenv();
        String noColor = env.get("NO_COLOR");
        boolean color = !noColorFlag && (noColor == null || noColor.isEmpty());
        return new Look(color, Glyphs.forThisProcess(), ZoneId.systemDefault(), lang);
    }

    /** The same look in {@code other}. */
    public Look in(Lang other) {
        return new Look(color, glyphs, zone, other);
    }

    /** The text in this look's language. */
    String say(String en, String zh) {
        return lang.pick(en, zh);
    }
}
