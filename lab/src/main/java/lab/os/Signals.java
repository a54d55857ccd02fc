package lab.os;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Signals by name through kill(1): Java itself can send only TERM and KILL, and the lessons need STOP, CONT, INT. */
public final class Signals {
    private Signals() {}

    /** Sends {@code signal} (STOP, CONT, INT) to {@code pid}; true once kill(1) says it was delivered. */
    public static boolean send(long pid, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-s", signal, Long.toString(pid)).start();
            if (!kill.waitFor(5, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
                return false;
            }
            return kill.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
