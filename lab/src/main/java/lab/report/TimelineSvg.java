package lab.report;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import lab.check.Finding;
import lab.store.CounterRow;

/**
 * The timeline as one SVG that stands alone (its own styles and legend, so a slide gets it whole): a lane per
 * worker and one each for the mode, the scenario's script, the rows per tick and the lock. Every kind of thing is
 * told apart by shape, fill pattern and a text label, never by colour alone, so it reads in black and white.
 */
final class TimelineSvg {
    static final String ID = "timeline-svg";
    private static final double LEFT = 118;
    private static final double LANE = 30;
    private static final double LINE = 15;
    /** How many explanations the picture itself carries; the page lists them all. */
    private static final int TOLD = 10;

    private final Timeline t;
    private final double scale; // pixels per millisecond
    private final double width;

    private TimelineSvg(Timeline t) {
        this.t = t;
        long ms = Math.max(1, Duration.between(t.start(), t.end()).toMillis());
        double plot = Math.max(760, Math.min(2600, ms * 0.07));
        this.scale = plot / ms;
        this.width = LEFT + plot + 24;
    }

    static String draw(Timeline t) {
        return new TimelineSvg(t).svg();
    }

    private double x(Instant at) {
        return LEFT + Duration.between(t.start(), at).toMillis() * scale;
    }

    private String svg() {
        Svg body = new Svg();
        double y = 8;
        y = axis(body, y);
        double lanesTop = y;
        y = modeLane(body, y);
        if (t.scenario()) {
            y = scriptLane(body, y);
        }
        y = rowsLane(body, y);
        y = bandLane(body, y, "lock", "lock holder");
        if (t.hasServers()) {
            y = bandLane(body, y, "servers", "servers");
        }
        for (String w : t.workers()) {
            y = workerLane(body, y, w);
        }
        for (var p : t.points("switch")) {
            body.line(x(p.at()), lanesTop, x(p.at()), y, "switch-line");
        }
        y = Legend.draw(body, y + 12, LEFT, width);
        y = told(body, y + 6);
        double height = y + 8;
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + ID + "\" class=\"timeline\" width=\"" + Svg.n(width)
                + "\" height=\"" + Svg.n(height) + "\" viewBox=\"0 0 " + Svg.n(width) + " " + Svg.n(height)
                + "\" role=\"img\" aria-labelledby=\"timeline-title\">"
                + "<title id=\"timeline-title\">Timeline of run "
                + Xml.esc(t.folder().dir().getFileName().toString())
                + "</title>" + SvgStyle.DEFS + body + "</svg>";
    }

    private double axis(Svg s, double y) {
        s.group("class=\"axis\"", null);
        Duration every = t.every();
        if (every != null) {
            long p = every.toMillis();
            long first = Math.floorDiv(t.start().toEpochMilli(), p) * p + p;
            int step = (int) Math.max(1, Math.ceil(64 / (p * scale)));
            long k = 0;
            for (long ms = first; ms <= t.end().toEpochMilli(); ms += p, k++) {
                double x = x(Instant.ofEpochMilli(ms));
                s.line(x, y + 16, x, y + 22, "tick-mark");
                if (k % step == 0) {
                    s.text(x, y + 12, "axis-label", ReportTimes.second(Instant.ofEpochMilli(ms)));
                }
            }
        }
        s.text(4, y + 12, "lane-label", "UTC");
        s.end();
        return y + 24;
    }

    private double modeLane(Svg s, double y) {
        label(s, y, "mode");
        int i = 0;
        for (Band b : t.bands()) {
            if (b.lane().equals("mode")) {
                s.group("class=\"band mode\" data-mode=\"" + Xml.esc(b.label()) + "\"", b.title());
                s.rect(x(b.from()), y + 3, x(b.to()) - x(b.from()), LANE - 6, i++ % 2 == 0 ? "mode-a" : "mode-b");
                s.text(x(b.from()) + 4, y + 19, "band-label", b.label());
                s.end();
            }
        }
        return y + LANE;
    }

    private double scriptLane(Svg s, double y) {
        label(s, y, "scenario");
        double last = -100;
        for (Point p : t.points()) {
            if (!p.lane().equals("script")) {
                continue;
            }
            // Verdicts of one step come at one instant: side by side, in order, rather than on top of each other.
            double x = Math.max(x(p.at()), last + 22);
            last = x;
            boolean verdict = Timeline.isVerdict(p);
            s.group(
                    "class=\"" + (verdict ? "verdict " : "") + p.kind() + "\" data-label=\"" + p.label() + "\"",
                    p.label() + ": " + (verdict ? (p.kind().equals("pass") ? "PASS " : "FAIL ") : "") + p.title());
            if (verdict) {
                s.rect(x - 8, y + 5, 16, 16, p.kind() + "-box");
                s.text(x, y + 17, p.kind() + "-glyph", p.kind().equals("pass") ? "✓" : "✗");
            } else {
                s.circle(x, y + 13, 8, "caption-dot");
                s.text(x, y + 17, "caption-glyph", p.label().substring(1));
            }
            s.end();
        }
        return y + LANE;
    }

    /** How many rows each counted window got, from the table; a duplicate or a miss carries its explanation. */
    private double rowsLane(Svg s, double y) {
        label(s, y, "rows per tick");
        if (t.every() == null || t.windows().isEmpty()) {
            s.text(
                    LEFT + 4,
                    y + 19,
                    "note",
                    t.folder().rows() == null
                            ? "no counter.csv in this folder: the session did not end normally, nothing counted"
                            : "no complete window was counted");
            return y + LANE;
        }
        long p = t.every().toMillis();
        int d = 0;
        int m = 0;
        for (Map.Entry<Instant, Integer> w : t.windows().entrySet()) {
            double x0 = x(w.getKey());
            double wd = p * scale;
            int n = w.getValue();
            Finding why = finding(w.getKey(), n == 0 ? Finding.Kind.MISSED : Finding.Kind.DUPLICATE);
            if (n == 1) {
                s.text(x0 + wd / 2, y + 19, "count", "1");
                continue;
            }
            String id = n == 0 ? "M" + ++m : "D" + ++d;
            String kind = n == 0 ? "missed" : "duplicate";
            s.group(
                    "class=\"mark " + kind + "\" id=\"" + id + "\" data-tick=\"" + w.getKey() + "\" data-rows=\"" + n
                            + "\" data-cause=\""
                            + (why == null ? "" : why.cause().wireName()) + "\"",
                    id + ": "
                            + (why == null
                                    ? "tick " + ReportTimes.second(w.getKey()) + " had " + n + " rows"
                                    : why.sentence()));
            s.rect(x0 + 2, y + 4, wd - 4, LANE - 8, kind + "-box");
            s.text(x0 + wd / 2, y + 19, kind + "-text", (n == 0 ? "0" : "×" + n) + " " + id);
            s.end();
        }
        return y + LANE;
    }

    private Finding finding(Instant tick, Finding.Kind kind) {
        return t.findings().stream()
                .filter(f -> f.kind() == kind && f.tick().equals(tick))
                .findFirst()
                .orElse(null);
    }

    private double bandLane(Svg s, double y, String lane, String name) {
        s.group("class=\"lane\" data-lane=\"" + lane + "\"", null);
        label(s, y, name);
        for (Band b : t.bands()) {
            if (b.lane().equals(lane)) {
                s.group("class=\"band " + b.kind() + "\"", b.title());
                s.rect(x(b.from()), y + 5, x(b.to()) - x(b.from()), LANE - 14, b.kind() + "-bar");
                if (b.leaseEnd() != null) {
                    double end = Math.min(x(b.leaseEnd()), x(t.end()));
                    s.line(x(b.from()), y + LANE - 5, end, y + LANE - 5, "lease");
                    if (end == x(b.leaseEnd())) {
                        s.line(end, y + LANE - 9, end, y + LANE - 1, "lease-end");
                    }
                }
                s.text(x(b.from()) + 2, y + 17, "band-label", b.label());
                s.end();
            }
        }
        s.end();
        return y + LANE;
    }

    private double workerLane(Svg s, double y, String w) {
        s.group("class=\"lane worker\" data-lane=\"" + w + "\" data-worker=\"" + w + "\"", null);
        s.line(LEFT, y + LANE - 1, width - 12, y + LANE - 1, "lane-rule");
        label(s, y, w);
        for (Band b : t.bands()) {
            if (b.lane().equals(w)) {
                s.group("class=\"band " + b.kind() + "\"", b.title());
                s.rect(x(b.from()), y + 2, x(b.to()) - x(b.from()), LANE - 4, b.kind() + "-bar");
                if (!b.label().isEmpty()) {
                    s.text(x(b.from()) + 2, y + 11, "band-label small", b.label());
                }
                s.end();
            }
        }
        if (t.folder().rows() != null) {
            for (CounterRow r : t.folder().rows()) {
                if (r.worker().equals(w)) {
                    s.group(
                            "class=\"ran\" data-tick=\"" + r.tickAt() + "\"",
                            w + " ran tick " + ReportTimes.second(r.tickAt())
                                    + " from " + ReportTimes.at(r.startedAt()) + " to " + ReportTimes.at(r.createdAt())
                                    + " (row "
                                    + r.id()
                                    + ", mode " + r.mode() + ")");
                    s.rect(x(r.startedAt()), y + 9, x(r.createdAt()) - x(r.startedAt()), 12, "ran-bar");
                    s.end();
                }
            }
        }
        for (Point p : t.points()) {
            if (p.lane().equals(w)) {
                glyph(s, p, x(p.at()), y + 15);
            }
        }
        s.end();
        return y + LANE;
    }

    private static void glyph(Svg s, Point p, double x, double cy) {
        s.group("class=\"" + p.kind() + "\"", p.title());
        switch (p.kind()) {
            case "skipped" -> s.circle(x, cy, 4, "skip-dot");
            case "error" -> s.path("M" + Svg.n(x - 5) + " " + Svg.n(cy - 5) + "l10 10m0 -10l-10 10", "error-cross");
            case "refused" -> s.path("M" + Svg.n(x) + " " + Svg.n(cy - 6) + "l6 11h-12z", "refused-tri");
            default -> s.path("M" + Svg.n(x) + " " + Svg.n(cy - 14) + "v6", "fault-tick");
        }
        s.end();
    }

    private static void label(Svg s, double y, String text) {
        s.text(4, y + 19, "lane-label", text);
    }

    /** The first explanations, in the picture itself: a slide carries its own "why". */
    private double told(Svg s, double y) {
        List<Finding> shown = t.findings().stream()
                .filter(f -> f.kind() != Finding.Kind.OVERLAP)
                .toList();
        if (shown.isEmpty()) {
            return y;
        }
        int max = (int) ((width - LEFT) / 6.2);
        int i = 0;
        int d = 0;
        int m = 0;
        for (Finding f : shown) {
            String id = f.kind() == Finding.Kind.MISSED ? "M" + ++m : "D" + ++d;
            if (i++ < TOLD) {
                String line = id + " " + f.cause().wireName() + ": " + f.sentence();
                s.group("class=\"told\"", line);
                s.text(LEFT, y + LINE, "told-text", line.length() > max ? line.substring(0, max - 1) + "…" : line);
                s.end();
                y += LINE;
            }
        }
        if (shown.size() > TOLD) {
            s.text(LEFT, y + LINE, "told-text", "… " + (shown.size() - TOLD) + " more in the report");
            y += LINE;
        }
        return y;
    }
}
