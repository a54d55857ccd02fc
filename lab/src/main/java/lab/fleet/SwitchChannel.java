package lab.fleet;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import lab.protocol.ModeSpec;

/**
 * The way a switch reaches one worker: {@code PUT /mode} for the lab's own ({@link ModeSwitcher#channel}), a control
 * on the reply to its next report for one attached from elsewhere ({@link AttachServer#channels}). How long it waits
 * is the channel's to bound; {@link ModeSwitcher#fanOut} asks every channel at once and times the answers.
 */
@FunctionalInterface
public interface SwitchChannel {
    /**
     * Asks the worker to switch to {@code spec}; completes, within {@link ModeSwitcher#TIMEOUT} or so, with nothing
     * when it switched, else with a {@link SwitchAnswer.Refused} or, when it gave no answer in time, a
     * {@link SwitchAnswer.Unanswered}, each naming the worker. Never completes exceptionally.
     */
    CompletableFuture<Optional<SwitchAnswer>> ask(ModeSpec spec);
}
