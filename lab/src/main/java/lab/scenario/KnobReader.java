package lab.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.protocol.BadFieldException;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * Reads knobs from a scenario — in its setup or in a {@code mode} step — by their declarations in {@link Knobs}:
 * a value is checked where it is written, so that a replay never meets a knob the workers would refuse.
 */
final class KnobReader {
    private KnobReader() {}

    /** The names a setup accepts: every knob a scenario may set up, and the scenario's own key. */
    static List<String> setupKeys() {
        List<String> keys = new ArrayList<>(Knobs.ALL.stream()
                .filter(k -> k.scope().inSetup())
                .map(Knob::name)
                .toList());
        keys.add("lock-keys");
        return keys;
    }

    /** The names a mode step accepts: the live knobs. */
    static List<String> liveKeys() {
        return Knobs.live().stream().map(Knob::name).toList();
    }

    /** Refuses, by name, a knob of the command line written in a setup: it is not the lesson's to decide. */
    static void refuseCommandLineKnobs(Nodes nodes, Node setup) throws ScenarioException {
        if (setup instanceof MappingNode map) {
            for (NodeTuple t : map.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode key) {
                    Knob<?> knob = Knobs.byName(key.getValue()).orElse(null);
                    if (knob != null && !knob.scope().inSetup()) {
                        throw nodes.error(
                                key,
                                "setup." + knob.name() + ": not in a scenario: it is "
                                        + knob.scope().where() + " (" + knob.option() + ")");
                    }
                }
            }
        }
    }

    /** The value of {@code knob} written at {@code entry}. */
    static <T> T value(Nodes nodes, Knob<T> knob, Nodes.Entry entry, String what) throws ScenarioException {
        String text = nodes.scalar(entry.value(), what, knob.expected());
        try {
            return knob.parse(text);
        } catch (BadFieldException e) {
            throw nodes.error(entry.value(), what + ": " + e.problem());
        }
    }

    /** The live knobs among {@code entries}, in the order written, as one typed change. */
    static ModeChange change(Nodes nodes, Map<String, Nodes.Entry> entries, String what) throws ScenarioException {
        ModeChange change = new ModeChange(List.of());
        for (Map.Entry<String, Nodes.Entry> e : entries.entrySet()) {
            Knob<?> knob = Knobs.byName(e.getKey()).orElse(null);
            if (knob != null && knob.scope().live()) {
                change = and(change, knob, value(nodes, knob, e.getValue(), what + "." + knob.name()));
            }
        }
        return change;
    }

    /**
     * {@code spec} with {@code change} applied; a combination the mode refuses (ShedLock's limits) is an error at the
     * refused knob's line, or at the step's when the knob was set elsewhere.
     */
    static ModeSpec applied(
            Nodes nodes, Node at, Map<String, Nodes.Entry> entries, ModeChange change, ModeSpec spec, String what)
            throws ScenarioException {
        try {
            return change.applyTo(spec);
        } catch (BadFieldException e) {
            Nodes.Entry entry = entries.get(e.field());
            throw nodes.error(entry != null ? entry.value() : at, what + "." + e.field() + ": " + e.problem());
        }
    }

    private static <T> ModeChange and(ModeChange change, Knob<T> knob, Object value) {
        @SuppressWarnings("unchecked")
        T typed = (T) value;
        return change.and(knob, typed);
    }
}
