package lab.guard;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import lab.guard.host.HostFileLock;
import org.junit.jupiter.api.io.TempDir;

/** Every worker process of one host opens the same lock file, and the kernel lets one of them hold it: one row a tick. */
class HostFileLockContractTest extends GuardContract {
    @TempDir
    static Path locks;

    @Override
    Guard build(String worker, long pid) {
        return new LeaseGuard<>(
                worker,
                new HostFileLock(worker, pid, "host1", locks, "contract"),
                LeasePolicy.plain(false),
                LockListener.NONE,
                java.time.Clock.systemUTC());
    }

    /**
     * A POSIX file lock belongs to a process, not a thread: within one JVM the threads' "workers" would be refused by
     * the JVM's own table of the locks it holds ({@code OverlappingFileLockException}), never by the kernel, so the
     * in-JVM half would test Java's bookkeeping, not the lock this mode teaches.
     */
    @Override
    Optional<String> inOneJvmDoesNotApply() {
        return Optional.of("a file lock is held by a process: threads of one JVM never reach the kernel's lock, so"
                + " host-mutex is checked across worker processes only");
    }

    @Override
    int runsPerTick() {
        return 1;
    }

    @Override
    List<String> modeFlags() {
        // Decided: held to the tick's end, a worker late by up to half a period still finds the lock taken.
        return List.of("--mode", "host-mutex", "--hold-at-least", "window");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
