package lab.session;

/** A worker process as the launcher sees it: what the live model cannot learn from events. */
public record WorkerProc(String id, long pid, int port, String state) {
    public boolean alive() {
        return state.equals("up") || state.equals("paused") || state.equals("starting");
    }
}
