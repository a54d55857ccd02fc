package lab.protocol;

import java.util.Arrays;
import java.util.stream.Collectors;

/** What each worker does around the job on every tick; {@link #cliName()} is the name on the command line, in
 * the counter table and in events. */
public enum Mode {
    NAIVE("naive", false, false),
    LOCAL_MUTEX("local-mutex", false, false),
    REDIS("redis", true, false),
    POSTGRES("postgres", false, true);

    private final String cliName;
    private final boolean needsRedis;
    private final boolean needsPostgres;

    Mode(String cliName, boolean needsRedis, boolean needsPostgres) {
        this.cliName = cliName;
        this.needsRedis = needsRedis;
        this.needsPostgres = needsPostgres;
    }

    public String cliName() {
        return cliName;
    }

    public boolean needsRedis() {
        return needsRedis;
    }

    public boolean needsPostgres() {
        return needsPostgres;
    }

    /** The mode named {@code name}; the exception's message lists the names that exist. */
    public static Mode parse(String name) {
        for (Mode m : values()) {
            if (m.cliName.equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("'" + name + "' is not a mode (expected one of " + names() + ")");
    }

    public static String names() {
        return Arrays.stream(values()).map(Mode::cliName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return cliName;
    }
}
