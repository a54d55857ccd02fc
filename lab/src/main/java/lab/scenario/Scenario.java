package lab.scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A scripted lesson: how the lab starts, then steps run in order. Parsed by {@link ScenarioParser}, which checks
 * everything that can be checked before anything starts (so a replay fails only on what the lab shows).
 *
 * @param lesson the page that explains it, as written (relative to the repository root)
 * @param requires what it needs of the machine ({@code netns}); where that cannot be had, it is skipped, never failed
 * @param source the file it was read from
 */
public record Scenario(
        Caption title, Optional<String> lesson, List<String> requires, Setup setup, List<Step> steps, Path source) {
    /** Network namespaces, one per simulated host. */
    public static final String NETNS = "netns";

    /** libfaketime, which moves one worker's wall clock ({@code skew} steps). */
    public static final String FAKETIME = "faketime";

    public Scenario {
        requires = List.copyOf(requires);
        steps = List.copyOf(steps);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a scenario has at least one step");
        }
    }

    /** The sum of the waits at speed 1: roughly how long the replay runs once the workers are ready. */
    public Duration totalWait() {
        return steps.stream()
                .filter(Step.Wait.class::isInstance)
                .map(s -> ((Step.Wait) s).duration())
                .reduce(Duration.ZERO, Duration::plus);
    }
}
