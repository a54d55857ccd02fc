package lab.launcher;

import java.nio.file.Path;
import java.time.Duration;
import lab.protocol.ModeSpec;

/** Everything a lab session is started with, validated by the command line before anything starts. */
record LabSettings(
        int workers,
        ModeSpec spec,
        Duration every,
        Duration duration,
        boolean headless,
        Path summaryJson,
        Path runsDir,
        String job) {}
