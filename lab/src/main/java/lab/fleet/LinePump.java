package lab.fleet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** A thread that hands every line of a child's output to a sink until the child closes it. */
final class LinePump {
    private LinePump() {}

    static Thread start(String name, InputStream in, Consumer<String> sink) {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        Thread t = new Thread(
                () -> {
                    try (reader) {
                        String line;
                        while ((line = reader.readLine()) != null) {
                            sink.accept(line);
                        }
                    } catch (IOException ignored) {
                        // the child is gone; its exit is handled where it is watched
                    }
                },
                name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * Waits for the last lines of a child that has ended: its pipe reaches its end as soon as the pump has read what
     * is in it, which on a loaded machine can take more than a second, and a line not read by then is an event the
     * recording never gets (a fire the explainer then cannot see). The bound is only for a pipe some other process
     * still holds open.
     */
    static void join(Thread t) {
        try {
            t.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
