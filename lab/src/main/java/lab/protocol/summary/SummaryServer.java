package lab.protocol.summary;

/**
 * A server the run used, as the summary keeps it.
 *
 * @param address  host:port, never a URL (a URL may carry a password)
 * @param state    starting, ready, down, external, not started or failed
 * @param source   where its binaries came from, short ("machine 7.0.15", "in-process"); empty until known
 * @param detail   the program in full when it ran, the reason when it failed
 * @param fallback why {@code --servers auto} did not use the machine's binary; empty when it did or was not asked to
 */
public record SummaryServer(
        String name, String address, String state, long startMillis, String source, String detail, String fallback) {}
