package lab.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayList;
import java.util.List;
import lab.session.QuestionView;

/**
 * A scenario's question for the room, over the middle of the screen: what to predict, the answers by their keys, and
 * which keys act. While it is open those keys are the only ones that do (see {@link ViewControl}), so a vote never
 * switches a mode or hurts a worker.
 */
final class QuestionOverlay {
    /** Wide enough for a question on two or three lines, narrow enough to leave the panels' edges in view. */
    private static final int MAX_WIDTH = 72;

    private final Look look;

    QuestionOverlay(Look look) {
        this.look = look;
    }

    /**
     * Draws the box centred on {@code region} (the rows above the caption bar, so that the captions stay readable
     * while the room votes), or over more of the screen where the region is too short for it.
     */
    void draw(TextGraphics screen, TextGraphics region, QuestionView q) {
        TerminalSize size = screen.getSize();
        int width = Math.min(size.getColumns(), MAX_WIDTH);
        int inner = width - 4;
        List<String> lines = new ArrayList<>();
        List<Role> roles = new ArrayList<>();
        add(lines, roles, Pen.wrap(q.question(), inner), Role.TITLE);
        for (int i = 0; i < q.answers().size(); i++) {
            String key = q.keys().charAt(i) + ") ";
            List<String> wrapped = Pen.wrap(q.answers().get(i), inner - key.length());
            for (int j = 0; j < wrapped.size(); j++) {
                add(lines, roles, List.of((j == 0 ? key : " ".repeat(key.length())) + wrapped.get(j)), Role.PLAIN);
            }
        }
        int height = Math.min(size.getRows(), lines.size() + 2);
        Pen pen = Box.centred(region.getSize().getRows() >= height ? region : screen, look, width, height);
        for (int y = 1; y < height - 1; y++) {
            pen.put(2, y, Pen.head(lines.get(y - 1), inner), roles.get(y - 1));
        }
        // What it is on the top edge, which keys act on the bottom one: the rows between are the question's.
        pen.put(2, 0, " " + Pen.head(look.say("Predict, then vote", "先预测，再投票"), inner - 2) + " ", Role.TITLE);
        String keys = look.say(
                String.join(", ", q.keys().split("")) + ": the room's answer   Esc: no vote",
                String.join("、", q.keys().split("")) + "：大家的答案   Esc：不投票");
        pen.put(2, height - 1, " " + Pen.head(keys, inner - 2) + " ", Role.DIM);
    }

    private static void add(List<String> lines, List<Role> roles, List<String> more, Role role) {
        for (String l : more) {
            lines.add(l);
            roles.add(role);
        }
    }
}
