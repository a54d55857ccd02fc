package lab.matrix;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import lab.launcher.LabSettings;
import lab.protocol.Mode;
import lab.protocol.ModeChange;

/**
 * One fault of the matrix, one entry of {@link Catalogue}: a name (the JSON's and the page's key), its title in
 * English and Chinese, the knobs each cell of it runs with beyond the matrix's own, how it is applied, and which modes
 * it can touch.
 *
 * @param knobs     what the cell changes of the matrix's base knobs (the job's time, the lease), after the mode
 * @param plan      how it is done in a running lab; empty for a fault this build cannot do yet, whose cells are
 *                  {@code n/a} with {@link #NOT_BUILT}
 * @param untouched for a mode it cannot touch, why (no lock server to stop); empty where it can
 * @param hosts     the simulated hosts its lab needs (2 or more: the hosts are cut apart, and need namespaces)
 * @param jitter    each fire's lateness at most, in its lab (set-up only, so one per fault)
 * @param span      how long its cells' judged spans last with {@code plan} done, for the time a run will take
 * @param skews     workers whose clocks its lab starts skewed (libfaketime): set at the start, so that no cell's span
 *                  holds the restart a skew costs
 */
public record MatrixFault(
        String name,
        String en,
        String zh,
        Function<ModeChange, ModeChange> knobs,
        Optional<Plan> plan,
        Function<Mode, Optional<String>> untouched,
        int hosts,
        Duration jitter,
        Duration span,
        List<LabSettings.Skew> skews) {
    /** Why a fault being built elsewhere has no cell yet: the lead wires its plan into {@link Catalogue} after merging. */
    public static final String NOT_BUILT = "not in this build yet";

    /** A fault whose lab runs every worker on the machine's clock. */
    public MatrixFault(
            String name,
            String en,
            String zh,
            Function<ModeChange, ModeChange> knobs,
            Optional<Plan> plan,
            Function<Mode, Optional<String>> untouched,
            int hosts,
            Duration jitter,
            Duration span) {
        this(name, en, zh, knobs, plan, untouched, hosts, jitter, span, List.of());
    }

    public MatrixFault {
        skews = List.copyOf(skews);
        if (!name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("'" + name + "' is not a fault name: lower case, digits and '-'");
        }
    }

    /** Why {@code mode}'s cell is {@code n/a}, or empty when it is run: the mode first, then the build. */
    public Optional<String> whyNot(Mode mode) {
        Optional<String> why = untouched.apply(mode);
        if (why.isPresent()) {
            return why;
        }
        return plan.isPresent() ? Optional.empty() : Optional.of(NOT_BUILT);
    }

    /** Its name and titles, as the JSON keeps them. */
    public Title title() {
        return new Title(name, en, zh);
    }

    /** A fault's name and its title in English and Chinese. */
    public record Title(String name, String en, String zh) {}
}
