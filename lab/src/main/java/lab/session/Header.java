package lab.session;

import java.time.Duration;
import java.util.List;

/** The header line: what the session runs now and the state of every server it uses. */
public record Header(
        String mode,
        int workers,
        Duration every,
        Duration taskTime,
        Duration lockTtl,
        String store,
        List<ServerInfo> servers) {

    public Header {
        servers = List.copyOf(servers);
    }
}
