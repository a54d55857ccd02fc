package lab.launcher;

import java.util.Optional;
import java.util.function.Consumer;
import lab.os.FakeTime;

/**
 * The workers a session starts with their wall clock moved ({@code --skew w2=+3s}): refused before anything starts
 * where libfaketime is missing, and each recorded as a {@code skew} fault before its worker is forked, so that a
 * reader of the recording knows every worker's offset from its first row on.
 */
public final class StartSkews {
    private StartSkews() {}

    /** Why no worker's clock can be skewed on this machine; empty when it can. */
    public static Optional<String> whyNot() {
        return FakeTime.whyNot();
    }

    /**
     * Hands the pool each worker's offset and records it, through the fault room; throws, naming {@code --skew},
     * where it cannot be had.
     */
    static void apply(LabSettings settings, Faults faults, Consumer<String> say) throws StartFailure {
        if (settings.skews().isEmpty()) {
            return;
        }
        Optional<String> whyNot = FakeTime.whyNot();
        if (whyNot.isPresent()) {
            throw new StartFailure("--skew: " + whyNot.get(), null);
        }
        for (LabSettings.Skew s : settings.skews()) {
            say.accept(faults.skewAtStart(s.worker(), s.by()));
        }
    }
}
