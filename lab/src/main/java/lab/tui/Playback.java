package lab.tui;

/**
 * A dashboard fed from a recording instead of a live lab: the keys it takes itself, before the key map sees them, and
 * the line its header shows in place of the servers (a replay has none). The live dashboard has no playback.
 */
public interface Playback {
    /** Acts on a plain character key; true when the key was the playback's, and then the key map never sees it. */
    boolean key(char ch);

    /** The header's second line: that this is a replay, its speed and where it is. */
    String banner();
}
