package lab.servers;

import java.io.IOException;
import java.nio.file.Path;
import lab.os.SessionFolder;

/**
 * A server process the lab started itself, on 127.0.0.1 and a port chosen beforehand, with its files in
 * {@code dir}: what Redis and PostgreSQL share. Each says how it launches and how it stops; a stop and a start
 * keep the port, so the URLs handed out stay good, and closing removes the folder.
 */
abstract class OwnedServer implements LabServer {
    protected final Path dir;
    protected final int port;
    protected final String password;
    private final String note;
    protected ServerProcess process; // guarded by this
    private long startMillis; // guarded by this

    OwnedServer(Path dir, int port, String password, String note) {
        this.dir = dir;
        this.port = port;
        this.password = password;
        this.note = note;
    }

    /** Starts the server's process and waits until it serves; throws saying why it does not. */
    protected abstract ServerProcess startProcess() throws IOException;

    /** Starts it, the first time or again after {@link #stop()}, and notes how long that took since {@code t0}. */
    final synchronized void launch(long t0) throws IOException {
        process = startProcess();
        startMillis = (System.nanoTime() - t0) / 1_000_000;
    }

    @Override
    public synchronized void start() throws IOException {
        if (!isRunning()) {
            launch(System.nanoTime());
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return process != null && process.alive();
    }

    @Override
    public String address() {
        return "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** The last start's duration (unpacking and initialising included the first time). */
    @Override
    public synchronized long startMillis() {
        return startMillis;
    }

    @Override
    public String note() {
        return note;
    }

    /** The server's process id while it runs. */
    public synchronized long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        stop();
        SessionFolder.deleteTree(dir);
    }
}
