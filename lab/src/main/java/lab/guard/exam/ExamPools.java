package lab.guard.exam;

import java.net.URI;
import java.time.Duration;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;

/** The learner's Redis pool: each connection checked on loan, so a Redis restarted since never hands a dead one. */
final class ExamPools {
    private ExamPools() {}

    static JedisPool redis(String url) {
        GenericObjectPoolConfig<Jedis> config = new GenericObjectPoolConfig<>();
        // A learner's call that hangs keeps its connection: room for a few, and a wait bounded below the call's.
        config.setMaxTotal(8);
        config.setMaxIdle(2);
        config.setMinIdle(0);
        config.setMaxWait(Duration.ofSeconds(2));
        config.setTestOnBorrow(true);
        config.setJmxEnabled(false);
        return new JedisPool(config, URI.create(url), 2_000);
    }
}
