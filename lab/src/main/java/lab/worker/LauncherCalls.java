package lab.worker;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** The HTTP calls an attached worker makes to its launcher, with the session token; each answers its status. */
final class LauncherCalls {
    private final URI launcher;
    private final String token;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    LauncherCalls(URI launcher, String token) {
        this.launcher = launcher;
        this.token = token;
    }

    /** What the launcher answered: its status and body. */
    record Answer(int status, byte[] body) {
        /** The error the launcher named ({@code {"error": ...}}), else the body itself, cut short. */
        String error() {
            String text = new String(body, StandardCharsets.UTF_8).strip();
            try {
                Object e = JSON.std.mapFrom(text).get("error");
                return e == null ? text : String.valueOf(e);
            } catch (IOException | RuntimeException notJson) {
                return text.length() <= 200 ? text : text.substring(0, 200) + "...";
            }
        }
    }

    Answer post(String path, String json) throws IOException, InterruptedException {
        HttpRequest req = HttpRequest.newBuilder(launcher.resolve(path))
                .timeout(Duration.ofSeconds(5))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build();
        HttpResponse<byte[]> res = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
        return new Answer(res.statusCode(), res.body());
    }
}
