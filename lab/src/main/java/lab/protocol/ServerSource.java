package lab.protocol;

import java.util.Locale;

/**
 * Where the lab's own Redis and PostgreSQL come from ({@code --servers}). The default is what a user's machine
 * has: its own binaries first, since a trainer who installed {@code redis-server} expects to see that one.
 */
public enum ServerSource {
    /** The machine's binary; when it is missing, too old or fails to start, Maven Central's, said in one line. */
    AUTO,
    /** The machine's binary or nothing: a run that needs the server fails, naming why. */
    MACHINE,
    /** The binary that a Maven Central package ships, whatever the machine has. */
    EMBEDDED;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
