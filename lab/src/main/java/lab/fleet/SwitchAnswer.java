package lab.fleet;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One worker's answer to a switch, the lab's own or an attached one alike: it acknowledged, so many milliseconds
 * after the switch was asked (it answers only once its new guard is open); it refused, with the line that says why
 * and names it; or it gave no answer in time, which is not a refusal: a worker still loading its mode's library may
 * switch after the lab stopped waiting, and its {@code mode} event says when.
 */
public sealed interface SwitchAnswer {
    record Acknowledged(long millis) implements SwitchAnswer {}

    /** @param line {@code w3 - cannot switch to redis: …; still in mode naive}, as the worker said it */
    record Refused(String line) implements SwitchAnswer {}

    /** @param line {@code w3 did not answer the switch within 10 s: it may still switch (its mode event says when)} */
    record Unanswered(String line) implements SwitchAnswer {}

    /**
     * A worker's answer as the fan-out takes it, whichever way the switch went: {@code refusal} completes with nothing
     * once it switched, else with its line (which names the worker, or gets {@code name} put before it); none within
     * {@link ModeSwitcher#TIMEOUT} is {@link Unanswered}.
     */
    static CompletableFuture<Optional<SwitchAnswer>> awaited(
            CompletableFuture<Optional<String>> refusal, String id, String name) {
        return refusal.thenApply(error ->
                        error.<SwitchAnswer>map(e -> new Refused(e.startsWith(id + " ") ? e : name + " refused: " + e)))
                .completeOnTimeout(
                        Optional.of(unanswered(name, "the switch")),
                        ModeSwitcher.TIMEOUT.toMillis(),
                        TimeUnit.MILLISECONDS);
    }

    /** What a worker that did not answer within {@link ModeSwitcher#TIMEOUT} is said to have done. */
    static Unanswered unanswered(String worker, String asked) {
        return new Unanswered(worker + " did not answer " + asked + " within " + ModeSwitcher.TIMEOUT.toSeconds()
                + " s: it may still switch (its mode event says when)");
    }
}
