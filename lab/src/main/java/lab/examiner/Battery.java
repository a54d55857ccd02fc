package lab.examiner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.scenario.Scenario;
import lab.scenario.Step;

/**
 * The battery of trials as a scenario: the steps before the first trial, then one block per trial, each from the mark
 * named after it to the next trial's mark. A trial's expects judge only its own block.
 */
public final class Battery {
    private final Scenario scenario;
    private final List<Step> before;
    private final Map<Trial, List<Step>> blocks;

    private Battery(Scenario scenario, List<Step> before, Map<Trial, List<Step>> blocks) {
        this.scenario = scenario;
        this.before = before;
        this.blocks = blocks;
    }

    /** The trials of {@code scenario}; throws when a trial's mark names no trial the report card knows. */
    public static Battery of(Scenario scenario) {
        List<Step> before = new ArrayList<>();
        Map<Trial, List<Step>> blocks = new LinkedHashMap<>();
        List<Step> block = before;
        for (Step step : scenario.steps()) {
            if (step instanceof Step.Mark mark && !mark.name().contains(".")) {
                Trial trial = Trial.named(mark.name())
                        .orElseThrow(() -> new IllegalStateException(scenario.source() + ":" + mark.line()
                                + ": mark '" + mark.name() + "' names no trial (expected one of " + Trial.names()
                                + ", or a name with a '.' for a mark inside a trial)"));
                block = new ArrayList<>();
                blocks.put(trial, block);
            }
            block.add(step);
        }
        return new Battery(scenario, before, blocks);
    }

    public List<Trial> trials() {
        return List.copyOf(blocks.keySet());
    }

    /** The battery with only {@code chosen}'s trials, in the battery's order, and the steps before the first. */
    public Scenario only(List<Trial> chosen) {
        List<Step> steps = new ArrayList<>(before);
        blocks.forEach((trial, block) -> {
            if (chosen.contains(trial)) {
                steps.addAll(block);
            }
        });
        return new Scenario(
                scenario.title(), scenario.lesson(), scenario.requires(), scenario.setup(), steps, scenario.source());
    }
}
