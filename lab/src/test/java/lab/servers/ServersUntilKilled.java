package lab.servers;

import java.nio.file.Path;
import lab.os.FreePort;
import lab.protocol.ServerSource;

/**
 * A stand-in launcher for {@link ServersDieWithTheLauncherTest}: starts both servers from Maven Central's binaries
 * in the folder given as argument, prints their pids and ports, then waits to be killed.
 */
public final class ServersUntilKilled {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String password = Passwords.generate();
        RedisServer redis = RedisServer.start(dir.resolve("redis"), ServerSource.EMBEDDED, FreePort.pick(), password);
        PostgresServer postgres =
                PostgresServer.start(dir.resolve("postgres"), ServerSource.EMBEDDED, FreePort.pick(), password);
        System.out.println("redis " + redis.pid() + " " + redis.port());
        System.out.println("postgres " + postgres.pid() + " " + postgres.port());
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
