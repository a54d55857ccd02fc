package lab.servers;

import java.io.IOException;
import java.io.InterruptedIOException;
import lab.protocol.ServerSource;

/**
 * The one place that decides between the machine's binary and Maven Central's, for every server: {@code auto}
 * tries the machine's and, when that attempt fails for any reason (missing, too old, would not start), starts the
 * embedded one with a note that says which and why; {@code machine} and {@code embedded} try one only.
 */
public final class SourceChoice {
    /** One way to start a server; a failure's message says why, as a trainer should read it. */
    @FunctionalInterface
    interface Attempt<S> {
        S start(String note) throws IOException;
    }

    private SourceChoice() {}

    static <S> S start(String name, ServerSource source, Attempt<S> machine, Attempt<S> embedded, String embeddedLabel)
            throws IOException {
        if (source == ServerSource.EMBEDDED) {
            return embedded.start("");
        }
        try {
            return machine.start("");
        } catch (InterruptedIOException stopping) {
            throw stopping; // the lab is stopping: no second attempt
        } catch (IOException whyNot) {
            if (source == ServerSource.MACHINE) {
                throw new IOException("--servers machine: " + whyNot.getMessage(), whyNot);
            }
            return embedded.start(name + ": " + whyNot.getMessage() + "; using " + embeddedLabel);
        }
    }
}
