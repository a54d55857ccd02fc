package lab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Which flags go with {@code --scenario}: with one, a flag that would change its setup is refused (a scenario's setup
 * is its lesson); without one, a flag that means something only to a replay is refused. Neither is silently ignored.
 */
final class ScenarioFlags {
    /** The flags that mean something only to a scenario's replay, and what they do there. */
    private static final Map<String, String> REPLAY_ONLY = Map.of(
            "--speed", "it divides a scenario's waits",
            "--reading-pace", "it times a scenario's captions",
            "--also-judge", "it judges a variant on the scenario's run",
            "--fail-fast", "it stops a replay at its first failure");

    private ScenarioFlags() {}

    /** Throws, naming the first flag given that does not go with a scenario or its absence. */
    static void check(CommandSpec spec, boolean scenario, List<String> setupOptions) {
        if (scenario) {
            List<String> setup = new ArrayList<>(setupOptions);
            setup.addAll(List.of("--duration", "--switch"));
            for (String option : setup) {
                given(spec, option).ifPresent(value -> {
                    throw LabCommand.bad(
                            spec, option, value, "no " + option + " with --scenario: the scenario's setup decides it");
                });
            }
            return;
        }
        for (String option : List.of("--speed", "--reading-pace", "--also-judge", "--fail-fast")) {
            given(spec, option).ifPresent(value -> {
                throw LabCommand.bad(spec, option, value, option + " only with --scenario: " + REPLAY_ONLY.get(option));
            });
        }
    }

    /** What was typed after {@code option} (empty for a flag with no value), if it was given at all. */
    private static Optional<String> given(CommandSpec spec, String option) {
        if (!spec.commandLine().getParseResult().hasMatchedOption(option)) {
            return Optional.empty();
        }
        return Optional.of(String.join(
                " ", spec.commandLine().getParseResult().matchedOption(option).stringValues()));
    }
}
