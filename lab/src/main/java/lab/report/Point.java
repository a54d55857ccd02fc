package lab.report;

import java.time.Instant;

/**
 * Something that happened at one instant, on one lane: a skip, an error, a refused write, a caption, a verdict, a
 * fault or a mode switch.
 *
 * @param kind  the CSS class and the legend's word: {@code skipped}, {@code error}, {@code refused}, {@code caption},
 *              {@code pass}, {@code fail}, {@code fault}, {@code switch}
 * @param label the short text drawn beside its glyph (a number, a letter)
 * @param title the whole sentence, from the recording
 */
record Point(String lane, String kind, Instant at, String label, String title) {}
