package lab.bench;

/**
 * A row's "met" column. {@link #NOT_COMPARED} is apart from {@link #NONE}: a goal set against Python's figure has no
 * verdict in a run that did not measure Python, and says so, rather than be judged against a figure from elsewhere.
 */
enum GoalVerdict {
    MET("yes"),
    MISSED("no"),
    NOT_COMPARED(GoalVerdict.NOT_COMPARED_WORDS),
    /** The row has no goal. */
    NONE("");

    /** What the Python and "met" columns say where the run has no peer figure. */
    static final String NOT_COMPARED_WORDS = "not compared";

    private final String word;

    GoalVerdict(String word) {
        this.word = word;
    }

    static GoalVerdict of(Boolean met) {
        return met == null ? NONE : met ? MET : MISSED;
    }

    /** What the table prints in the "met" column. */
    String word() {
        return word;
    }

    /** True or false where the goal was judged, null where it was not (no goal, or no peer figure). */
    Boolean met() {
        return this == MET ? Boolean.TRUE : this == MISSED ? Boolean.FALSE : null;
    }
}
