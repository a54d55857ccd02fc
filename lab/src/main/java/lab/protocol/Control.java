package lab.protocol;

import java.util.Map;

/**
 * A control call for an attached worker, carried back on the reply to one of its reports (its own port may be out
 * of the launcher's reach): today a switch, the body a {@code PUT /mode} would carry.
 *
 * @param id   the launcher's number for it; the worker's {@link ControlAck} names it
 * @param spec the mode and its knobs, as {@link ModeSpec#toMap}
 */
public record Control(long id, Map<String, Object> spec) {}
