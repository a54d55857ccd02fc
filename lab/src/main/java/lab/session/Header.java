package lab.session;

import java.time.Duration;
import java.util.List;

/**
 * The header line: what the session runs now and the state of every server it uses.
 *
 * @param serversEnv the session's private file of commands for redis-cli, psql and H2's shell; empty before start
 */
public record Header(
        String mode,
        int workers,
        Duration every,
        Duration taskTime,
        Duration lockTtl,
        String store,
        List<ServerInfo> servers,
        String serversEnv) {

    public Header {
        servers = List.copyOf(servers);
    }
}
