package lab.tui;

import com.googlecode.lanterna.terminal.Terminal;
import java.io.IOException;
import java.nio.charset.Charset;
import java.util.Optional;

/** This process's own terminal, when it has one the dashboard can draw on. */
public final class ConsoleTerminal {
    private ConsoleTerminal() {}

    /** Why this process cannot show the dashboard, in one line for the trainer; empty when it can. */
    public static Optional<String> whyNot() {
        return whyNot(System.console() != null, System.getenv("TERM"));
    }

    static Optional<String> whyNot(boolean hasConsole, String term) {
        if (!hasConsole) {
            return Optional.of("no terminal (input or output is not a TTY)");
        }
        if (term == null || term.isBlank()) {
            return Optional.of("no terminal (TERM is not set)");
        }
        if (term.equals("dumb")) {
            return Optional.of("no terminal (TERM=dumb cannot draw a screen)");
        }
        return Optional.empty();
    }

    /**
     * A text terminal on stdin/stdout, or empty when {@link #whyNot()} has a reason. Never a Swing window (which
     * Lanterna's factory would open on a desktop that has no TTY, in front of nobody): the Unix terminal itself.
     */
    static Optional<Terminal> open(Charset charset) throws IOException {
        if (whyNot().isPresent()) {
            return Optional.empty();
        }
        // Ctrl-C arrives as a key, not as Lanterna's System.exit(1): the lab stops as after q, y — summary included.
        // Ctrl-\ and Ctrl-Z arrive as keys too, instead of signals that tear the screen or stop the lab.
        return Optional.of(new SignalKeysTerminal(System.in, System.out, charset));
    }
}
