package lab.scenario;

import java.util.Optional;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A count and how a figure must compare to it. Written as a bare number ({@code 0}: equals) or as a string with an
 * operator ({@code "> 0"}, {@code ">= 2"}, {@code "<= 1"}, {@code "< 3"}, {@code "== 4"}, {@code "!= 0"}).
 */
public record Comparison(Op op, int count) {

    public enum Op {
        EQ("=="),
        NE("!="),
        GT(">"),
        GE(">="),
        LT("<"),
        LE("<=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    // Nine digits at most: no figure of a one-minute lesson comes near, and an int cannot overflow.
    private static final Pattern FORM = Pattern.compile("\\s*(==|!=|>=|<=|>|<)?\\s*(\\d{1,9})\\s*");

    public Comparison {
        if (op == null || count < 0) {
            throw new IllegalArgumentException("a comparison needs an operator and a count of 0 or more");
        }
    }

    /** The comparison written as {@code text}, or empty when it is not one. */
    public static Optional<Comparison> parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        Op op = Op.EQ;
        if (m.group(1) != null) {
            for (Op o : Op.values()) {
                if (o.symbol.equals(m.group(1))) {
                    op = o;
                }
            }
        }
        return Optional.of(new Comparison(op, Integer.parseInt(m.group(2))));
    }

    public boolean test(int actual) {
        IntPredicate p =
                switch (op) {
                    case EQ -> a -> a == count;
                    case NE -> a -> a != count;
                    case GT -> a -> a > count;
                    case GE -> a -> a >= count;
                    case LT -> a -> a < count;
                    case LE -> a -> a <= count;
                };
        return p.test(actual);
    }

    /** As a learner would read it: {@code 0}, {@code > 0}, {@code <= 1}. */
    @Override
    public String toString() {
        return op == Op.EQ ? String.valueOf(count) : op.symbol + " " + count;
    }
}
