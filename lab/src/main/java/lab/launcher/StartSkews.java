package lab.launcher;

import java.util.Optional;
import lab.fleet.WorkerPool;
import lab.os.FakeTime;
import lab.protocol.Durations;
import lab.protocol.LabFact;

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

    /** Hands the pool each worker's offset and records it; throws, naming {@code --skew}, where it cannot be had. */
    static void apply(
            LabSettings settings,
            WorkerPool pool,
            Recording recording,
            String mode,
            java.util.function.Consumer<String> say)
            throws StartFailure {
        if (settings.skews().isEmpty()) {
            return;
        }
        Optional<String> whyNot = FakeTime.whyNot();
        if (whyNot.isPresent()) {
            throw new StartFailure("--skew: " + whyNot.get(), null);
        }
        for (LabSettings.Skew s : settings.skews()) {
            pool.skew(s.worker(), s.by());
            String line = s.worker() + " starts with its clock " + Durations.formatSigned(s.by())
                    + " from the machine's (libfaketime)";
            // No process yet: the offset holds for every process of this id until a later skew fault says otherwise.
            recording.lab(
                    mode,
                    line,
                    new LabFact.Fault(LabFact.FaultKind.SKEW, s.worker(), null, null, null, s.by().toMillis()));
            say.accept(line);
        }
    }
}
