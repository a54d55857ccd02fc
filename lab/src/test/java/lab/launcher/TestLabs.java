package lab.launcher;

import java.nio.file.Path;
import java.time.Duration;
import lab.protocol.ModeSpec;

/** A lab as the tests start it in-process: H2 store, servers the lab starts itself, run until the test closes it. */
final class TestLabs {
    private TestLabs() {}

    static LabSettings settings(int workers, ModeSpec spec, Duration every, Path runsDir) {
        return LabSettings.of(workers, spec, every, runsDir).runningFor(Duration.ofMinutes(5));
    }
}
