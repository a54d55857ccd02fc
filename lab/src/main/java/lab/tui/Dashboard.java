package lab.tui;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.Terminal;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import lab.session.Command;
import lab.session.LabSnapshot;

/**
 * The live dashboard: one UI thread that reads keys, turns them into {@link Command}s, and redraws the latest
 * {@link LabSnapshot} when it changed, at most every {@value #FRAME_MILLIS} ms. Other threads only publish
 * snapshots. The dashboard owns the terminal it is given: {@link #close()} puts it back, and is safe to call
 * twice and from a shutdown hook while {@link #run} is still drawing.
 */
public final class Dashboard implements AutoCloseable {
    static final long FRAME_MILLIS = 100;
    // Key latency: short enough to feel instant, long enough that an idle dashboard costs no CPU to speak of.
    private static final long POLL_MILLIS = 20;

    private final Terminal terminal;
    private final Screen screen;
    private final DashboardRenderer renderer;
    private final ViewControl view = new ViewControl();
    private final Object lock = new Object();
    private boolean started; // guarded by lock
    private boolean closed; // guarded by lock

    public Dashboard(Terminal terminal, Look look) throws IOException {
        this.terminal = terminal;
        this.screen = new TerminalScreen(terminal);
        this.renderer = new DashboardRenderer(look);
    }

    /**
     * A dashboard on this process's terminal, or empty when there is none to draw on; then
     * {@link ConsoleTerminal#whyNot} says why in one line.
     */
    public static Optional<Dashboard> openIfTerminal(Look look) throws IOException {
        Optional<Terminal> terminal = ConsoleTerminal.open(look.glyphs().charset());
        return terminal.isEmpty() ? Optional.empty() : Optional.of(new Dashboard(terminal.get(), look));
    }

    /**
     * Runs the UI loop on the calling thread until {@code stop} says so, the terminal's input ends, or
     * {@link #close()} is called; the terminal is restored on every way out, exceptions included. Every key's
     * command goes to {@code commands}; the keys that change nothing but the view ({@code ?}, {@code o} and the
     * knob panel's arrows, {@code e}) also act here, on the UI thread.
     */
    public void run(Supplier<LabSnapshot> snapshots, Consumer<Command> commands, BooleanSupplier stop)
            throws IOException {
        run(snapshots, commands, stop, null);
    }

    /**
     * {@link #run(Supplier, Consumer, BooleanSupplier)} fed from a recording: {@code playback} takes its own keys
     * first, and its banner replaces the servers in the header.
     */
    public void run(
            Supplier<LabSnapshot> snapshots, Consumer<Command> commands, BooleanSupplier stop, Playback playback)
            throws IOException {
        synchronized (lock) {
            if (started || closed) {
                throw new IllegalStateException("a dashboard runs once");
            }
            screen.startScreen();
            screen.setCursorPosition(null);
            started = true;
        }
        try {
            loop(snapshots, commands, stop, playback);
        } finally {
            close();
        }
    }

    private void loop(
            Supplier<LabSnapshot> snapshots, Consumer<Command> commands, BooleanSupplier stop, Playback playback)
            throws IOException {
        LabSnapshot shown = null;
        String shownBanner = null;
        boolean redraw = true;
        boolean complete = true;
        long lastLook = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(FRAME_MILLIS);
        while (!stop.getAsBoolean() && !isClosed()) {
            for (KeyStroke key = screen.pollInput(); key != null; key = screen.pollInput()) {
                if (key.getKeyType() == KeyType.EOF) {
                    return;
                }
                LabSnapshot current = snapshots.get();
                if (playback != null && ownKey(key, current) && playback.key(key.getCharacter())) {
                    redraw = true;
                    continue;
                }
                redraw |= view.onKey(key, current, commands);
            }
            if (screen.doResizeIfNecessary() != null) {
                redraw = true;
                complete = true;
            }
            long now = System.nanoTime();
            if (redraw || now - lastLook >= TimeUnit.MILLISECONDS.toNanos(FRAME_MILLIS)) {
                lastLook = now;
                LabSnapshot s = snapshots.get();
                String banner = playback == null ? null : playback.banner();
                if (redraw || !s.equals(shown) || !Objects.equals(banner, shownBanner)) {
                    draw(s, banner, complete);
                    shown = s;
                    shownBanner = banner;
                    redraw = false;
                    complete = false;
                }
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** A plain character, while no question or quit has the keys: the only keys a playback may take. */
    private boolean ownKey(KeyStroke key, LabSnapshot current) {
        return key.getKeyType() == KeyType.Character
                && !key.isCtrlDown()
                && !key.isAltDown()
                && !current.quitAsked()
                && (current.scenario() == null || current.scenario().question() == null);
    }

    private void draw(LabSnapshot s, String banner, boolean complete) throws IOException {
        synchronized (lock) {
            if (closed) {
                return;
            }
            renderer.render(screen.newTextGraphics(), s, view.view(s), banner);
            // DELTA sends only the cells that changed: no full repaint, no flicker. COMPLETE after a resize.
            screen.refresh(complete ? Screen.RefreshType.COMPLETE : Screen.RefreshType.DELTA);
        }
    }

    private boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /** Leaves the alternate screen and restores the terminal's modes. Idempotent; callable from any thread. */
    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            try {
                if (started) {
                    screen.stopScreen();
                }
            } catch (IOException | RuntimeException e) {
                // The terminal may be gone already (hang-up); there is nothing left to restore it with.
            } finally {
                try {
                    terminal.close();
                } catch (IOException | RuntimeException e) {
                    // Same: a terminal that cannot be written to cannot be restored either.
                }
            }
        }
    }
}
