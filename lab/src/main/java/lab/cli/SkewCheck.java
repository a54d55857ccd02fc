package lab.cli;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import lab.launcher.LabSettings;
import lab.protocol.Durations;
import picocli.CommandLine.Model.CommandSpec;

/** {@code --skew}: each worker named once, and one the run starts. */
final class SkewCheck {
    private SkewCheck() {}

    /** The skews as given, or the refusal of the first bad one, naming {@code --skew} and what was expected. */
    static List<LabSettings.Skew> check(CommandSpec spec, List<LabSettings.Skew> skews, int workers) {
        Set<String> seen = new HashSet<>();
        for (LabSettings.Skew s : skews) {
            String given = s.worker() + "=" + Durations.formatSigned(s.by());
            if (Integer.parseInt(s.worker().substring(1)) > workers) {
                throw LabCommand.bad(
                        spec,
                        "--skew",
                        given,
                        "a worker the run starts: " + (workers <= 1 ? "w1" : "w1..w" + workers)
                                + " (one the lab forks itself)");
            }
            if (!seen.add(s.worker())) {
                throw LabCommand.bad(spec, "--skew", given, "each worker once: " + s.worker() + " is named twice");
            }
        }
        return skews;
    }
}
