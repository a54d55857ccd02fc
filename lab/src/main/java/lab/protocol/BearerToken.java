package lab.protocol;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * The session token as a control call must carry it, {@code Authorization: Bearer <token>}: the rule every endpoint
 * that changes the lab applies alike, a worker's {@code PUT /mode} and the launcher's attach calls.
 */
public final class BearerToken {
    private final byte[] token;

    public BearerToken(String token) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Why {@code header} (the Authorization header's value, or null) does not carry the session token, in the words
     * of a 401; empty when it does. Compared in constant time: a token is not guessed byte by byte from how fast a
     * wrong one is refused.
     */
    public Optional<String> refusal(String header) {
        if (header == null || !header.startsWith("Bearer ")) {
            return Optional.of("missing session token: send 'Authorization: Bearer <token>'");
        }
        byte[] given = header.substring("Bearer ".length()).getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, token) ? Optional.empty() : Optional.of("wrong session token");
    }
}
