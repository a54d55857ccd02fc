package lab.guard;

/**
 * What a job's lock is called where a mechanism names it after the job: a server's key and a host's lock file. One
 * place, so that the lock panel looks where the mechanisms lock, and the learner types what the lab took.
 */
public final class LockNames {
    private LockNames() {}

    /** {@code scheduler_lock:<job>}: the key a server holds (the Redis lock's string, an exam's lock). */
    public static String key(String job) {
        return "scheduler_lock:" + job;
    }

    /** {@code scheduler_lock.<job>.lock}: the file a host's lock takes in its lock folder. */
    public static String file(String job) {
        return "scheduler_lock." + job + ".lock";
    }
}
