package lab.nemesis;

import java.util.Locale;

/** The lab's servers that a trainer or a scenario may stop and start (H2, in the launcher, is never stopped). */
public enum ServerName {
    REDIS,
    POSTGRES;

    /** Its word in a scenario, a key's line and a URL: {@code redis}. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
