package lab.launcher;

import java.nio.file.Path;

/**
 * {@code attach.env} in the session folder: the variables {@code ./run.sh worker} reads, for a worker started on
 * this machine. It holds the servers' password, so it is private to the lab's user, as {@code servers.env} is.
 */
final class AttachEnv {
    private AttachEnv() {}

    static String text(String reportTo, Path tokenFile, String storeUrl, String redisUrl, String pgUrl) {
        return String.join(
                "\n",
                "# Scheduler Lock Lab: what `./run.sh worker` needs to attach to this session. Readable by you alone.",
                "# Load it in a shell:   set -a; . <this file>; set +a",
                "LAB_REPORT_TO=" + quoted(reportTo),
                "LAB_TOKEN_FILE=" + quoted(tokenFile.toString()),
                "LAB_STORE_URL=" + quoted(storeUrl),
                "LAB_REDIS_URL=" + quoted(redisUrl),
                "LAB_PG_URL=" + quoted(pgUrl),
                "");
    }

    /** Single quotes: a JDBC URL holds {@code ;} and {@code &}, which a shell would take as its own. */
    private static String quoted(String value) {
        return "'" + (value == null ? "" : value.replace("'", "'\\''")) + "'";
    }
}
