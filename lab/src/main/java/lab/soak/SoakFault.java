package lab.soak;

/**
 * What a soak's plan draws, one every ten seconds: each is one of the nemesis's recipes, a fault and the one that
 * undoes it ({@link PlannedFault#recipe}), undone before the next. A recipe the room has joins the soak's draw here.
 */
public enum SoakFault {
    /** {@code kill -9} one worker, then start a fresh JVM under the same id: a crash and its supervisor. */
    KILL("kill"),
    /** {@code SIGSTOP} one worker for longer than the lock's lease, then {@code SIGCONT}: a GC pause, a frozen VM. */
    PAUSE("pause"),
    /** Stop the lab's Redis for two seconds, then start it again (it keeps nothing: its keys are gone). */
    REDIS_STOP("redis-stop"),
    /** Stop the lab's PostgreSQL, which holds the counter table, and start it again at once. */
    POSTGRES_RESTART("postgres-restart");

    private final String wireName;

    SoakFault(String wireName) {
        this.wireName = wireName;
    }

    /** Whether it hurts one worker (chosen by index) rather than a server. */
    public boolean hurtsWorker() {
        return this == KILL || this == PAUSE;
    }

    /** Its name in lines and in the summary JSON: {@code redis-stop}. */
    @Override
    public String toString() {
        return wireName;
    }
}
