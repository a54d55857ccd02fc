package lab.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line of the benchmark's table: the figure, this lab's value, the Python worker's where it was measured in this
 * run, the goal and its verdict. {@code numbers} are the raw figures for the JSON file.
 */
record Row(
        String id,
        String figure,
        String lab,
        String python,
        String ratio,
        String goal,
        GoalVerdict verdict,
        Map<String, Object> numbers) {

    static Row of(String id, String figure, String lab, String goal, Boolean met, Map<String, Object> numbers) {
        return new Row(id, figure, lab, "", "", goal, GoalVerdict.of(met), numbers);
    }

    /** A figure that could not be measured in this run, and why: printed as such, never as a number. */
    static Row missing(String id, String figure, String why) {
        return new Row(id, figure, "not measured: " + why, "", "", "", GoalVerdict.NONE, Map.of());
    }

    Row withPython(String python, String ratio, Boolean met) {
        return new Row(id, figure, lab, python, ratio, goal, GoalVerdict.of(met), numbers);
    }

    /** A goal set against Python's figure in a run that has none: no ratio, no verdict, and the table says so. */
    Row notCompared() {
        return new Row(id, figure, lab, GoalVerdict.NOT_COMPARED_WORDS, "", goal, GoalVerdict.NOT_COMPARED, numbers);
    }

    Row withGoal(String goal, Boolean met) {
        return new Row(id, figure, lab, python, ratio, goal, GoalVerdict.of(met), numbers);
    }

    /** The row with one more raw figure for the JSON file (Python's, beside the lab's). */
    Row withNumber(String key, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(numbers);
        more.put(key, value);
        return new Row(id, figure, lab, python, ratio, goal, verdict, more);
    }

    /** True or false where the goal was judged; null where the row has no goal or no peer figure to judge it by. */
    Boolean met() {
        return verdict.met();
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
        m.put("met", met());
        m.put("numbers", numbers);
        return m;
    }
}
