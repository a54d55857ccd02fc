package lab.protocol;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The launcher's answer to a {@link WorkerReport}: its clock (the worker's next offset sample) and the control calls
 * waiting for this worker.
 */
public record ReportReply(Instant now, List<Control> controls) {
    public String toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("now", now.toString());
        List<Map<String, Object>> c = new ArrayList<>();
        for (Control control : controls) {
            c.add(control.toMap());
        }
        m.put("controls", c);
        return Bodies.json(m);
    }

    public static ReportReply parse(byte[] body) {
        Map<String, Object> m = Bodies.object(body, "the launcher's answer to POST /events");
        List<Control> controls = new ArrayList<>();
        List<Object> given = Bodies.list(m, "controls", "a list of control calls");
        for (int i = 0; i < given.size(); i++) {
            controls.add(Control.from(given.get(i), "controls[" + i + "]"));
        }
        return new ReportReply(Bodies.instant(m, "now"), controls);
    }
}
