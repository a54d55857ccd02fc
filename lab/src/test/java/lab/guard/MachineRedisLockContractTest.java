package lab.guard;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import lab.servers.TestServers;

/** The Redis lock's contract against the machine's own redis-server, the one ./run.sh starts by default. */
class MachineRedisLockContractTest extends RedisLockContractTest {
    @Override
    String redisUrl() {
        assumeTrue(TestServers.hasMachineRedis(), "this machine has no redis-server on its PATH");
        return TestServers.machineRedis().orElseThrow().url();
    }
}
