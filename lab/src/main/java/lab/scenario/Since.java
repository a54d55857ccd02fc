package lab.scenario;

/**
 * Where the span of an {@code expect} begins: the scenario's start (every worker ready), the last {@code mode} step
 * (the first tick window after every worker acknowledged it), or a named {@code mark} step.
 */
public record Since(Kind kind, String mark) {

    public enum Kind {
        START,
        MODE,
        MARK
    }

    public static final Since START = new Since(Kind.START, null);
    public static final Since MODE = new Since(Kind.MODE, null);

    public Since {
        if (kind == null || (kind == Kind.MARK) != (mark != null)) {
            throw new IllegalArgumentException("a mark needs its name, and only a mark has one");
        }
    }

    public static Since mark(String name) {
        return new Since(Kind.MARK, name);
    }

    /** As written in a scenario: {@code start}, {@code mode}, {@code mark:<name>}. */
    @Override
    public String toString() {
        return switch (kind) {
            case START -> "start";
            case MODE -> "mode";
            case MARK -> "mark:" + mark;
        };
    }
}
