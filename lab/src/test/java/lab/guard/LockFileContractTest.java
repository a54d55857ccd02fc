package lab.guard;

import java.nio.file.Path;
import java.util.List;
import lab.guard.lockfile.LockFileMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lock contract run on a mode that exists only in the test sources: in one JVM on four threads, then across four
 * worker processes that find the mode, as the launcher does, by its declaration on the classpath they inherit.
 */
class LockFileContractTest extends GuardContract {
    @TempDir
    static Path locks;

    @Override
    Guard build(String worker, long pid) {
        return LockFileMode.guard(worker, pid, locks, "contract");
    }

    @Override
    int runsPerTick() {
        return 1;
    }

    @Override
    List<String> modeFlags() {
        // Decided: held to the tick's end, a worker late by up to half a period still finds the file there.
        // Its own knob, declared in its package alone, set on the command line as any knob is: one file for all.
        return List.of("--mode", "lock-file", "--hold-at-least", "window", "--file-per-worker", "off");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
