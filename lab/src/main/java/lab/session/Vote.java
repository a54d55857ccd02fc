package lab.session;

/**
 * The room's answer to the question on screen, pressed by the trainer; {@code answer} is one of the question's keys,
 * or {@link #NONE} when the trainer closed the question without a vote (Esc).
 */
public record Vote(char answer) implements Command {
    public static final char NONE = ' ';

    public boolean none() {
        return answer == NONE;
    }
}
