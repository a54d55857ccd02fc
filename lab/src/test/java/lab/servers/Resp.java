package lab.servers;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A test's own few words of RESP over a plain socket, so that these tests need no Redis client library. */
public final class Resp {
    private Resp() {}

    /** Sends one command, unauthenticated, and returns the first line of the reply, e.g. "+OK" or "-NOAUTH ...". */
    public static String call(int port, String... args) throws IOException {
        try (Socket socket = open(port)) {
            socket.getOutputStream().write(request(args));
            return line(socket.getInputStream());
        }
    }

    /** AUTH with {@code password}, then one command: the first line of that command's reply. */
    public static String authed(int port, String password, String... args) throws IOException {
        try (Socket socket = open(port)) {
            OutputStream out = socket.getOutputStream();
            out.write(request("AUTH", password));
            InputStream in = socket.getInputStream();
            String auth = line(in);
            if (!auth.equals("+OK")) {
                return auth;
            }
            out.write(request(args));
            return line(in);
        }
    }

    private static Socket open(int port) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(2000);
        return socket;
    }

    private static byte[] request(String... args) {
        StringBuilder request = new StringBuilder("*").append(args.length).append("\r\n");
        for (String arg : args) {
            request.append('$')
                    .append(arg.getBytes(StandardCharsets.UTF_8).length)
                    .append("\r\n")
                    .append(arg)
                    .append("\r\n");
        }
        return request.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder reply = new StringBuilder();
        for (int b = in.read(); b != -1 && b != '\r'; b = in.read()) {
            reply.append((char) b);
        }
        in.read(); // the '\n'
        return reply.toString();
    }
}
