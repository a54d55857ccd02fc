package lab.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A test's own few words of RESP over a plain socket, so that these tests need no Redis client library. */
final class Resp {
    private Resp() {}

    /** Sends one command as a RESP array and returns the first line of the reply, e.g. "+OK" or "$-1". */
    static String call(int port, String... args) throws IOException {
        StringBuilder request = new StringBuilder("*").append(args.length).append("\r\n");
        for (String arg : args) {
            request.append('$')
                    .append(arg.getBytes(StandardCharsets.UTF_8).length)
                    .append("\r\n")
                    .append(arg)
                    .append("\r\n");
        }
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(2000);
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.UTF_8));
            InputStream in = socket.getInputStream();
            StringBuilder reply = new StringBuilder();
            for (int b = in.read(); b != -1 && b != '\r'; b = in.read()) {
                reply.append((char) b);
            }
            return reply.toString();
        }
    }
}
