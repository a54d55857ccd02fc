package lab.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import org.junit.jupiter.api.Test;

class ModeSwitcherTest {
    private static final ModeSpec REDIS = ModeSpec.defaults(Mode.REDIS);

    @Test
    void every_worker_answers_acknowledged_or_refused_in_the_order_asked_and_one_refusal_makes_it_incomplete() {
        CompletableFuture<Optional<SwitchAnswer>> slow = new CompletableFuture<>();
        List<SwitchChannel> channels = List.of(
                spec -> CompletableFuture.completedFuture(Optional.empty()),
                spec -> CompletableFuture.completedFuture(Optional.of(
                        new SwitchAnswer.Refused("w2 - cannot switch to redis: down; still in mode naive"))),
                spec -> slow);
        CompletableFuture.runAsync(() -> slow.complete(Optional.empty()));

        ModeSwitcher.Result r = ModeSwitcher.fanOut(channels, REDIS);

        assertThat(r.answers()).hasSize(3);
        assertThat(r.answers().get(0)).isInstanceOf(SwitchAnswer.Acknowledged.class);
        assertThat(r.answers().get(1))
                .isEqualTo(new SwitchAnswer.Refused("w2 - cannot switch to redis: down; still in mode naive"));
        assertThat(r.answers().get(2)).isInstanceOf(SwitchAnswer.Acknowledged.class);
        assertThat(r.ackMillis()).hasSize(2);
        assertThat(r.refusals()).containsExactly("w2 - cannot switch to redis: down; still in mode naive");
        assertThat(r.complete()).isFalse();
    }

    @Test
    void every_channel_is_asked_the_same_spec_before_any_answer_is_awaited() {
        List<ModeSpec> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
        CompletableFuture<Optional<SwitchAnswer>> first = new CompletableFuture<>();
        List<SwitchChannel> channels = List.of(
                spec -> {
                    asked.add(spec);
                    return first;
                },
                spec -> {
                    asked.add(spec);
                    // The second is asked while the first has not answered: the switch goes to all at once.
                    first.complete(Optional.empty());
                    return CompletableFuture.completedFuture(Optional.empty());
                });

        ModeSwitcher.Result r = ModeSwitcher.fanOut(channels, REDIS);

        assertThat(asked).containsExactly(REDIS, REDIS);
        assertThat(r.complete()).isTrue();
        assertThat(r.max()).isGreaterThanOrEqualTo(0);
    }

    @Test
    void a_worker_that_gives_no_answer_in_time_leaves_the_switch_incomplete_not_refused_by_all() {
        List<SwitchChannel> channels = List.of(
                spec -> CompletableFuture.completedFuture(Optional.of(SwitchAnswer.unanswered("w1", "the switch"))),
                spec -> CompletableFuture.completedFuture(Optional.of(SwitchAnswer.unanswered("w2", "the switch"))));

        ModeSwitcher.Result r = ModeSwitcher.fanOut(channels, REDIS);

        assertThat(r.ackMillis()).isEmpty();
        assertThat(r.refusedByAll()).isFalse();
        assertThat(r.complete()).isFalse();
        assertThat(r.notAcknowledged())
                .containsExactly(
                        "w1 did not answer the switch within 10 s: it may still switch (its mode event says when)",
                        "w2 did not answer the switch within 10 s: it may still switch (its mode event says when)");
    }
}
