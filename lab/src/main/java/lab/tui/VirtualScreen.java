package lab.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.terminal.Terminal;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import com.googlecode.lanterna.terminal.virtual.VirtualTerminal;
import com.googlecode.lanterna.terminal.virtual.VirtualTerminalListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The dashboard on a terminal in memory, for the benchmark: keys go in as if typed, and every flush of the screen is
 * timed, so that "key pressed → screen shows it" and "how long the screen went without an update" are measured on
 * the real drawing code, without a terminal emulator's own delays in between.
 */
public final class VirtualScreen {
    private final DefaultVirtualTerminal terminal;
    private final Dashboard dashboard;
    private final List<Long> flushes = new ArrayList<>(); // guarded by this
    private Predicate<String> waitingFor; // guarded by this
    private long seenAt; // guarded by this

    public VirtualScreen(int columns, int rows) throws IOException {
        this(columns, rows, new Look(true, Glyphs.forCharset(StandardCharsets.UTF_8), ZoneId.systemDefault()));
    }

    /** As above, drawn in {@code look}: its language above all, as {@code --lang zh} gives it. */
    public VirtualScreen(int columns, int rows, Look look) throws IOException {
        this.terminal = new DefaultVirtualTerminal(new TerminalSize(columns, rows));
        this.dashboard = new Dashboard(terminal, look);
        terminal.addVirtualTerminalListener(new VirtualTerminalListener() {
            @Override
            public void onFlush() {
                flushed(System.nanoTime());
            }

            @Override
            public void onBell() {}

            @Override
            public void onClose() {}

            @Override
            public void onResized(Terminal t, TerminalSize size) {}
        });
    }

    public Dashboard dashboard() {
        return dashboard;
    }

    /** Types {@code key} as a person would. */
    public void press(char key) {
        terminal.addInput(new KeyStroke(key, false, false));
    }

    /**
     * Waits for the first flush after which the screen satisfies {@code shows}, and returns when that flush
     * happened ({@link System#nanoTime}); -1 when it did not within {@code timeout}.
     */
    public synchronized long awaitFlushShowing(Predicate<String> shows, Duration timeout) throws InterruptedException {
        waitingFor = shows;
        seenAt = -1;
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (seenAt < 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return -1;
                }
                wait(Math.max(1, left / 1_000_000));
            }
            return seenAt;
        } finally {
            waitingFor = null;
        }
    }

    /** Every flush so far, in {@link System#nanoTime} readings. */
    public synchronized List<Long> flushes() {
        return List.copyOf(flushes);
    }

    /** The screen as text, one line per row. */
    public String text() {
        return text(terminal);
    }

    /** A virtual terminal's screen as text, one line per row. */
    public static String text(VirtualTerminal terminal) {
        StringBuilder sb = new StringBuilder();
        TerminalSize size = terminal.getTerminalSize();
        for (int row = 0; row < size.getRows(); row++) {
            sb.append(row(terminal, row, size.getColumns())).append('\n');
        }
        return sb.toString();
    }

    /**
     * One row as text. A wide character (Chinese) fills two cells and the terminal reports it in both: it is read
     * once, so that the text has each character once and a string's position still says nothing of its cell.
     */
    public static String row(VirtualTerminal terminal, int row, int columns) {
        StringBuilder sb = new StringBuilder();
        for (int col = 0; col < columns; col++) {
            TextCharacter c = terminal.getCharacter(col, row);
            sb.append(c.getCharacterString());
            if (c.isDoubleWidth()) {
                col++;
            }
        }
        return sb.toString();
    }

    private synchronized void flushed(long at) {
        flushes.add(at);
        if (waitingFor != null && seenAt < 0 && waitingFor.test(text())) {
            seenAt = at;
            notifyAll();
        }
    }
}
