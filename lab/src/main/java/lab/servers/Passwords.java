package lab.servers;

import java.security.SecureRandom;
import java.util.Base64;

/** The session's password: random, and made of letters, digits, '-' and '_' only, so it needs no quoting anywhere. */
public final class Passwords {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Passwords() {}

    public static String generate() {
        byte[] bytes = new byte[18];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
