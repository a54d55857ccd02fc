package lab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import lab.protocol.AttachRequest;
import lab.worker.Standalone;
import lab.worker.StandaloneOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./run.sh worker}: one worker started on its own, anywhere, that reports to a launcher started with
 * {@code --attach}. Every option also reads an environment variable, since a Kubernetes pod is configured that way.
 */
@Command(
        name = "worker",
        mixinStandardHelpOptions = true,
        description = "Starts one worker on its own that reports to a launcher started with --attach: it takes the"
                + " lab's mode from it, sends it its events, and writes its rows to the lab's store.")
public final class WorkerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--report-to",
            paramLabel = "URL",
            defaultValue = "${env:LAB_REPORT_TO}",
            description = "the launcher's attach address, http://HOST:PORT (default: $LAB_REPORT_TO)")
    String reportTo;

    @Option(
            names = "--token-file",
            paramLabel = "FILE",
            defaultValue = "${env:LAB_TOKEN_FILE}",
            description = "a file holding the session's token, as the launcher wrote it (default: $LAB_TOKEN_FILE)")
    Path tokenFile;

    @Option(
            names = "--id",
            paramLabel = "ID",
            defaultValue = "${env:LAB_WORKER_ID}",
            description = "this worker's name in the table and on the dashboard (default: $LAB_WORKER_ID, else the"
                    + " machine's hostname)")
    String id;

    @Option(
            names = "--http-port",
            paramLabel = "N",
            defaultValue = "${env:LAB_HTTP_PORT}",
            description = "its HTTP port; given, it listens on every address (a probe from outside a pod), else on"
                    + " 127.0.0.1 on any free port (default: $LAB_HTTP_PORT)")
    String httpPort;

    // URLs carry passwords: from the environment they need not sit on a command line, where `ps` shows them.
    @Option(
            names = "--redis-url",
            paramLabel = "URL",
            defaultValue = "${env:LAB_REDIS_URL}",
            description = "the Redis this worker locks on, as it reaches it (default: $LAB_REDIS_URL; none: modes"
                    + " that lock on Redis are refused by this worker)")
    String redisUrl;

    @Option(
            names = "--pg-url",
            paramLabel = "URL",
            defaultValue = "${env:LAB_PG_URL}",
            description = "the PostgreSQL this worker locks on, a JDBC URL (default: $LAB_PG_URL)")
    String pgUrl;

    @Option(
            names = "--store-url",
            paramLabel = "JDBC-URL",
            defaultValue = "${env:LAB_STORE_URL}",
            description = "the lab's counter table as this worker reaches it (default: $LAB_STORE_URL; the"
                    + " launcher's attach.env has it)")
    String storeUrl;

    @Option(
            names = "--lock-dir",
            paramLabel = "DIR",
            defaultValue = "${env:LAB_LOCK_DIR}",
            description = "the folder host-mutex takes its file lock in; workers on one machine given the same folder"
                    + " exclude each other (default: $LAB_LOCK_DIR, else a folder of this worker's own temp folder)")
    Path lockDir;

    @Option(
            names = "--host",
            paramLabel = "NAME",
            description = "the machine or pod it runs on, as the dashboard shows it (default: the hostname)")
    String host;

    private final PrintStream err;

    WorkerCommand(PrintStream err) {
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        // attach.env gives every variable, empty where the session has no such server: empty is not given.
        redisUrl = blankIsNone(redisUrl);
        pgUrl = blankIsNone(pgUrl);
        storeUrl = blankIsNone(storeUrl);
        id = blankIsNone(id);
        httpPort = blankIsNone(httpPort);
        String hostname = hostname();
        String name = host == null ? hostname : host;
        String worker = id == null || id.isBlank() ? hostname : id;
        URI launcher = launcher();
        String token = token();
        int port = port();
        if (!AttachRequest.NAME.matcher(worker).matches() || worker.equals("lab")) {
            throw bad("--id", worker, AttachRequest.NAME_EXPECTED);
        }
        if (!AttachRequest.NAME.matcher(name).matches()) {
            throw bad("--host", name, AttachRequest.NAME_EXPECTED);
        }
        if (redisUrl != null && !redisUrl.matches("redis://([^:@/\\s]*:[^@/\\s]+@)?[^@/:\\s]+:\\d+(/\\d*)?")) {
            throw bad("--redis-url", redisUrl, "redis://host:port or redis://:password@host:port/db");
        }
        if (pgUrl != null && !pgUrl.startsWith("jdbc:postgresql://")) {
            throw bad("--pg-url", pgUrl, "a JDBC URL such as jdbc:postgresql://host:port/db?user=u");
        }
        if (storeUrl == null || storeUrl.isBlank()) {
            throw bad(
                    "--store-url",
                    "",
                    "the lab's store as a JDBC URL (or LAB_STORE_URL): the launcher's attach.env" + " gives it");
        }
        if (!storeUrl.startsWith("jdbc:h2:tcp://") && !storeUrl.startsWith("jdbc:postgresql://")) {
            throw bad(
                    "--store-url",
                    storeUrl,
                    "jdbc:h2:tcp://… or jdbc:postgresql://…, as the launcher's attach.env" + " gives it");
        }
        return Standalone.run(
                new StandaloneOptions(
                        worker,
                        launcher,
                        token,
                        port,
                        httpPort == null ? "127.0.0.1" : "0.0.0.0",
                        redisUrl,
                        pgUrl,
                        storeUrl,
                        name,
                        lockDir),
                err);
    }

    private static String blankIsNone(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private URI launcher() {
        String expected = "http://HOST:PORT, the address the launcher's --attach line gives (or LAB_REPORT_TO)";
        if (reportTo == null || reportTo.isBlank()) {
            throw bad("--report-to", "", expected);
        }
        if (!reportTo.matches("http://[^/@\\s]+:\\d{1,5}/?")) {
            throw bad("--report-to", reportTo, expected);
        }
        try {
            return URI.create(reportTo.endsWith("/") ? reportTo.substring(0, reportTo.length() - 1) : reportTo);
        } catch (IllegalArgumentException e) {
            throw bad("--report-to", reportTo, expected);
        }
    }

    private String token() {
        String expected = "a readable file holding the session's token, such as the one the launcher's --attach line"
                + " names (or LAB_TOKEN_FILE)";
        if (tokenFile == null) {
            throw bad("--token-file", "", expected);
        }
        String token;
        try {
            token = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
        } catch (IOException | RuntimeException e) {
            throw bad("--token-file", tokenFile.toString(), expected);
        }
        if (token.isEmpty() || token.contains("\n")) {
            throw bad("--token-file", tokenFile.toString(), "a file holding one line, the session's token");
        }
        return token;
    }

    private int port() {
        if (httpPort == null) {
            return 0;
        }
        try {
            int p = Integer.parseInt(httpPort.strip());
            if (p >= 0 && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException notANumber) {
            // said below
        }
        throw bad("--http-port", httpPort, "a port from 0 to 65535 (0: any free port)");
    }

    private ParameterException bad(String option, String value, String expected) {
        return LabCommand.bad(spec, option, value, expected);
    }

    /** The machine's name, as a pod's is its own: what names a worker when nothing else does. */
    private static String hostname() {
        String env = System.getenv("HOSTNAME");
        if (env != null && AttachRequest.NAME.matcher(env).matches()) {
            return env;
        }
        try {
            String h = InetAddress.getLocalHost().getHostName();
            int dot = h.indexOf('.');
            return dot > 0 ? h.substring(0, dot) : h;
        } catch (IOException e) {
            return "worker";
        }
    }
}
