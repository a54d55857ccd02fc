package lab.protocol;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What each worker does around the job on every tick, each declared once: its name on the command line (also in
 * the counter table and in events), its dashboard key, the lock it takes (what the lock panel observes and which
 * server it needs) and its colour.
 */
public enum Mode {
    NAIVE("naive", '1', Lock.NONE, Hue.RED),
    LOCAL_MUTEX("local-mutex", '2', Lock.IN_JVM, Hue.YELLOW),
    REDIS("redis", '3', Lock.REDIS, Hue.CYAN),
    POSTGRES("postgres", '4', Lock.POSTGRES, Hue.BLUE),
    /** No lock at all: the database refuses the second row of a tick (an idempotency key under a unique index). */
    IDEMPOTENT("idempotent", '5', Lock.NONE, Hue.GREEN),
    /**
     * The Redis lock plus a fencing token ({@code INCR} on each grant): the store refuses a write whose token is lower
     * than the last it accepted, so a holder that lost its lease while paused cannot write late.
     */
    FENCED("fenced", '6', Lock.REDIS, Hue.MAGENTA),
    /**
     * An OS file lock ({@code FileChannel.tryLock}) on a file in the host's lock folder, skip when taken: it excludes
     * every process on one host, and the kernel frees it the moment its holder dies; a worker on another host has
     * another folder, and another lock.
     */
    HOST_MUTEX("host-mutex", '7', Lock.HOST_FILE, Hue.YELLOW);

    /** The lock a mode takes: what the lock panel observes, and where from. */
    public enum Lock {
        /** No lock: nothing to observe. */
        NONE,
        /** One mutex per worker JVM, seen only through the workers' own events. */
        IN_JVM,
        /** A key in the lab's Redis. */
        REDIS,
        /** An advisory lock in the lab's PostgreSQL. */
        POSTGRES,
        /** A file lock in each host's lock folder, seen through the workers' own events. */
        HOST_FILE;

        /**
         * Whether the lab sees it only through the workers' own acquired and released events: a lock inside each JVM,
         * or a file lock inside each host, has no server to ask.
         */
        public boolean seenThroughEvents() {
            return this == IN_JVM || this == HOST_FILE;
        }

        /** Its name on the lock panel: the name of the mode that takes it, or "none". */
        public String label() {
            return this == NONE
                    ? "none"
                    : Arrays.stream(Mode.values())
                            .filter(m -> m.lock == this)
                            .findFirst()
                            .orElseThrow()
                            .cliName();
        }
    }

    /**
     * A mode's colour, named, not drawn: the dashboard maps it to the terminal's. Red for the bug, yellow for the
     * cure that is not one, cool colours for the real cures.
     */
    public enum Hue {
        RED,
        YELLOW,
        CYAN,
        BLUE,
        GREEN,
        MAGENTA
    }

    private final String cliName;
    private final char key;
    private final Lock lock;
    private final Hue hue;

    Mode(String cliName, char key, Lock lock, Hue hue) {
        this.cliName = cliName;
        this.key = key;
        this.lock = lock;
        this.hue = hue;
    }

    public String cliName() {
        return cliName;
    }

    /** The dashboard key that switches every worker to it. */
    public char key() {
        return key;
    }

    public Lock lock() {
        return lock;
    }

    public Hue hue() {
        return hue;
    }

    public boolean needsRedis() {
        return lock == Lock.REDIS;
    }

    public boolean needsPostgres() {
        return lock == Lock.POSTGRES;
    }

    /** The mode named {@code name}; the exception's message lists the names that exist. */
    public static Mode parse(String name) {
        return byName(name)
                .orElseThrow(() ->
                        new IllegalArgumentException("'" + name + "' is not a mode (expected one of " + names() + ")"));
    }

    public static Optional<Mode> byName(String name) {
        return Arrays.stream(values()).filter(m -> m.cliName.equals(name)).findFirst();
    }

    /** The mode a dashboard key switches to, if it is one. */
    public static Optional<Mode> byKey(char key) {
        return Arrays.stream(values()).filter(m -> m.key == key).findFirst();
    }

    public static String names() {
        return Arrays.stream(values()).map(Mode::cliName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return cliName;
    }
}
