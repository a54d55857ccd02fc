package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.OptionalLong;
import lab.protocol.EventType;
import lab.protocol.WorkerFact;
import org.junit.jupiter.api.Test;

/** What the template hands on: each outcome says its kind and the event it is written as; a permit carries its parts. */
class OutcomeAndPermitTest {
    @Test
    void each_outcome_says_its_kind_and_each_kind_the_event_it_is_written_as() {
        assertThat(new Outcome.Skipped("w1 - held", WorkerFact.Skipped.held("k", "w2-2", null, null)).kind())
                .isEqualTo(Outcome.Kind.SKIPPED);
        assertThat(new Outcome.Refused("w1 - refused").kind()).isEqualTo(Outcome.Kind.REFUSED);
        assertThat(new Outcome.Failed("w1 - failed").kind()).isEqualTo(Outcome.Kind.FAILED);
        assertThat(Outcome.Kind.EXECUTED.event()).isEqualTo(EventType.EXECUTED);
        assertThat(Outcome.Kind.SKIPPED.event()).isEqualTo(EventType.SKIPPED);
        assertThat(Outcome.Kind.REFUSED.event()).isEqualTo(EventType.REFUSED);
        assertThat(Outcome.Kind.FAILED.event()).isEqualTo(EventType.ERROR);
    }

    @Test
    void a_permit_carries_its_recheck_its_token_and_its_key() {
        Permit plain = Permit.of(true);
        Permit fenced = plain.withToken(7);
        Permit keyed = Permit.keyed(false, "tick:10:00:00");

        assertThat(plain.recheck()).isTrue();
        assertThat(plain.fencingToken()).isEmpty();
        assertThat(fenced.recheck()).isTrue();
        assertThat(fenced.fencingToken()).isEqualTo(OptionalLong.of(7));
        assertThat(keyed.recheck()).isFalse();
        assertThat(keyed.idempotencyKey()).isEqualTo(Optional.of("tick:10:00:00"));
        assertThat(keyed.fencingToken()).isEmpty();
    }
}
