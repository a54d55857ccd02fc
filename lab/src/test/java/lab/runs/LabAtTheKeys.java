package lab.runs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import lab.headless.EventLine;
import lab.launcher.Lab;
import lab.launcher.LabSettings;
import lab.protocol.Event;
import lab.session.Command;
import lab.session.LabSnapshot;
import lab.session.LiveModel;
import lab.session.WorkerView;
import lab.store.CounterRow;
import lab.store.CounterStore;

/**
 * A real lab with what the dashboard puts around it, minus the terminal: the live model, the snapshot publisher
 * (what the screen draws) and the keys' actions. Tests press keys and read snapshots, the recording and the table.
 */
final class LabAtTheKeys implements AutoCloseable {
    final Lab lab;
    private final LiveModel model;
    private final SnapshotPublisher publisher;
    private final KeyActions keys;
    private final ExecutorService actions = Executors.newSingleThreadExecutor();

    LabAtTheKeys(LabSettings settings) {
        lab = new Lab(settings);
        model = new LiveModel(settings.every());
        AtomicReference<String> selected = new AtomicReference<>();
        publisher = new SnapshotPublisher(lab.view(), model, selected, null);
        keys = new KeyActions(
                lab.control(), lab.view(), model, publisher, null, actions, new AtomicBoolean(), selected);
        lab.onEvent(e -> model.onEvent(e, EventLine.format(e, java.time.ZoneId.systemDefault())));
    }

    LabAtTheKeys start() throws Exception {
        lab.start(model::onLabLine);
        publisher.start();
        return this;
    }

    void press(Command key) {
        keys.onCommand(key);
    }

    LabSnapshot screen() {
        return publisher.latest();
    }

    Optional<WorkerView> row(String id) {
        return screen().workers().stream().filter(w -> w.id().equals(id)).findFirst();
    }

    /** The events panel's lines, the launcher's own among them. */
    List<String> eventLines() {
        return screen().events();
    }

    /** The session's recording as written to events.jsonl so far (flushed line by line). */
    List<Event> recording() throws IOException {
        return Files.readAllLines(lab.runDir().resolve("events.jsonl")).stream()
                .map(Event::parse)
                .toList();
    }

    List<CounterRow> rows() throws SQLException {
        try (CounterStore store = new CounterStore(lab.view().storeUrl())) {
            return store.readAfter(0);
        }
    }

    Path runDir() {
        return lab.runDir();
    }

    @Override
    public void close() throws InterruptedException {
        publisher.close();
        actions.shutdownNow();
        actions.awaitTermination(10, TimeUnit.SECONDS);
        lab.close();
    }
}
