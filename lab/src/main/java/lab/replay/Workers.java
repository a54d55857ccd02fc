package lab.replay;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.protocol.Event;
import lab.protocol.LabFact;
import lab.protocol.WorkerFact;
import lab.session.WorkerProc;
import lab.session.WorkerState;

/**
 * The worker processes at one instant of a recording, as the launcher saw them then: their pid, port and state, told
 * by their own {@code ready} lines and by the lab's records of what it did to them (a pause, a kill, a restart).
 */
final class Workers {
    private Workers() {}

    private static final class Seen {
        long pid;
        int port;
        WorkerState state = WorkerState.STARTING;
        String exitCode = "";
    }

    static List<WorkerProc> at(RecordedRun r, Instant t) {
        Map<String, Seen> seen = new LinkedHashMap<>();
        r.workers().forEach(id -> seen.put(id, new Seen()));
        for (Event e : r.events()) {
            if (e.ts().isAfter(t)) {
                break;
            }
            Seen own = seen.get(e.worker());
            if (own != null) {
                own.pid = e.pid();
                if (e.fact() instanceof WorkerFact.Ready ready) {
                    own.port = ready.port() == null ? 0 : ready.port();
                    own.state = WorkerState.UP;
                }
                continue;
            }
            lab(seen, e);
        }
        List<WorkerProc> procs = new ArrayList<>();
        seen.forEach((id, s) -> procs.add(new WorkerProc(id, s.pid, s.port, s.state.toString(), s.exitCode, "")));
        return procs;
    }

    private static void lab(Map<String, Seen> seen, Event e) {
        if (e.fact() instanceof LabFact.Fault f && f.target() != null && seen.containsKey(f.target())) {
            Seen s = seen.get(f.target());
            switch (f.kind()) {
                case PAUSE -> s.state = WorkerState.PAUSED;
                case RESUME -> s.state = WorkerState.UP;
                case KILL -> s.state = WorkerState.KILLED;
                case STOP -> s.state = WorkerState.EXITED;
                case RESTART, SKEW -> s.state = WorkerState.STARTING;
                default -> {
                    // a partition or its heal cuts a host off: its workers still run
                }
            }
        } else if (e.fact() instanceof LabFact.Restart x && seen.containsKey(x.target())) {
            Seen s = seen.get(x.target());
            s.pid = x.newPid();
            s.state = WorkerState.STARTING;
            s.exitCode = "";
        } else if (e.fact() instanceof LabFact.Exited x && seen.containsKey(x.target())) {
            Seen s = seen.get(x.target());
            s.state = WorkerState.EXITED;
            s.exitCode = x.exitCode() == null ? "" : Integer.toString(x.exitCode());
        } else if (e.fact() instanceof LabFact.Detached x && seen.containsKey(x.target())) {
            seen.get(x.target()).state = WorkerState.LOST;
        } else if (e.fact() instanceof LabFact.Attached x && seen.containsKey(x.target())) {
            seen.get(x.target()).state = WorkerState.UP;
        }
    }
}
