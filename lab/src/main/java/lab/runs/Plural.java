package lab.runs;

/** "1 worker", "4 workers", "all 4 workers": the lab's lines read as sentences. */
public final class Plural {
    private Plural() {}

    static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** "the worker" for one, "all N workers" for more. */
    static String workers(int n) {
        return n == 1 ? "the worker" : "all " + n + " workers";
    }
}
