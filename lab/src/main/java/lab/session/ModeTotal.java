package lab.session;

import java.util.ArrayList;
import java.util.List;
import lab.check.Figures;

/**
 * One mode's figures over every span the run spent in it: a line of the totals table and of a summary's figures by
 * mode. A run's totals are a list of these in the order the modes were first visited.
 */
public record ModeTotal(String mode, Figures figures) {
    /** {@code totals} with {@code figures} added to {@code mode}'s line, or a line for it at the end if it has none. */
    public static List<ModeTotal> plus(List<ModeTotal> totals, String mode, Figures figures) {
        List<ModeTotal> out = new ArrayList<>(totals.size() + 1);
        boolean added = false;
        for (ModeTotal t : totals) {
            if (t.mode().equals(mode)) {
                out.add(new ModeTotal(mode, t.figures().plus(figures)));
                added = true;
            } else {
                out.add(t);
            }
        }
        if (!added) {
            out.add(new ModeTotal(mode, figures));
        }
        return List.copyOf(out);
    }
}
