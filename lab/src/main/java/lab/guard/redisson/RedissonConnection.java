package lab.guard.redisson;

import java.net.URI;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import lab.guard.Clients;
import lab.guard.Failures;
import lab.guard.RoundTrip;
import lab.protocol.Secrets;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.api.redisnode.RedisNodes;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * One worker's Redisson client, sized for a lab worker, and the lab's bookkeeping beside it: which worker its client id
 * is, and a number per grant. Redisson's defaults (24 idle connections and a pool of 64, 16 threads and 32 Netty
 * threads) suit a service under load; a worker takes one lock a tick, so one connection for commands (up to four when
 * a release, a renewal and a read meet), one for the pub/sub its waiters listen on, and two threads of each kind.
 *
 * <p>Its {@code lockWatchdogTimeout} is set when the client is built; a worker whose renew-on lease changes builds a
 * new client, and the old one closes once the guard that used it is closed.
 */
final class RedissonConnection implements AutoCloseable {
    private final RedissonClient client;
    private final long watchdogMs;
    private final String process;
    private final String owners;
    /** Redisson's thread id of each grant: a number per grant, not the thread's, so no tick re-enters another's. */
    private final AtomicLong grants = new AtomicLong();

    private int users; // guarded by this
    private boolean retired; // guarded by this
    private boolean closed; // guarded by this

    private RedissonConnection(RedissonClient client, long watchdogMs, String process, String owners) {
        this.client = client;
        this.watchdogMs = watchdogMs;
        this.process = process;
        this.owners = owners;
    }

    /**
     * The worker's client for {@code url}, built now or kept from an earlier guard: kept unless {@code watchdog} is
     * set and differs from the one it was built with. {@code rebuilt} hears the timeout of the client replaced.
     */
    static RedissonConnection of(
            Clients clients, String url, Duration watchdog, String process, String job, LongConsumer rebuilt) {
        return clients.fitting(
                "redisson " + url,
                RedissonConnection.class,
                c -> watchdog == null || c.watchdogMs == watchdog.toMillis(),
                () -> open(url, watchdog == null ? Duration.ofSeconds(30) : watchdog, process, job),
                old -> {
                    rebuilt.accept(old.watchdogMs);
                    old.retire();
                });
    }

    /** Builds a client; throws saying why when Redis cannot be reached (Redisson connects as it is built). */
    static RedissonConnection open(String url, Duration watchdog, String process, String job) {
        URI uri = URI.create(url);
        Config config = new Config();
        config.setLockWatchdogTimeout(watchdog.toMillis());
        config.setThreads(2);
        config.setNettyThreads(2);
        // Strings, not Kryo: the lab's note of owners is text, and the lock's own commands choose their codec.
        config.setCodec(StringCodec.INSTANCE);
        var server = config.useSingleServer()
                .setAddress("redis://" + uri.getHost() + ":" + uri.getPort())
                .setConnectionMinimumIdleSize(1)
                .setConnectionPoolSize(4)
                .setSubscriptionConnectionMinimumIdleSize(1)
                .setSubscriptionConnectionPoolSize(1)
                .setConnectTimeout(2_000)
                .setTimeout(2_000)
                .setRetryAttempts(1)
                .setDnsMonitoringInterval(-1)
                .setClientName(process + "-redisson");
        String info = uri.getUserInfo();
        if (info != null && info.contains(":")) {
            server.setPassword(info.substring(info.indexOf(':') + 1));
        }
        RedissonClient client;
        try {
            client = Redisson.create(config);
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "redis at " + Secrets.mask(url) + " unreachable for Redisson: " + Failures.rootCause(e), e);
        }
        RedissonConnection c = new RedissonConnection(client, watchdog.toMillis(), process, RedissonNames.owners(job));
        c.noteOwner();
        return c;
    }

    RedissonClient client() {
        return client;
    }

    /** Redisson's id of this client: the head of every owner entry it writes. */
    String id() {
        return client.getId();
    }

    /** {@code w1-4242}: the worker and its process. */
    String process() {
        return process;
    }

    long watchdogMs() {
        return watchdogMs;
    }

    /**
     * One {@code PING} through Redisson's command executor, on the pool its lock scripts take their connection from, in
     * µs; empty when Redis did not answer. Awaited on the calling thread, as the lock's calls are.
     */
    OptionalLong pingUs() {
        return RoundTrip.us(
                () -> client.getRedisNodes(RedisNodes.SINGLE).getInstance().ping(2, TimeUnit.SECONDS));
    }

    long nextGrant() {
        return grants.incrementAndGet();
    }

    /**
     * Notes which worker this client is, so that whoever reads the hash can name the holder. Not awaited: written when
     * the client is built and again on every grant, so a Redis restart that forgot it is mended by the next grant.
     */
    void noteOwner() {
        client.getMap(owners, StringCodec.INSTANCE).fastPutAsync(id(), process);
    }

    synchronized void use() {
        users++;
    }

    /** A guard that used this client is closed: a client replaced meanwhile closes with the last of them. */
    void done() {
        boolean last;
        synchronized (this) {
            users = Math.max(0, users - 1);
            last = retired && users == 0;
        }
        if (last) {
            close();
        }
    }

    private void retire() {
        boolean idle;
        synchronized (this) {
            retired = true;
            idle = users == 0;
        }
        if (idle) {
            close();
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            client.getMap(owners, StringCodec.INSTANCE).fastRemove(id());
        } catch (RuntimeException e) {
            // Redis is gone: the note goes with it.
        }
        // No quiet period: nothing is left to send, and the worker's stop should not wait two seconds for Netty.
        client.shutdown(0, 2, TimeUnit.SECONDS);
    }
}
