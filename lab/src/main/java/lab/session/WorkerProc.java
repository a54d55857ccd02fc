package lab.session;

/** A worker process as the launcher sees it: what the live model cannot learn from events. */
public record WorkerProc(String id, long pid, int port, String state) {
    /** Firing its ticks: up, or on its way up. A paused worker is alive but runs nothing. */
    public boolean running() {
        return state.equals("up") || state.equals("starting");
    }
}
