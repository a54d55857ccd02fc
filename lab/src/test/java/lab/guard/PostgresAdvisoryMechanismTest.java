package lab.guard;

import java.time.Duration;
import lab.guard.postgres.PostgresAdvisoryLock;
import lab.servers.TestServers;

class PostgresAdvisoryMechanismTest extends LeaseContract {
    @Override
    LockMechanism<? extends Lease> open(String worker, boolean perTick) {
        PostgresAdvisoryLock lock = new PostgresAdvisoryLock(
                worker, 1, TestServers.postgres().url(), false, perTick, Duration.ofSeconds(5));
        lock.open();
        return lock;
    }
}
