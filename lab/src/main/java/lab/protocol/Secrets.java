package lab.protocol;

import java.util.regex.Pattern;

/**
 * Masks the passwords that server URLs may carry ({@code redis://:pw@host:port}, {@code ...?password=pw},
 * H2's {@code ;PASSWORD=pw}), so that a URL can be named in a line, a summary or a recording without giving the
 * password to whoever reads it. Every place that names a server URL to a person goes through {@link #mask}.
 */
public final class Secrets {
    private static final Pattern USER_INFO = Pattern.compile("(redis://[^:/@\\s]*:)[^@\\s]+@");
    /** A user part with no colon: some clients read it as the password, so it is masked whole. */
    private static final Pattern BARE_USER_INFO = Pattern.compile("redis://[^:/@\\s]+@");

    private static final Pattern PARAMETER = Pattern.compile("(?i)([?&;]password=)[^&;\\s'\"]*");

    private Secrets() {}

    /** The text with every password of a URL in it replaced by {@code ***}; null stays null. */
    public static String mask(String text) {
        if (text == null) {
            return null;
        }
        String masked = USER_INFO.matcher(text).replaceAll("$1***@");
        masked = BARE_USER_INFO.matcher(masked).replaceAll("redis://***@");
        return PARAMETER.matcher(masked).replaceAll("$1***");
    }
}
