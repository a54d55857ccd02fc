package lab.servers;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.os.SessionFolder;
import org.h2.Driver;

/**
 * {@code servers.env} in the session's temp folder: the lines a trainer pastes, or sources, to show the room the
 * lock key with {@code redis-cli} or {@code pg_locks} with {@code psql}. It holds the session's password, so it is
 * private to the lab's user (0600) and lives in the temp folder, never in {@code runs/}, which keeps no secret.
 */
public final class ServersEnv {
    private ServersEnv() {}

    public static Path write(Path file, String password, H2Server h2, ServerSlot redis, ServerSlot postgres)
            throws IOException {
        List<String> lines = new ArrayList<>(List.of(
                "# Scheduler Lock Lab: this session's servers. Readable by you alone: it holds their password.",
                "# Load it in a shell:   . " + file,
                "# then, for example:    redis-cli GET scheduler_lock:tick",
                "#                       psql -c \"SELECT * FROM pg_locks WHERE locktype = 'advisory'\""));
        if (redis.external()) {
            lines.add("# redis: external (" + redis.address() + "): the lab does not own it");
        } else {
            lines.add("# redis-cli reads the password from REDISCLI_AUTH, never from its command line");
            lines.add("export REDISCLI_AUTH='" + password + "'");
            lines.add("redis-cli() { command redis-cli -h 127.0.0.1 -p " + port(redis.address()) + " \"$@\"; }");
        }
        if (postgres.external()) {
            lines.add("# postgres: external (" + postgres.address() + "): the lab does not own it");
        } else {
            lines.add("export PGHOST=127.0.0.1 PGPORT=" + port(postgres.address())
                    + " PGUSER=postgres PGDATABASE=postgres PGPASSWORD='" + password + "'");
        }
        if (h2 != null) {
            String shell = "java -cp '" + h2Jar() + "' org.h2.tools.Shell -url 'jdbc:h2:tcp://" + h2.address()
                    + "/lab' -user " + H2Server.USER + " -password \"$LAB_H2_PASSWORD\"";
            lines.add("# H2, the counter table: h2-shell (its password goes on its command line, where `ps` shows it;");
            lines.add("# on a shared machine run the Shell without arguments and type it at its prompt instead)");
            lines.add("export LAB_H2_PASSWORD='" + password + "'");
            lines.add("h2-shell() { " + shell + " \"$@\"; }");
        }
        lines.add("");
        return SessionFolder.privateFile(file, String.join("\n", lines));
    }

    private static String port(String address) {
        return address.substring(address.lastIndexOf(':') + 1);
    }

    private static String h2Jar() {
        try {
            return Path.of(Driver.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
        } catch (URISyntaxException | RuntimeException e) {
            return "h2.jar";
        }
    }
}
