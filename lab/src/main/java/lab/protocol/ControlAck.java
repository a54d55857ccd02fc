package lab.protocol;

/**
 * An attached worker's answer to a {@link Control}, in its next report.
 *
 * @param error null when it switched; else why not, in the words a {@code PUT /mode} refusal would use
 */
public record ControlAck(long id, String error) {
    public boolean ok() {
        return error == null;
    }
}
