package lab.session;

/**
 * A worker process as the launcher sees it: what the live model cannot learn from events.
 *
 * @param exitCode the exit code of a worker that ended on its own (the lab neither killed nor stopped it), else empty
 * @param host     the simulated host it runs on, or empty when the lab has one host only
 */
public record WorkerProc(String id, long pid, int port, String state, String exitCode, String host) {
    public WorkerProc(String id, long pid, int port, String state) {
        this(id, pid, port, state, "", "");
    }

    /** Firing its ticks: up, or on its way up. A paused worker is alive but runs nothing. */
    public boolean running() {
        return state.equals("up") || state.equals("starting");
    }
}
