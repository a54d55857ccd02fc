package lab.tui;

import java.nio.charset.Charset;
import java.time.ZoneId;
import java.util.Map;

/**
 * How the dashboard draws: in colour or not, with which marks, in which time zone.
 *
 * @param color false under {@code --no-color} or {@code NO_COLOR}: every state must then read as a word or letter
 */
public record Look(boolean color, Glyphs glyphs, ZoneId zone) {

    /** The look this process should have: {@code NO_COLOR} as no-color.org defines it (set and not empty). */
    public static Look fromEnvironment(boolean noColorFlag) {
        Map<String, String> env = System.getenv();
        String noColor = env.get("NO_COLOR");
        boolean color = !noColorFlag && (noColor == null || noColor.isEmpty());
        return new Look(color, Glyphs.fromLocale(env, Charset.defaultCharset()), ZoneId.systemDefault());
    }
}
