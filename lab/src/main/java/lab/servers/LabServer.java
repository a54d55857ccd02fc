package lab.servers;

import java.io.IOException;
import java.util.function.Consumer;

/** A server process the lab started itself (Redis, PostgreSQL): what the session needs to drive and show it. */
public interface LabServer extends AutoCloseable {
    /** How the lab's own clients reach it, password included: never for a line a person reads. */
    String url();

    /** host:port, for the lines a person reads. */
    String address();

    long startMillis();

    /** Where its binaries came from, short: "machine 7.0.15", "embedded 14.22". */
    String source();

    /** Which program and where from, in full. */
    String detail();

    /** Why {@code --servers auto} did not use the machine's binary; empty when it did or was not asked to. */
    String note();

    boolean isRunning();

    /** Starts it again after {@link #stop()}, on the same port; refused once it is closed. */
    void start() throws IOException;

    /** Whether it was closed: the session is over, and nothing may start it again. */
    boolean closed();

    /** Stops it as a crash would look to its clients; {@link #start()} brings it back. */
    void stop();

    /**
     * Who hears, in one line, that its process ended without {@link #stop()} (a crash, a kill from elsewhere): the
     * lab's own servers are watched; a server the lab did not start is not its to watch.
     */
    void onDeath(Consumer<String> listener);

    @Override
    void close();
}
