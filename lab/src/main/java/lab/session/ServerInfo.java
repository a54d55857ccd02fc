package lab.session;

/**
 * A server the session uses: {@code started} when the lab started it (with how long that took), or external.
 *
 * @param state starting, ready, down, external or failed
 */
public record ServerInfo(String name, String address, String state, long startMillis, String detail) {}
