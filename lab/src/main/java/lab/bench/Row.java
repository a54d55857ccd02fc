package lab.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line of the benchmark's table: the figure, this lab's value, the Python worker's where it was measured, the
 * goal and whether it was met. {@code numbers} are the raw figures for the JSON file.
 */
record Row(
        String id,
        String figure,
        String lab,
        String python,
        String ratio,
        String goal,
        Boolean met,
        Map<String, Object> numbers) {

    static Row of(String id, String figure, String lab, String goal, Boolean met, Map<String, Object> numbers) {
        return new Row(id, figure, lab, "", "", goal, met, numbers);
    }

    /** A figure that could not be measured in this run, and why: printed as such, never as a number. */
    static Row missing(String id, String figure, String why) {
        return new Row(id, figure, "not measured: " + why, "", "", "", null, Map.of());
    }

    Row withPython(String python, String ratio, Boolean met) {
        return new Row(id, figure, lab, python, ratio, goal, met, numbers);
    }

    Row withGoal(String goal, Boolean met) {
        return new Row(id, figure, lab, python, ratio, goal, met, numbers);
    }

    boolean measured() {
        return !lab.startsWith("not measured");
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("figure", figure);
        m.put("lab", lab);
        m.put("python", python);
        m.put("ratio", ratio);
        m.put("goal", goal);
        m.put("met", met);
        m.put("numbers", numbers);
        return m;
    }
}
