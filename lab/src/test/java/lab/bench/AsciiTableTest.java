package lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import lab.tui.Glyphs;
import org.junit.jupiter.api.Test;

/**
 * The bench's table where the output takes ASCII only (LANG unset, LC_ALL=C): the arrows, times signs, µ and ≤ of
 * its figures and goals come out as ASCII a reader would type, never as '?'; in UTF-8 they are left as they are.
 */
class AsciiTableTest {

    private static Table table() {
        Row launch = Row.of("launch-4", "launch → all 4 answering /healthz", "1.21 s", "", null, Map.of())
                .withGoal("≤ 0.85 × Python's", true)
                .withPython("1.90 s", Units.ratio(1.21 / 1.90), true);
        Row lock = Goals.lockRow("redis", "PING", 4, List.of(180L, 200L, 240L), List.of(90L, 100L, 110L), List.of(40L));
        return new Table(List.of(launch, lock), true, "Python: measured in this run");
    }

    private static String printed(Glyphs glyphs) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = glyphs.printStream(bytes);
        table().print(out);
        out.flush();
        return new String(bytes.toByteArray(), glyphs.charset());
    }

    @Test
    void in_ASCII_the_table_has_every_row_with_its_marks_spelled_in_ASCII() {
        String out = printed(Glyphs.ASCII);

        assertThat(StandardCharsets.US_ASCII.newEncoder().canEncode(out)).isTrue();
        assertThat(out)
                .doesNotContain("?")
                .contains("| launch -> all 4 answering /healthz | 1.21 s | 1.90 s | 0.64x | <= 0.85 x Python's | yes |")
                .contains("| per-tick lock cost (acquire + release), redis, N = 4 | p50 200 us, p99 240 us; PING p50"
                        + " 100 us -> 2.00x (bench's own loop: 40 us) |  |  | p50 <= 3 x PING | yes |");
    }

    @Test
    void in_UTF8_the_table_keeps_its_marks() {
        assertThat(printed(Glyphs.UNICODE))
                .contains("| launch → all 4 answering /healthz | 1.21 s | 1.90 s | 0.64× | ≤ 0.85 × Python's | yes |")
                .contains("PING p50 100 µs → 2.00× (bench's own loop: 40 µs) |  |  | p50 ≤ 3 × PING | yes |");
    }
}
