package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import lab.check.Cause;
import lab.check.Finding;
import lab.headless.EventLine;
import lab.protocol.Event;
import org.junit.jupiter.api.Test;

/**
 * The why line and a headless line where the output takes ASCII only (LANG unset, LC_ALL=C): every character one that
 * US-ASCII encodes, so none comes out as '?'. The sentences are the explainer's and the worker's own words.
 */
class AsciiScreenTest {
    private static final Look ASCII = new Look(false, Glyphs.ASCII, ZoneOffset.UTC);

    @Test
    void the_why_line_in_ASCII_shows_the_explainers_dashes_as_hyphens() {
        Finding overlap = new Finding(
                Finding.Kind.OVERLAP,
                Instant.parse("2026-07-07T12:00:05Z"),
                Cause.NO_LOCK,
                "overlap: w1 (.002–.302) and w3 (.004–.304): w1 and w3 each ran it without a lock shared between"
                        + " processes (mode naive)");
        Finding twice = new Finding(
                Finding.Kind.DUPLICATE,
                Instant.parse("2026-07-07T04:00:30Z"),
                Cause.RELEASED_EARLY,
                "tick 04:00:30 ran twice: w2 held advisory lock 42 for 11 ms (released .034); w4 fired .038 — 26 ms"
                        + " after w2 — and took it at .039");

        String line = WhyLine.text(List.of(overlap, twice), 1, 200, ASCII);
        List<String> wrapped = WhyLine.lines(List.of(overlap, twice), 0, 40, 3, ASCII);

        assertThat(line)
                .isEqualTo("why 2/2: no-lock - overlap: w1 (.002-.302) and w3 (.004-.304): w1 and w3 each ran it"
                        + " without a lock shared between processes (mode naive)");
        assertThat(wrapped)
                .allSatisfy(AsciiScreenTest::encodesInAscii)
                .last()
                .asString()
                .endsWith("...");
    }

    @Test
    void a_headless_line_in_ASCII_shows_the_redis_reply_with_an_arrow_of_two_characters() {
        Event refused = Event.parse("{\"ts\":\"2026-07-07T12:00:05.003Z\",\"worker\":\"w3\",\"pid\":103,"
                + "\"event\":\"skipped\",\"tick\":\"2026-07-07T12:00:05Z\",\"mode\":\"redis\",\"detail\":\"w3 - redis"
                + " lock 'scheduler_lock:tick' not acquired: held by w1-101-aa (SET scheduler_lock:tick w3-103-cc NX"
                + " PX 5000 → nil)\"}");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = Glyphs.ASCII.printStream(bytes);

        out.println(EventLine.format(refused, ZoneOffset.UTC));
        out.flush();

        String printed = bytes.toString(StandardCharsets.US_ASCII);
        encodesInAscii(printed);
        assertThat(printed)
                .isEqualTo("12:00:05.003 w3 skipped tick 12:00:05  redis lock 'scheduler_lock:tick' not acquired:"
                        + " held by w1-101-aa (SET scheduler_lock:tick w3-103-cc NX PX 5000 -> nil)"
                        + System.lineSeparator());
    }

    private static void encodesInAscii(String text) {
        assertThat(StandardCharsets.US_ASCII.newEncoder().canEncode(text))
                .as("US-ASCII encodes: %s", text)
                .isTrue();
    }
}
