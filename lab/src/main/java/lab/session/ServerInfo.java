package lab.session;

/**
 * A server the session uses: started by the lab (with how long that took, and from which binaries), or external.
 *
 * @param address host:port, never a URL (a URL may carry a password)
 * @param state   starting, ready, down, external, not started or failed
 * @param source  where its binaries came from, short ("machine 7.0.15", "embedded 14.22", "in-process",
 *                "external"); empty until known
 * @param detail  the program in full when it runs, the reason when it failed
 * @param note    why {@code --servers auto} did not use the machine's binary; empty when it did or was not asked to
 */
public record ServerInfo(
        String name, String address, String state, long startMillis, String source, String detail, String note) {}
