package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayList;
import java.util.List;
import lab.session.LabSnapshot;
import lab.session.ScenarioView;

/** While a scenario replays: its title, step k of n, the caption of the step, and the verdicts so far. */
final class CaptionBar {
    private static final int MAX_CAPTION_LINES = 2;
    private static final int MAX_VERDICT_LINES = 3;
    private final Look look;

    CaptionBar(Look look) {
        this.look = look;
    }

    static int wantedHeight(LabSnapshot s, int width) {
        ScenarioView sc = s.scenario();
        if (sc == null) {
            return 0;
        }
        return 1
                + captionLines(sc.caption(), width).size()
                + Math.min(MAX_VERDICT_LINES, sc.verdicts().size());
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
        for (String line : captionLines(sc.caption(), pen.width())) {
            pen.put(0, y++, line, Role.PLAIN);
        }
        List<String> verdicts = sc.verdicts();
        int room = pen.height() - y;
        for (String v : verdicts.subList(Math.max(0, verdicts.size() - room), verdicts.size())) {
            pen.put(0, y++, v, verdictRole(v));
        }
    }

    /** A verdict line in either language: {@code PASS ...} / {@code 通过 ...}, {@code FAIL ...} / {@code 未通过 ...}. */
    private static Role verdictRole(String v) {
        if (v.startsWith("PASS") || v.startsWith("通过")) {
            return Role.GOOD;
        }
        return v.startsWith("FAIL") || v.startsWith("未通过") ? Role.BAD : Role.PLAIN;
    }

    /**
     * The caption wrapped at word boundaries (a Chinese one, which has none, at any character), in cells, at most two
     * lines; a longer one ends in "...".
     */
    static List<String> captionLines(String caption, int width) {
        List<String> lines = new ArrayList<>();
        if (caption == null || caption.isBlank() || width < 10) {
            return lines;
        }
        lines.addAll(Pen.wrap(caption.replaceAll("\\s+", " "), width));
        if (lines.size() > MAX_CAPTION_LINES) {
            String last = lines.get(MAX_CAPTION_LINES - 1);
            lines = new ArrayList<>(lines.subList(0, MAX_CAPTION_LINES));
            lines.set(MAX_CAPTION_LINES - 1, Pen.fit(last, width - 3).stripTrailing() + "...");
        }
        return lines;
    }
}
