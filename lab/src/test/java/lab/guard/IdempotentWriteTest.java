package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import lab.guard.idempotent.IdempotentWrite;
import lab.protocol.WorkerFact;
import org.junit.jupiter.api.Test;

class IdempotentWriteTest {
    private static final Tick TICK =
            new Tick(Instant.parse("2026-12-01T07:34:10Z"), Instant.parse("2026-12-01T07:34:12Z"), "tick");

    @Test
    void every_worker_hands_its_job_the_same_key_made_of_the_job_and_the_tick_window() {
        List<String> keys = new ArrayList<>();
        Job job = (tick, permit) -> {
            keys.add(permit.idempotencyKey().orElseThrow());
            return new Write.Written(tick.at(), tick.at());
        };

        new IdempotentWrite("w1", false).run(TICK, job);
        new IdempotentWrite("w2", false).run(TICK, job);

        assertThat(keys).containsExactly("tick:2026-12-01T07:34:10Z", "tick:2026-12-01T07:34:10Z");
    }

    @Test
    void a_run_whose_insert_did_nothing_is_refused_with_the_key_in_its_sentence_and_fields() {
        Job job = (tick, permit) -> new Write.NotWritten(
                tick.at(),
                tick.at().plusMillis(300),
                "idempotency key " + permit.idempotencyKey().orElseThrow()
                        + " already written (ON CONFLICT DO NOTHING)");

        Outcome outcome = new IdempotentWrite("w2", false).run(TICK, job);

        assertThat(outcome).isInstanceOf(Outcome.Refused.class);
        assertThat(outcome.detail())
                .isEqualTo("w2 - ran with no lock; the write did nothing: idempotency key tick:2026-12-01T07:34:10Z"
                        + " already written (ON CONFLICT DO NOTHING)");
        WorkerFact.Refused fact = (WorkerFact.Refused) outcome.fact();
        assertThat(fact.idemKey()).isEqualTo("tick:2026-12-01T07:34:10Z");
        assertThat(fact.wrote()).isFalse();
        assertThat(fact.endedAt()).isEqualTo(Instant.parse("2026-12-01T07:34:10.300Z"));
    }

    @Test
    void other_modes_hand_their_job_no_key_so_their_rows_never_collide() {
        List<Boolean> keyed = new ArrayList<>();
        new lab.guard.none.NoGuard("w1", false).run(TICK, (tick, permit) -> {
            keyed.add(permit.idempotencyKey().isPresent());
            return new Write.Written(tick.at(), tick.at());
        });

        assertThat(keyed).containsExactly(false);
    }
}
