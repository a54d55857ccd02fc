package lab.replay;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import lab.protocol.Lang;
import lab.tui.Glyphs;
import lab.tui.Look;
import lab.tui.VirtualScreen;

/**
 * A replay on the dashboard, drawn on a terminal of 80x24 in memory, on a wall clock that stands still: the position
 * moves only by keys, so each key's screen is decided, never raced. A key is typed as a person would type it, and its
 * screen read once the dashboard has flushed a frame after it (every key used here changes the screen).
 */
final class ReplayScreen implements AutoCloseable {
    private static final Duration SOON = Duration.ofSeconds(10);

    final RecordedRun recording;
    final Player player;
    private final VirtualScreen screen;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final CompletableFuture<Void> running;

    ReplayScreen(Path run) throws Exception {
        this(run, Lang.EN);
    }

    /** As above, the dashboard in {@code lang}, as {@code --lang} sets it for the replay and the screen alike. */
    ReplayScreen(Path run, Lang lang) throws Exception {
        recording = Replay.open(run);
        player = new Player(recording, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), ZoneId.systemDefault(), lang);
        screen = new VirtualScreen(
                80, 24, new Look(true, Glyphs.forCharset(StandardCharsets.UTF_8), ZoneId.systemDefault(), lang));
        running = CompletableFuture.runAsync(() -> {
            try {
                Replay.show(player, screen.dashboard(), stop::get);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        await().atMost(SOON).until(() -> !screen.flushes().isEmpty());
    }

    /** Types {@code key} and answers the screen of the first frame drawn after it. */
    String press(char key) {
        int before = screen.flushes().size();
        screen.press(key);
        await().atMost(SOON).until(() -> screen.flushes().size() > before);
        return screen.text();
    }

    String text() {
        return screen.text();
    }

    @Override
    public void close() {
        stop.set(true);
        running.join();
    }
}
