package lab.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import lab.protocol.ModeSpec;
import lab.protocol.ServerSource;
import lab.protocol.Store;

/** A lab as the tests start it in-process: H2 store, servers the lab starts itself, run until the test closes it. */
final class TestLabs {
    private TestLabs() {}

    static LabSettings settings(int workers, ModeSpec spec, Duration every, Path runsDir) {
        return new LabSettings(
                workers,
                spec,
                every,
                lab.protocol.Trigger.CRON,
                lab.protocol.Knobs.JITTER.defaultValue(),
                Duration.ofMinutes(5),
                null,
                runsDir,
                "tick",
                Store.H2,
                null,
                null,
                ServerSource.AUTO,
                List.of());
    }
}
