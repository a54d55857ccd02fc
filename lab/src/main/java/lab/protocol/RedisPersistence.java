package lab.protocol;

/**
 * What the lab's own Redis keeps across a restart ({@code --redis-persistence}): nothing, as a cache is run, or every
 * write in its append-only file, synced before it answers, as the Redis page on distributed locks prescribes.
 */
public enum RedisPersistence {
    /** No RDB, no AOF: a restart forgets every key, the locks with them. */
    NONE("none", "no persistence, every lock it held is forgotten"),
    /** {@code appendonly yes}, {@code appendfsync always}: a restart reloads every key with its absolute expiry. */
    AOF_ALWAYS("aof-always", "aof-always: keys kept, their expiry ran on while it was down");

    private final String word;
    private final String kept;

    RedisPersistence(String word, String kept) {
        this.word = word;
        this.kept = kept;
    }

    /** Whether a restart keeps the keys (and so the locks) it held. */
    public boolean keepsKeys() {
        return this != NONE;
    }

    /** What a restart kept, for the line that reports it: "no persistence, every lock it held is forgotten". */
    public String kept() {
        return kept;
    }

    @Override
    public String toString() {
        return word;
    }
}
