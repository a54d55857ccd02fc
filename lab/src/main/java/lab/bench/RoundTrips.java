package lab.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The raw round trip of a server, the floor any lock on it stands on: Redis's {@code PING} on a plain socket and
 * PostgreSQL's {@code SELECT 1} on one JDBC connection, each timed alone after a warm-up.
 */
final class RoundTrips {
    private static final int WARM_UP = 50;

    private RoundTrips() {}

    /** Microseconds per {@code PING}, {@code n} times; {@code url} is the lab's {@code redis://[:password@]host:port}. */
    static List<Long> redisPing(String url, int n) throws IOException {
        URI u = URI.create(url);
        try (Socket s = new Socket()) {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(u.getHost(), u.getPort()), 2000);
            s.setSoTimeout(2000);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            String auth = u.getUserInfo();
            if (auth != null && auth.contains(":")) {
                String password = auth.substring(auth.indexOf(':') + 1);
                command(out, in, "AUTH", password);
            }
            List<Long> micros = new ArrayList<>();
            for (int i = 0; i < WARM_UP + n; i++) {
                long t0 = System.nanoTime();
                command(out, in, "PING");
                if (i >= WARM_UP) {
                    micros.add((System.nanoTime() - t0) / 1000);
                }
            }
            return micros;
        }
    }

    /** Microseconds per {@code SELECT 1}, {@code n} times, on one connection to {@code jdbcUrl}. */
    static List<Long> postgresSelect1(String jdbcUrl, int n) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl);
                Statement st = c.createStatement()) {
            List<Long> micros = new ArrayList<>();
            for (int i = 0; i < WARM_UP + n; i++) {
                long t0 = System.nanoTime();
                try (ResultSet rs = st.executeQuery("SELECT 1")) {
                    rs.next();
                }
                if (i >= WARM_UP) {
                    micros.add((System.nanoTime() - t0) / 1000);
                }
            }
            return micros;
        }
    }

    /** One RESP command and its one-line reply (+OK, +PONG); an error reply is thrown. */
    private static void command(OutputStream out, InputStream in, String... words) throws IOException {
        StringBuilder sb = new StringBuilder("*").append(words.length).append("\r\n");
        for (String w : words) {
            byte[] b = w.getBytes(StandardCharsets.UTF_8);
            sb.append('$').append(b.length).append("\r\n").append(w).append("\r\n");
        }
        out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
        out.flush();
        StringBuilder reply = new StringBuilder();
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) {
                throw new IOException("Redis closed the connection");
            }
            reply.append((char) c);
        }
        if (reply.charAt(0) == '-') {
            throw new IOException(
                    "Redis refused " + words[0] + ": " + reply.toString().trim());
        }
    }
}
