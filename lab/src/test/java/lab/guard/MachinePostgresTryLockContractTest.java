package lab.guard;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import lab.servers.TestServers;

/** The advisory try-lock's contract against the machine's own PostgreSQL, the one ./run.sh starts by default. */
class MachinePostgresTryLockContractTest extends PostgresTryLockContractTest {
    @Override
    String pgUrl() {
        assumeTrue(TestServers.hasMachinePostgres(), "this machine has no PostgreSQL server (postgres and initdb)");
        return TestServers.machinePostgres().orElseThrow().url();
    }
}
