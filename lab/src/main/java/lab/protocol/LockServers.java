package lab.protocol;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * With {@code lock-servers 2}, where each worker takes its lock: the odd-numbered workers on the first lock server,
 * the even-numbered ones on a second — for Redis a second database index of the same server, for PostgreSQL a second
 * database ({@code <db>_lock2}). Locks in two Redis databases, or advisory locks in two PostgreSQL databases, never
 * see each other, just as on two servers: the split a replica or a pooler in transaction mode makes in production.
 */
public final class LockServers {
    private LockServers() {}

    private static final Pattern REDIS_DB = Pattern.compile("^(redis://[^/]+)(?:/(\\d*))?$");
    private static final Pattern PG_DB = Pattern.compile("^(jdbc:postgresql://[^/?]+/)([^?]*)(.*)$");

    /** 1 or 2: the lock server worker {@code w3} uses when the workers are split over {@code servers}. */
    public static int of(String worker, int servers) {
        if (servers < 2) {
            return 1;
        }
        String digits = worker.replaceAll("\\D", "");
        return !digits.isEmpty() && Long.parseLong(digits) % 2 == 0 ? 2 : 1;
    }

    /** The Redis URL of lock server {@code server}: the URL itself, or the next database index of its server. */
    public static String redis(String url, int server) {
        if (url == null || server == 1) {
            return url;
        }
        Matcher m = REDIS_DB.matcher(url);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a redis URL: " + Secrets.mask(url));
        }
        int db = m.group(2) == null || m.group(2).isEmpty() ? 0 : Integer.parseInt(m.group(2));
        return m.group(1) + "/" + (db + 1);
    }

    /** The JDBC URL of lock server {@code server}: the URL itself, or its database's {@code _lock2} twin. */
    public static String postgres(String url, int server) {
        if (url == null || server == 1) {
            return url;
        }
        Matcher m = PG_DB.matcher(url);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a PostgreSQL JDBC URL: " + Secrets.mask(url));
        }
        return m.group(1) + secondDatabase(m.group(2)) + m.group(3);
    }

    /** The name of the second lock server's PostgreSQL database. */
    public static String secondDatabase(String database) {
        return (database.isEmpty() ? "postgres" : database) + "_lock2";
    }

    /** The database a JDBC URL names. */
    public static String database(String url) {
        Matcher m = PG_DB.matcher(url);
        return m.matches() && !m.group(2).isEmpty() ? m.group(2) : "postgres";
    }
}
