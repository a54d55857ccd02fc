package lab.cli;

import picocli.CommandLine.Model.CommandSpec;

/** {@code --redis-url} and {@code --pg-url}, checked alike for the lab and for the exam, before anything starts. */
final class ServerUrls {
    private ServerUrls() {}

    /** Throws naming the option when a URL given is not one of its kind; null means not given. */
    static void check(CommandSpec spec, String redisUrl, String pgUrl) {
        if (redisUrl != null && !redisUrl.matches("redis://([^:@/\\s]*:[^@/\\s]+@)?[^@/:\\s]+:\\d+(/\\d*)?")) {
            throw LabCommand.bad(spec, "--redis-url", redisUrl, "redis://host:port or redis://:password@host:port/db");
        }
        if (pgUrl != null && !pgUrl.startsWith("jdbc:postgresql://")) {
            throw LabCommand.bad(spec, "--pg-url", pgUrl, "a JDBC URL such as jdbc:postgresql://host:port/db?user=u");
        }
    }
}
