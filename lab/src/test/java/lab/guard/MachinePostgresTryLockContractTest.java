package lab.guard;

import lab.servers.TestServers;
import org.junit.jupiter.api.condition.EnabledIf;

/** The advisory try-lock's contract against the machine's own PostgreSQL, the one ./run.sh starts by default. */
@EnabledIf(
        value = "lab.servers.TestServers#hasMachinePostgres",
        disabledReason = "this machine has no PostgreSQL server (postgres and initdb)")
class MachinePostgresTryLockContractTest extends PostgresTryLockContractTest {
    @Override
    String pgUrl() {
        return TestServers.machinePostgres().orElseThrow().url();
    }
}
