package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.session.RunSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Emptying the table (key c) starts the count afresh: no tick before it is claimed missed. */
class ClearTableTest {
    @TempDir
    Path dir;

    @Test
    void after_the_table_is_emptied_only_the_ticks_since_are_counted_and_none_is_missed() throws Exception {
        LabSettings settings = TestLabs.settings(2, ModeSpec.defaults(Mode.NAIVE), Duration.ofSeconds(1), dir);
        RunSummary s;
        Instant cleared;
        try (Lab lab = new Lab(settings)) {
            lab.start(line -> {});
            Thread.sleep(2_500);
            assertThat(lab.faults().clearTable()).startsWith("counter table emptied");
            cleared = Instant.now();
            Thread.sleep(3_200);
            s = lab.stopAndSummarise(Instant.now());
        }

        assertThat(s.total().ticks()).isBetween(2, 3);
        assertThat(s.total().missedTicks()).isZero();
        assertThat(s.total().rowsPerTick()).containsOnly(2);
        assertThat(s.segments()).singleElement().satisfies(seg -> assertThat(seg.from())
                .isAfterOrEqualTo(cleared.minusMillis(500)));
    }
}
