package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayList;
import java.util.List;
import lab.session.LabSnapshot;
import lab.session.ScenarioView;

/**
 * While a scenario replays: its title, step k of n, the captions a room may still be reading, and the verdicts so
 * far. The newest caption is drawn whole however long it is; earlier ones stay above it, dimmed, as long as the bar
 * has the rows for them whole; none is ever cut.
 */
final class CaptionBar {
    private static final int MAX_VERDICT_LINES = 3;
    private final Look look;

    CaptionBar(Look look) {
        this.look = look;
    }

    /** The rows the bar needs to show everything it holds. */
    static int wantedHeight(LabSnapshot s, int width) {
        ScenarioView sc = s.scenario();
        return sc == null ? 0 : lines(sc, width, Integer.MAX_VALUE).size() + 1;
    }

    void draw(TextGraphics region, LabSnapshot s) {
        ScenarioView sc = s.scenario();
        if (sc == null) {
            return;
        }
        Pen pen = new Pen(region, look);
        int c = pen.put(0, 0, look.say("Scenario: ", "场景：") + sc.title(), Role.TITLE);
        c = pen.put(
                c,
                0,
                look.say("   step " + sc.step() + " of " + sc.steps(), "   第 " + sc.step() + " / " + sc.steps() + " 步"),
                Role.PLAIN);
        if (sc.paused()) {
            pen.put(c + 3, 0, look.say("PAUSED", "已暂停"), Role.WARN);
        }
        int y = 1;
        for (Line line : lines(sc, pen.width(), pen.height() - 1)) {
            pen.put(0, y++, line.text(), line.role());
        }
    }

    private record Line(String text, Role role) {}

    /**
     * The rows under the title, in at most {@code room}: the newest caption and the ending first, then the latest
     * verdict, then earlier captions, newest first, each whole or not at all, then more verdicts. A caption the room
     * is reading outranks a verdict the log keeps anyway.
     */
    private static List<Line> lines(ScenarioView sc, int width, int room) {
        List<String> newest = captionLines(sc.caption(), width);
        int left = room - newest.size() - (sc.ending() == null ? 0 : 1);
        List<String> verdicts = sc.verdicts();
        int verdictRows = Math.min(Math.min(1, verdicts.size()), Math.max(0, left));
        left -= verdictRows;
        List<Line> earlier = new ArrayList<>();
        for (int i = sc.earlier().size() - 1; i >= 0; i--) {
            List<String> one = captionLines(sc.earlier().get(i), width);
            if (one.size() > left) {
                break;
            }
            left -= one.size();
            List<Line> dimmed = one.stream().map(l -> new Line(l, Role.DIM)).toList();
            earlier.addAll(0, dimmed);
        }
        verdictRows += Math.max(0, Math.min(Math.min(MAX_VERDICT_LINES, verdicts.size()) - verdictRows, left));
        List<Line> lines = new ArrayList<>(earlier);
        newest.forEach(l -> lines.add(new Line(l, Role.PLAIN)));
        if (sc.ending() != null) {
            lines.add(new Line(sc.ending(), Role.TITLE));
        }
        for (String v : verdicts.subList(verdicts.size() - verdictRows, verdicts.size())) {
            lines.add(new Line(v, verdictRole(v)));
        }
        return lines;
    }

    /** A verdict line in either language: {@code PASS ...} / {@code 通过 ...}, {@code FAIL ...} / {@code 未通过 ...}. */
    private static Role verdictRole(String v) {
        if (v.startsWith("PASS") || v.startsWith("通过")) {
            return Role.GOOD;
        }
        return v.startsWith("FAIL") || v.startsWith("未通过") ? Role.BAD : Role.PLAIN;
    }

    /**
     * The caption wrapped at word boundaries (a Chinese one, which has none, at any character), in cells, on as many
     * lines as it takes: a caption is never cut.
     */
    static List<String> captionLines(String caption, int width) {
        if (caption == null || caption.isBlank() || width < 10) {
            return List.of();
        }
        return Pen.wrap(caption.strip().replaceAll("\\s+", " "), width);
    }
}
