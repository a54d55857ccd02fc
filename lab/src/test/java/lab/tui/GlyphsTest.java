package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GlyphsTest {

    @Test
    void a_UTF8_locale_gets_the_times_sign_and_any_other_gets_a_letter_x() {
        assertThat(Glyphs.fromLocale(Map.of("LANG", "en_US.UTF-8"), StandardCharsets.US_ASCII)
                        .times())
                .isEqualTo("×");
        assertThat(Glyphs.fromLocale(Map.of("LANG", "C"), StandardCharsets.UTF_8)
                        .times())
                .isEqualTo("x");
    }

    @Test
    void LC_ALL_wins_over_LANG_as_in_C_programs() {
        assertThat(Glyphs.fromLocale(Map.of("LC_ALL", "C", "LANG", "de_DE.utf8"), StandardCharsets.UTF_8))
                .isEqualTo(Glyphs.ASCII);
        assertThat(Glyphs.fromLocale(Map.of("LC_CTYPE", "C.UTF-8", "LANG", "C"), StandardCharsets.US_ASCII))
                .isEqualTo(Glyphs.UNICODE);
    }

    @Test
    void with_no_locale_set_the_JVM_charset_decides() {
        assertThat(Glyphs.fromLocale(Map.of(), StandardCharsets.UTF_8)).isEqualTo(Glyphs.UNICODE);
        assertThat(Glyphs.fromLocale(Map.of(), StandardCharsets.ISO_8859_1)).isEqualTo(Glyphs.ASCII);
    }

    @Test
    void in_ASCII_each_mark_the_lab_prints_becomes_what_a_reader_would_type() {
        assertThat(Glyphs.ASCII.fit("launch → all 4; p50 12 µs → 1.50×; p99 ≤ 50 ms; ≤ 0.85 × Python's"))
                .isEqualTo("launch -> all 4; p50 12 us -> 1.50x; p99 <= 50 ms; <= 0.85 x Python's");
        assertThat(Glyphs.ASCII.fit("overlap: w1 (.002–.302): fired .038 — 26 ms after w2 … » caption"))
                .isEqualTo("overlap: w1 (.002-.302): fired .038 - 26 ms after w2 ... >> caption");
    }

    @Test
    void in_ASCII_a_character_with_no_stand_in_is_its_escape_never_a_question_mark() {
        assertThat(Glyphs.ASCII.fit("café 间隔：4")).isEqualTo("cafe \\u95f4\\u9694:4");
    }

    @Test
    void in_UTF8_text_is_left_as_it_is() {
        String text = "launch → all 4 · 12 µs · 间隔";
        assertThat(Glyphs.UNICODE.fit(text)).isSameAs(text);
    }

    @Test
    void an_ASCII_print_stream_writes_stand_ins_even_when_a_character_arrives_one_byte_at_a_time() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = Glyphs.ASCII.printStream(bytes);
        for (byte b : "a → b".getBytes(StandardCharsets.UTF_8)) {
            out.write(b);
        }
        out.printf("%s %d µs%n", "p50", 12);
        out.flush();
        assertThat(bytes.toString(StandardCharsets.US_ASCII)).isEqualTo("a -> bp50 12 us" + System.lineSeparator());
    }

    @Test
    void a_UTF8_print_stream_writes_exactly_the_bytes_a_UTF8_console_did() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = Glyphs.UNICODE.printStream(bytes);
        out.println("launch → all 4 · 间隔");
        out.flush();
        assertThat(bytes.toByteArray())
                .isEqualTo(("launch → all 4 · 间隔" + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
    }

    /** Run under LANG unset and LC_ALL=C as well as in a UTF-8 locale: each takes its own branch. */
    @Test
    void this_process_prints_every_mark_in_a_charset_that_can_encode_it() {
        Glyphs glyphs = Glyphs.forThisProcess();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = glyphs.printStream(bytes);
        String text = "w1 - SET scheduler_lock:tick w1-101-aa NX PX 5000 → nil; 12 µs; DUP ×4; .002–.302";
        out.print(text);
        out.flush();
        String printed = new String(bytes.toByteArray(), glyphs.charset());
        assertThat(glyphs.charset().newEncoder().canEncode(printed))
                .as("%s encodes %s", glyphs.charset(), printed)
                .isTrue();
        assertThat(printed).isEqualTo(glyphs.fit(text)).doesNotContain("?");
    }
}
