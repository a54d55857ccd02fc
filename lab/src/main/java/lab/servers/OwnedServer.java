package lab.servers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import lab.os.ExitStatus;
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
    /** Addresses it listens on beside 127.0.0.1: the launcher's side of each simulated host's link. */
    protected final List<String> alsoOn;

    private final String note;
    protected ServerProcess process; // guarded by this
    private long startMillis; // guarded by this
    private boolean stopAsked; // guarded by this
    private boolean closed; // guarded by this
    private volatile Consumer<String> onDeath = line -> {};

    OwnedServer(Path dir, int port, String password, String note, List<String> alsoOn) {
        this.dir = dir;
        this.port = port;
        this.password = password;
        this.note = note;
        this.alsoOn = List.copyOf(alsoOn);
    }

    /** 127.0.0.1 first, then the simulated hosts' links. */
    protected final List<String> bindAddresses() {
        List<String> all = new ArrayList<>(List.of("127.0.0.1"));
        all.addAll(alsoOn);
        return all;
    }

    /** Starts the server's process and waits until it serves; throws saying why it does not. */
    protected abstract ServerProcess startProcess() throws IOException;

    /** Starts it, the first time or again after {@link #stop()}, and notes how long that took since {@code t0}. */
    final synchronized void launch(long t0) throws IOException {
        stopAsked = false;
        ServerProcess started = startProcess();
        process = started;
        startMillis = (System.nanoTime() - t0) / 1_000_000;
        started.onExit(code -> died(started, code));
    }

    /** A process that ended without {@link #stop()}: a crash, the OOM killer, a kill from another terminal. */
    private void died(ServerProcess which, int code) {
        String line;
        synchronized (this) {
            if (stopAsked || which != process) {
                return;
            }
            line = name() + " server (pid " + which.pid() + ") on " + address() + " died on its own: "
                    + ExitStatus.describe(code) + "; its log's last line: " + which.lastLogLine();
        }
        onDeath.accept(line);
    }

    @Override
    public void onDeath(Consumer<String> listener) {
        onDeath = listener;
    }

    /** Its name in a line: redis, postgres. */
    protected abstract String name();

    /** Stops the process as its clients would see a crash; the subclass says how. */
    protected abstract void stopProcess();

    @Override
    public final synchronized void stop() {
        stopAsked = true;
        stopProcess();
    }

    @Override
    public synchronized void start() throws IOException {
        if (closed) {
            // A delayed restart that outlived its session would leave a server no one stops.
            throw new IOException(name() + " server is closed: the session is over");
        }
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
    public synchronized boolean closed() {
        return closed;
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        stop();
        SessionFolder.deleteTree(dir);
    }
}
