package lab.fleet;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the attach server answers a call: a status and a JSON body; every error is {@code {"error", "field"?}}. */
record HttpAnswer(int status, String json) {
    static HttpAnswer ok(String json) {
        return new HttpAnswer(200, json);
    }

    static HttpAnswer error(int status, String message) {
        return new HttpAnswer(status, json(Map.of("error", message)));
    }

    /** An error that names the one field of the body it is about: {@code pid}, {@code lines[3]}. */
    static HttpAnswer error(int status, String message, String field) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("error", message);
        m.put("field", field);
        return new HttpAnswer(status, json(m));
    }

    private static String json(Map<String, Object> m) {
        try {
            return JSON.std.asString(m);
        } catch (IOException e) {
            return "{\"error\":\"cannot write the answer\"}";
        }
    }
}
