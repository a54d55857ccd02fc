package lab.fleet;

import java.util.List;
import java.util.Optional;
import lab.os.ExitStatus;

/**
 * How a worker process ended after it was ready, as the launcher saw it: its exit code (128 + n for a signal, as the
 * JVM reports a child killed by signal n), whether the lab ended it, and the last lines it wrote on stderr.
 *
 * @param by who ended it: the lab's kill ({@link By#KILL}), the lab's stop ({@link By#STOP}), or nobody the lab knows
 *     of ({@link By#ITSELF}: a crash, the OOM killer, a {@code kill} from another terminal)
 */
public record WorkerExit(String worker, long pid, int code, By by, List<String> stderr) {
    /** Who ended a worker. */
    public enum By {
        KILL,
        STOP,
        ITSELF
    }

    /** How many of its last stderr lines a line quotes: enough to name the cause, few enough for the events panel. */
    static final int QUOTED = 3;

    public WorkerExit {
        stderr = List.copyOf(stderr);
    }

    /** The signal an exit code above 128 stands for, by name ({@code SIGKILL}), when it is a known one. */
    public Optional<String> signal() {
        return ExitStatus.signal(code);
    }

    /** {@code exit 137 (SIGKILL)}, or {@code exit 1}. */
    public String codeText() {
        return ExitStatus.describe(code);
    }

    public boolean onItsOwn() {
        return by == By.ITSELF;
    }

    /** The last {@value #QUOTED} stderr lines, each cut to a screen's width. */
    public List<String> quoted() {
        return stderr.subList(Math.max(0, stderr.size() - QUOTED), stderr.size()).stream()
                .map(l -> l.length() > 160 ? l.substring(0, 159) + "…" : l)
                .toList();
    }

    /**
     * The one line the launcher says: {@code w3 (pid 4128) exited on its own: exit 137 (SIGKILL); last stderr: …}. The
     * lab's own kill and stop keep their short form: the fault's line already said why.
     */
    public String line() {
        String who = worker + " (pid " + pid + ")";
        return switch (by) {
            case KILL -> who + " killed, exit code " + code;
            case STOP -> who + " stopped, exit code " + code;
            case ITSELF -> who + " exited on its own: " + codeText() + "; "
                    + (stderr.isEmpty() ? "no stderr" : "last stderr: " + String.join(" | ", quoted()))
                    + "; r or a restart step brings it back";
        };
    }
}
