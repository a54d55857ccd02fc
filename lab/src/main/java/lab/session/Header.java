package lab.session;

import java.time.Duration;
import java.util.List;
import lab.protocol.ModeSpec;

/**
 * The header line: what the session runs now and the state of every server it uses.
 *
 * @param spec       every live knob as it is now, for the knob panel
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
        String serversEnv,
        ModeSpec spec) {

    public Header {
        servers = List.copyOf(servers);
    }
}
