package lab.protocol;

import java.util.Locale;

/** How a worker asks for the advisory lock: skip when taken ({@code try}) or queue behind the holder ({@code wait}). */
public enum PgLock {
    TRY,
    WAIT;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
