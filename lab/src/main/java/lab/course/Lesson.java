package lab.course;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import lab.scenario.Caption;

/**
 * One lesson of the course: a scenario in {@code scenarios/} and the page it names.
 *
 * @param name the scenario's file name without {@code .yaml}, as progress keeps it: {@code 03-redis}
 * @param number as the course numbers it: {@code 3}, {@code 10a}
 * @param requires what the machine must give it ({@code netns}, {@code faketime}), as the scenario says
 */
public record Lesson(
        String name, String number, Caption title, Path scenario, Optional<String> page, List<String> requires) {
    public Lesson {
        requires = List.copyOf(requires);
    }
}
