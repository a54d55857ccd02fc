package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.time.Instant;
import lab.protocol.GivenBack;
import org.junit.jupiter.api.Test;

/** A job whose write cannot reach the store fails closed with {@code reason: store-down}, which the explainer reads. */
class StoreDownFailureTest {
    private static final Tick TICK =
            new Tick(Instant.parse("2026-07-07T12:00:00Z"), Instant.parse("2026-07-07T12:00:01Z"), "tick");

    private static Outcome failingWith(Exception e) {
        return Jobs.run(
                "w1",
                (t, p) -> {
                    throw e;
                },
                TICK,
                Permit.of(false),
                "ran with no lock",
                null,
                null);
    }

    @Test
    void a_write_cut_off_by_a_server_shutdown_is_a_store_down_failure() {
        Outcome o =
                failingWith(new SQLException("FATAL: terminating connection due to administrator command", "57P01"));

        assertThat(o.kind()).isEqualTo(Outcome.Kind.FAILED);
        assertThat(reason(o)).isEqualTo(GivenBack.ErrorReason.STORE_DOWN);
        assertThat(o.detail()).startsWith("w1 - job ran but could not write its row: the store could not be reached");
    }

    @Test
    void a_refused_connection_is_a_store_down_failure() {
        assertThat(reason(failingWith(new SQLException("Connection to 127.0.0.1:5 refused", "08001"))))
                .isEqualTo(GivenBack.ErrorReason.STORE_DOWN);
    }

    @Test
    void a_failure_of_the_job_itself_gives_no_reason() {
        assertThat(reason(failingWith(new SQLException("syntax error", "42601"))))
                .isNull();
        assertThat(reason(failingWith(new IllegalStateException("boom")))).isNull();
    }

    private static GivenBack.ErrorReason reason(Outcome o) {
        return ((GivenBack.Error) o.fact()).reason();
    }
}
