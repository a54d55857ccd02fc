package lab.guard;

import java.util.List;
import lab.guard.host.HostFileLock;
import lab.protocol.Hosts;

/**
 * The same file lock with the workers spread over two hosts: each host's folder has its own file and its own lock,
 * so each host runs every tick once — two rows a tick, and the lock is no cure beyond one machine.
 */
class HostFileLockOnTwoHostsContractTest extends HostFileLockContractTest {
    @Override
    Guard build(String worker, long pid) {
        String host = Hosts.of(worker, WORKERS, 2);
        return new LeaseGuard<>(
                worker,
                new HostFileLock(worker, pid, host, locks.resolve(host), "contract"),
                LeasePolicy.plain(false),
                LockListener.NONE,
                java.time.Clock.systemUTC());
    }

    @Override
    int runsPerTick() {
        return 2;
    }

    @Override
    List<String> modeFlags() {
        // Decided: held to the tick's end, a worker late by up to half a period still finds the lock taken.
        return List.of("--mode", "host-mutex", "--hosts", "2", "--hold-at-least", "window");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 2;
    }
}
