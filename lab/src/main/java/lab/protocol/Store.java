package lab.protocol;

import java.util.Locale;

/** Where the counter table lives: H2 in the launcher (needs no server) or the lab's PostgreSQL. */
public enum Store {
    H2,
    POSTGRES;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
