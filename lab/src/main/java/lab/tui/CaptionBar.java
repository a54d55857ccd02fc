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
    int wantedHeight(LabSnapshot s, int width) {
        ScenarioView sc = s.scenario();
        return sc == null
                ? 0
                : title(sc, width).size() + lines(sc, width, Integer.MAX_VALUE).size();
    }

    void draw(TextGraphics region, LabSnapshot s) {
        ScenarioView sc = s.scenario();
        if (sc == null) {
            return;
        }
        Pen pen = new Pen(region, look);
        List<TitleRow> title = title(sc, pen.width());
        if (title.size() > 1
                && title.size() + lines(sc, pen.width(), Integer.MAX_VALUE).size() > pen.height()) {
            // The captions need the rows: the title, shown whole while there is room, gives way to where the replay
            // is. A caption a room is reading outranks a title it read at the start.
            title = List.of(new TitleRow(look.say("Scenario", "场景"), step(sc)));
        }
        int y = 0;
        for (TitleRow row : title) {
            int c = pen.put(0, y, row.title(), Role.TITLE);
            if (row.step() != null) {
                c = pen.put(c, y, (row.title().isEmpty() ? "" : "   ") + row.step(), Role.PLAIN);
                if (sc.paused()) {
                    pen.put(c + 3, y, look.say("PAUSED", "已暂停"), Role.WARN);
                }
            }
            y++;
        }
        for (Line line : lines(sc, pen.width(), pen.height() - y)) {
            pen.put(0, y++, line.text(), line.role());
        }
    }

    private String step(ScenarioView sc) {
        return look.say("step " + sc.step() + " of " + sc.steps(), "第 " + sc.step() + " / " + sc.steps() + " 步");
    }

    /** A row of the title: words of the title, and the step where it ends the title (null on the others). */
    private record TitleRow(String title, String step) {}

    /**
     * The scenario's title and where the replay is: on one row where they fit, else the title wrapped like a caption
     * (a title is never cut either) and the step on its last row, or on a row of its own.
     */
    private List<TitleRow> title(ScenarioView sc, int width) {
        String step = step(sc);
        String paused = sc.paused() ? "   " + look.say("PAUSED", "已暂停") : "";
        List<String> title = captionLines(look.say("Scenario: ", "场景：") + sc.title(), width);
        if (title.isEmpty()) {
            return List.of(new TitleRow("", step));
        }
        List<TitleRow> out = new ArrayList<>();
        for (int i = 0; i < title.size() - 1; i++) {
            out.add(new TitleRow(title.get(i), null));
        }
        String last = title.get(title.size() - 1);
        if (Pen.cells(last + "   " + step + paused) <= width) {
            out.add(new TitleRow(last, step));
        } else {
            out.add(new TitleRow(last, null));
            out.add(new TitleRow("", step));
        }
        return out;
    }

    private record Line(String text, Role role) {}

    /**
     * The rows under the title, in at most {@code room}: the newest caption and the ending first, then the latest
     * verdict, then earlier captions, newest first, each whole or not at all, then more verdicts. A caption the room
     * is reading outranks a verdict the log keeps anyway.
     */
    private static List<Line> lines(ScenarioView sc, int width, int room) {
        List<String> newest = captionLines(sc.caption(), width);
        // The room's answer and the right one stand just under the caption, above what the expect found.
        List<String> prediction = captionLines(sc.prediction(), width);
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
        // Captions still being read outrank it; it stays until the next question, so the room sees it once they go.
        if (prediction.size() > left) {
            prediction = List.of();
        }
        left -= prediction.size();
        verdictRows += Math.max(0, Math.min(Math.min(MAX_VERDICT_LINES, verdicts.size()) - verdictRows, left));
        List<Line> lines = new ArrayList<>(earlier);
        newest.forEach(l -> lines.add(new Line(l, Role.PLAIN)));
        prediction.forEach(l -> lines.add(new Line(l, Role.WARN)));
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
