package lab.worker;

import java.util.Map;
import lab.protocol.BadFieldException;
import lab.protocol.Knobs;
import lab.protocol.ModeSpec;

/**
 * One switch, however it reached the worker: the body of a {@code PUT /mode} or a control on a report's reply (a
 * worker started on its own). Both are read, checked and applied here, one at a time, and answered in the same
 * words; the channel only says the answer its own way (a status code, or an ack in the next report).
 */
final class SwitchHandler {
    /** How a switch went. */
    sealed interface Answer {
        /** The new guard is open and serves the next tick. */
        record Switched(ModeSpec spec) implements Answer {}

        /** The body names a field that is unknown, not live, or has a bad value (HTTP 400). */
        record BadField(BadFieldException problem) implements Answer {}

        /** The new guard could not be opened: its server is not there (HTTP 503). The old one stays. */
        record CannotOpen(String line) implements Answer {}

        /** Null when it switched; else why not, in the words a {@code PUT /mode} refusal uses. */
        default String error() {
            if (this instanceof BadField b) {
                return b.problem().getMessage();
            }
            return this instanceof CannotOpen c ? c.line() : null;
        }
    }

    private final String worker;
    private final TickRunner runner;

    SwitchHandler(String worker, TickRunner runner) {
        this.worker = worker;
        this.runner = runner;
    }

    /** The mode in force, by its command-line name. */
    String mode() {
        return runner.spec().mode().cliName();
    }

    /**
     * Applies {@code body} (every live knob by name; the mode must be there) to the spec in force. Synchronized:
     * two switches at once would each merge into the spec the other is replacing.
     */
    synchronized Answer apply(Map<String, ?> body) {
        if (body == null || !body.containsKey(Knobs.MODE.name())) {
            return new Answer.BadField(new BadFieldException(Knobs.MODE.name(), Knobs.MODE.expected()));
        }
        ModeSpec spec;
        try {
            spec = runner.spec().merge(body);
        } catch (BadFieldException e) {
            return new Answer.BadField(e);
        }
        try {
            runner.switchTo(spec);
        } catch (Exception e) {
            return new Answer.CannotOpen(worker + " - cannot switch to " + spec.mode() + ": " + e.getMessage()
                    + "; still in mode " + runner.spec().mode());
        }
        return new Answer.Switched(spec);
    }
}
