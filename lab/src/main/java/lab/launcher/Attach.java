package lab.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Whether the launcher takes workers started on their own ({@code --attach PORT}), and with which token.
 *
 * @param port      where it listens for them, 0 for any free port, -1 when it takes none
 * @param tokenFile the session token to use, read from this file (a Kubernetes Secret), or null: a new token,
 *                  written to a private file in the session folder
 */
public record Attach(int port, Path tokenFile) {
    public static Attach none() {
        return new Attach(-1, null);
    }

    public boolean on() {
        return port >= 0;
    }

    /** The session token: the one in {@code tokenFile} (a Kubernetes Secret), else a new one. */
    String token() {
        if (tokenFile == null) {
            return UUID.randomUUID().toString();
        }
        try {
            return Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the token in " + tokenFile, e);
        }
    }
}
