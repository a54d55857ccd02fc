package lab.session;

/**
 * A worker process as the launcher sees it: what the live model cannot learn from events.
 *
 * @param exitCode the exit code of a worker that ended on its own (the lab neither killed nor stopped it), else empty
 * @param host     the simulated host it runs on, or empty when the lab has one host only
 * @param skew     its wall clock's offset from the machine's as the lab set it ({@code +3s}), or empty
 */
public record WorkerProc(String id, long pid, int port, String state, String exitCode, String host, String skew) {
    public WorkerProc(String id, long pid, int port, String state) {
        this(id, pid, port, state, "", "");
    }

    /** On the machine's clock. */
    public WorkerProc(String id, long pid, int port, String state, String exitCode, String host) {
        this(id, pid, port, state, exitCode, host, "");
    }

    /** Firing its ticks: up, or on its way up. A paused worker is alive but runs nothing. */
    public boolean running() {
        return state.equals("up") || state.equals("starting");
    }
}
