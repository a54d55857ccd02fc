package lab.check;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What one rule proves, said twice: in English for the recording, the summary and a failing test, and in Chinese for
 * a screen in Chinese. Both name the same workers, locks, modes and numbers, and the same times as one {@link Said}
 * formatted them, so a trainer can point at either.
 */
record Evidence(String en, String zh) {
    /**
     * A blank between two Chinese characters, or beside Chinese punctuation: left where a name spliced into a sentence
     * came out Chinese ("锁" for a lock the recording names no key of).
     */
    private static final Pattern STRAY_BLANK = Pattern.compile("(?<=[\\p{IsHan}，。：；、（）—]) (?=[\\p{IsHan}，。：；、（）])");

    Evidence {
        // The docs' rule: a blank between Chinese and English, none between two Chinese characters or beside
        // Chinese punctuation.
        zh = STRAY_BLANK.matcher(zh).replaceAll("");
    }

    static Optional<Evidence> of(String en, String zh) {
        return Optional.of(new Evidence(en, zh));
    }
}
