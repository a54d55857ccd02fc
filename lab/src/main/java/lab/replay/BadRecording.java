package lab.replay;

/** A recording the replay cannot play: the one line the user sees, naming the file and what was expected. */
public final class BadRecording extends Exception {
    BadRecording(String message) {
        super(message);
    }
}
