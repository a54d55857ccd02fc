package lab.protocol;

/**
 * The knobs of the lab's own servers, declared beside {@link Knobs} (which lists them in {@link Knobs#ALL}): set up
 * only, since a server reads them when it starts.
 */
public final class ServerKnobs {
    /**
     * Start-only: {@code CONFIG SET appendonly yes} works live, but the restart reads the server's config file, so a
     * live change would have to rewrite that file too, and a switch back to none would leave an AOF a restart
     * reloads.
     */
    public static final Knob<RedisPersistence> REDIS_PERSISTENCE = new Knob<>(
            "redis-persistence",
            Scope.SETUP,
            "WHAT",
            "what the lab's own Redis keeps across a restart: none (every key forgotten) or aof-always (appendonly yes,"
                    + " appendfsync always: keys kept, their expiry running on while it is down)",
            RedisPersistence.NONE,
            KnobTexts.choices(RedisPersistence.values()),
            t -> KnobTexts.choose(RedisPersistence.values(), t),
            p -> true,
            RedisPersistence::toString);

    private ServerKnobs() {}
}
