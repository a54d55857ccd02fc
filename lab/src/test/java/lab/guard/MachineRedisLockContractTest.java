package lab.guard;

import lab.servers.TestServers;
import org.junit.jupiter.api.condition.EnabledIf;

/** The Redis lock's contract against the machine's own redis-server, the one ./run.sh starts by default. */
@EnabledIf(
        value = "lab.servers.TestServers#hasMachineRedis",
        disabledReason = "this machine has no redis-server on its PATH")
class MachineRedisLockContractTest extends RedisLockContractTest {
    @Override
    String redisUrl() {
        return TestServers.machineRedis().orElseThrow().url();
    }
}
