package lab.guard;

/** How a guard explains a failure of its server: the root cause in a few words, not three wrapped exceptions. */
public final class Failures {
    private Failures() {}

    public static String rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
