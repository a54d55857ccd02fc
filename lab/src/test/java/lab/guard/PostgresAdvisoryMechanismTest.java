package lab.guard;

import java.time.Duration;
import lab.guard.postgres.PostgresAdvisoryLock;
import lab.servers.TestServers;

class PostgresAdvisoryMechanismTest extends LockMechanismContract {
    @Override
    LockMechanism<? extends Lease> open(String worker) {
        PostgresAdvisoryLock lock =
                new PostgresAdvisoryLock(worker, TestServers.postgres().url(), false, Duration.ofSeconds(5));
        lock.open();
        return lock;
    }
}
