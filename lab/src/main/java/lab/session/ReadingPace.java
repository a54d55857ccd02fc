package lab.session;

import java.time.Duration;

/**
 * How long a caption must stay on screen for a room to read it: a second to find the line, plus its English words at
 * {@value #WORDS_PER_MINUTE} a minute and its Chinese characters at {@value #CHARACTERS_PER_MINUTE} a minute, the
 * whole divided by the trainer's {@code --reading-pace}. The rates are a slow reader's, read aloud in a room, not a
 * skimmer's at a desk: a caption is read once, from the back of the room, while the lab moves underneath it.
 *
 * @param factor 1 the default; 2 reads twice as fast (half the time), 0.5 twice as slow
 */
public record ReadingPace(double factor) {
    public static final int WORDS_PER_MINUTE = 180;
    public static final int CHARACTERS_PER_MINUTE = 300;
    public static final Duration FIND_THE_LINE = Duration.ofSeconds(1);
    public static final ReadingPace DEFAULT = new ReadingPace(1);

    public ReadingPace {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("reading pace: expected a number above 0, such as 0.5, not " + factor);
        }
    }

    /**
     * The reading time of {@code text}. A Chinese caption counts its Han characters one by one and the English words
     * it carries ({@code SET NX}, {@code w2}) as words, since a reader reads each at its own pace.
     */
    public Duration of(String text) {
        int characters = 0;
        StringBuilder rest = new StringBuilder();
        for (int cp : text.codePoints().toArray()) {
            if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN) {
                characters++;
                rest.append(' ');
            } else {
                rest.appendCodePoint(cp);
            }
        }
        long words = 0;
        for (String token : rest.toString().split("\\s+")) {
            if (token.codePoints().anyMatch(Character::isLetterOrDigit)) {
                words++;
            }
        }
        double seconds = words * 60.0 / WORDS_PER_MINUTE + characters * 60.0 / CHARACTERS_PER_MINUTE;
        long millis = FIND_THE_LINE.toMillis() + Math.round(seconds * 1000);
        return Duration.ofMillis(Math.round(millis / factor));
    }
}
