package lab.launcher;

import java.io.IOException;
import lab.session.ServerInfo;

/**
 * The session's Redis and PostgreSQL: external when a URL is given (the lab starts nothing), else the lab's own,
 * on loopback ports chosen now so that every worker can be told the URL before the server exists.
 */
final class Servers {
    private Servers() {}

    static ServerSlot redis(String externalUrl, SessionFolder folder) throws IOException {
        if (externalUrl != null) {
            return ServerSlot.external("redis", externalUrl);
        }
        int port = FreePort.pick();
        return ServerSlot.owned(
                "redis",
                "redis://127.0.0.1:" + port,
                () -> RedisServer.start(folder.sub("redis"), ServerBinaries.fromSystemProperty(), port));
    }

    static ServerSlot postgres(String externalUrl, SessionFolder folder) throws IOException {
        if (externalUrl != null) {
            return ServerSlot.external("postgres", externalUrl);
        }
        int port = FreePort.pick();
        return ServerSlot.owned(
                "postgres",
                "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres",
                () -> PostgresServer.start(folder.sub("postgres"), ServerBinaries.fromSystemProperty(), port));
    }

    /** One line for the trainer: which server, where, in what state, from which binaries, how fast. */
    static String describe(ServerInfo s) {
        return switch (s.state()) {
            case "ready" -> s.name() + " server ready at " + s.address() + " in " + s.startMillis() + " ms ("
                    + s.detail() + ")";
            case "failed" -> "warning: " + s.name() + " server could not start: " + s.detail()
                    + "; modes that need it are refused";
            default -> s.name() + " server " + s.state() + " at " + s.address();
        };
    }
}
