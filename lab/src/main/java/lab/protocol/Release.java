package lab.protocol;

import java.util.Locale;

/** How a Redis lock is given back: compare-and-delete ({@code safe}) or a plain {@code DEL} ({@code unsafe}, a trap). */
public enum Release {
    SAFE,
    UNSAFE;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
