package lab.servers;

import java.io.IOException;
import java.util.List;
import lab.nemesis.ServerName;
import lab.os.FreePort;
import lab.os.SessionFolder;
import lab.protocol.RedisPersistence;
import lab.protocol.ServerSource;
import lab.session.ServerInfo;

/**
 * The session's Redis and PostgreSQL: external when a URL is given (the lab starts nothing), else the lab's own,
 * on loopback ports chosen now so that every worker can be told the URL before the server exists, and closed by
 * the session's password.
 */
public final class Servers {
    private Servers() {}

    public static ServerSlot redis(String externalUrl, SessionFolder folder, ServerSource source, String password)
            throws IOException {
        return redis(externalUrl, folder, source, password, List.of());
    }

    /** The same, the lab's own server also listening on {@code alsoOn}: the simulated hosts' links. */
    public static ServerSlot redis(
            String externalUrl, SessionFolder folder, ServerSource source, String password, List<String> alsoOn)
            throws IOException {
        return redis(externalUrl, folder, source, password, alsoOn, RedisPersistence.NONE);
    }

    /** The same, the lab's own server keeping across a restart what {@code persistence} says. */
    public static ServerSlot redis(
            String externalUrl,
            SessionFolder folder,
            ServerSource source,
            String password,
            List<String> alsoOn,
            RedisPersistence persistence)
            throws IOException {
        if (externalUrl != null) {
            return ServerSlot.external(ServerName.REDIS.toString(), externalUrl);
        }
        int port = FreePort.pick();
        return ServerSlot.owned(
                ServerName.REDIS.toString(),
                "redis://:" + password + "@127.0.0.1:" + port,
                "127.0.0.1:" + port,
                () -> RedisServer.start(
                        folder.sub(ServerName.REDIS.toString()), source, port, password, alsoOn, persistence));
    }

    public static ServerSlot postgres(String externalUrl, SessionFolder folder, ServerSource source, String password)
            throws IOException {
        return postgres(externalUrl, folder, source, password, List.of());
    }

    /** The same, the lab's own server also listening on {@code alsoOn}: the simulated hosts' links. */
    public static ServerSlot postgres(
            String externalUrl, SessionFolder folder, ServerSource source, String password, List<String> alsoOn)
            throws IOException {
        if (externalUrl != null) {
            return ServerSlot.external(ServerName.POSTGRES.toString(), externalUrl);
        }
        int port = FreePort.pick();
        return ServerSlot.owned(
                ServerName.POSTGRES.toString(),
                "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres&password=" + password,
                "127.0.0.1:" + port,
                () -> PostgresServer.start(folder.sub(ServerName.POSTGRES.toString()), source, port, password, alsoOn));
    }

    /**
     * What a trainer reads of a server: which, where, in what state, from which binaries, how fast. (After a
     * fallback, {@link ServerInfo#note} says in a line of its own why the machine's binary was not used.)
     */
    public static String describe(ServerInfo s) {
        return switch (s.state()) {
            case "ready" -> s.name() + " server ready at " + s.address() + " in " + s.startMillis() + " ms ("
                    + s.detail() + ")";
            case "failed" -> "warning: " + s.name() + " server could not start: " + s.detail()
                    + "; modes that need it are refused";
            default -> s.name() + " server " + s.state() + " at " + s.address();
        };
    }
}
