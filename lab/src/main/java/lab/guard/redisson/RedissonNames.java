package lab.guard.redisson;

/**
 * The keys of mode {@code redisson}, named without loading Redisson: the launcher restores the token counter and its
 * lock panel reads the hash. Not {@code scheduler_lock:<job>}: that key is the hand-made Redis lock's string, and
 * Redisson's scripts on a string fail with WRONGTYPE while one lingers after a switch.
 */
final class RedissonNames {
    private RedissonNames() {}

    /** The lock's name, Redisson's hash: {@code redisson_lock:tick}. */
    static String lock(String job) {
        return "redisson_lock:" + job;
    }

    /**
     * The fenced lock's token counter, as Redisson names it ({@code prefixName("redisson_lock_token", name)}): a key
     * of its own, {@code INCR}ed on every grant.
     */
    static String token(String job) {
        return "redisson_lock_token:{" + lock(job) + "}";
    }

    /** The lab's note of which worker each Redisson client is: client id → {@code <worker>-<pid>}. */
    static String owners(String job) {
        return lock(job) + ":owners";
    }
}
