package lab.launcher;

import java.io.IOException;

/** A server process the lab started itself (Redis, PostgreSQL): what the session needs to drive and show it. */
interface LabServer extends AutoCloseable {
    String url();

    long startMillis();

    /** Where its binaries came from: the machine's own, or which Maven Central package. */
    String source();

    boolean isRunning();

    /** Starts it again after {@link #stop()}, on the same port. */
    void start() throws IOException;

    /** Stops it as a crash would look to its clients; {@link #start()} brings it back. */
    void stop();

    @Override
    void close();
}
