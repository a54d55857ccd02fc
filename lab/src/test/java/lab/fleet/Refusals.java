package lab.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.Map;

/** What every bad call to one of the lab's HTTP servers must get back: its 4xx, as JSON, naming the field. */
final class Refusals {
    private Refusals() {}

    /** {@code r} has {@code status}, a JSON body with an {@code error} sentence, and names {@code field} when given. */
    static void assertRefused(HttpResponse<String> r, int status, String field) throws IOException {
        assertThat(r.statusCode()).as("status; body %s", r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type")).contains("application/json");
        Map<String, Object> answer = JSON.std.mapFrom(r.body());
        assertThat(answer.get("error")).as(r.body()).isInstanceOf(String.class);
        if (field != null) {
            assertThat(answer).as(r.body()).containsEntry("field", field);
        }
    }
}
