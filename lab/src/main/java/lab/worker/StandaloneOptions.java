package lab.worker;

import java.net.URI;
import java.nio.file.Path;

/**
 * A worker started on its own ({@code ./run.sh worker}), as its command line checked it.
 *
 * @param httpPort    its HTTP port, 0 for any
 * @param httpAddress where its HTTP listens: everywhere when its port was given (a probe comes from outside a pod),
 *                    else loopback only
 * @param redisUrl    a Redis it can reach, or null: modes that lock on Redis are then refused by this worker
 * @param pgUrl       a PostgreSQL it can reach, or null
 * @param storeUrl    the lab's store as this worker reaches it (JDBC)
 * @param host        the machine or pod it runs on
 * @param lockDir     where {@code host-mutex} takes its file lock: workers given the same folder on one machine
 *                    exclude each other, as one host's workers do
 */
public record StandaloneOptions(
        String id,
        URI reportTo,
        String token,
        int httpPort,
        String httpAddress,
        String redisUrl,
        String pgUrl,
        String storeUrl,
        String host,
        Path lockDir) {}
