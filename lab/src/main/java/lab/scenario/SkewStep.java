package lab.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import lab.nemesis.WorkerFault;
import lab.nemesis.WorkerTarget;
import lab.protocol.Durations;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * {@code skew: { worker: w2, by: +3s }}: restarts a worker with its wall clock moved ({@code by: 0}, on the machine's
 * clock again). Only in a scenario that says {@code requires: faketime}, so that a machine without libfaketime skips it
 * rather than fails it.
 */
final class SkewStep {
    static final String NAME = "skew";
    private static final String EXPECTED = "a mapping such as { worker: w2, by: +3s }";

    private SkewStep() {}

    static Step read(Nodes nodes, Setup setup, int line, Node value) throws ScenarioException {
        Map<String, Nodes.Entry> e = nodes.entries(value, NAME, List.of("worker", "by"), EXPECTED);
        if (!e.containsKey("worker") || !e.containsKey("by")) {
            throw nodes.error(value, NAME + ": needs worker and by (expected " + EXPECTED + ")");
        }
        String range = setup.workers() == 1 ? "w1" : "w1..w" + setup.workers();
        Node w = e.get("worker").value();
        String worker =
                nodes.scalar(w, NAME + ".worker", "a worker id " + range).strip();
        // At most four digits before parsing: a mutated 'w4294967296' is no worker, not an overflow.
        if (!worker.matches("w[1-9][0-9]{0,3}") || Integer.parseInt(worker.substring(1)) > setup.workers()) {
            throw nodes.error(
                    w,
                    NAME + ".worker: no worker '" + worker + "' in this scenario (expected " + range + ": setup has "
                            + setup.workers() + (setup.workers() == 1 ? " worker)" : " workers)"));
        }
        Node b = e.get("by").value();
        String text = nodes.scalar(b, NAME + ".by", "an offset such as +3s, -2s, 500ms or 0")
                .strip();
        Duration by;
        try {
            by = Durations.parseSigned(text);
        } catch (IllegalArgumentException bad) {
            throw nodes.error(b, NAME + ".by: " + bad.getMessage());
        }
        return new Step.Fault(line, new WorkerFault.Skew(WorkerTarget.of(worker), by));
    }

    /** Throws at the first {@code skew} step: a scenario with one must say {@code requires: faketime}. */
    static void refuseWithoutFaketime(Nodes nodes, Node steps) throws ScenarioException {
        if (!(steps instanceof SequenceNode list)) {
            return;
        }
        for (Node item : list.getValue()) {
            if (item instanceof MappingNode m) {
                for (NodeTuple t : m.getValue()) {
                    if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(NAME)) {
                        throw nodes.error(
                                k,
                                NAME + ": a skewed clock needs libfaketime (expected 'requires: faketime' at the top"
                                        + " of the scenario, so that a machine without it skips the lesson)");
                    }
                }
            }
        }
    }
}
