package lab.launcher;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import lab.protocol.Event;

/** The session's event lines, as the workers sent them, in {@code events.jsonl}: for reports and replays. */
public final class EventRecorder implements AutoCloseable {
    private final BufferedWriter out;

    EventRecorder(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }

    synchronized void record(Event e) {
        try {
            out.write(e.toJson());
            out.newLine();
            // Line by line: a launcher killed with -9 keeps every event it had received.
            out.flush();
        } catch (IOException ex) {
            System.err.println("cannot record event: " + ex.getMessage());
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException ignored) {
            // the events were flushed as far as they could be
        }
    }
}
