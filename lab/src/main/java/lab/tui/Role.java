package lab.tui;

/** What a piece of text means; {@link Palette} decides how that looks in colour and in monochrome. */
enum Role {
    PLAIN,
    TITLE,
    DIM,
    GOOD,
    WARN,
    BAD,
    /** A duplicate mark: the lesson's main signal, so it stands out even without colour. */
    DUP,
    /** A key name in the key bar. */
    KEY,
    /** A message the trainer must see now: a refused key, the quit question. */
    FLASH
}
