package lab.report;

/** What each shape means, drawn under the lanes: the picture explains itself on a slide or on paper. */
final class Legend {
    private Legend() {}

    private static final String[][] ITEMS = {
        {"ran", "ran: its row is in the counter table"},
        {"unkept", "ran, row not kept by the store"},
        {"skipped", "skipped"},
        {"error", "error (failed closed)"},
        {"refused", "write refused (stale token)"},
        {"paused", "paused"},
        {"killed", "killed / stopped / exited"},
        {"held", "lock holder (dashes: lease until its TTL)"},
        {"duplicate", "×N Dn: tick ran N times (why: Dn)"},
        {"missed", "0 Mn: missed tick"},
        {"caption", "scenario caption"},
        {"verdict", "verdict ✓ pass / ✗ fail"},
    };

    static double draw(Svg s, double y, double left, double width) {
        s.group("class=\"legend\"", null);
        s.text(4, y + 12, "lane-label", "legend");
        double x = left;
        for (String[] item : ITEMS) {
            double w = 26 + item[1].length() * 6.0;
            if (x + w > width - 12) {
                x = left;
                y += 18;
            }
            swatch(s, item[0], x, y + 3);
            s.text(x + 22, y + 12, "legend-text", item[1]);
            x += w + 10;
        }
        s.end();
        return y + 20;
    }

    private static void swatch(Svg s, String kind, double x, double y) {
        switch (kind) {
            case "ran" -> s.rect(x, y, 18, 10, "ran-bar");
            case "unkept" -> s.rect(x, y, 18, 10, "unkept-bar");
            case "skipped" -> s.circle(x + 9, y + 5, 4, "skip-dot");
            case "error" -> s.path("M" + Svg.n(x + 4) + " " + Svg.n(y) + "l10 10m0 -10l-10 10", "error-cross");
            case "refused" -> s.path("M" + Svg.n(x + 9) + " " + Svg.n(y - 1) + "l6 11h-12z", "refused-tri");
            case "paused" -> s.rect(x, y, 18, 10, "paused-bar");
            case "killed" -> s.rect(x, y, 18, 10, "killed-bar");
            case "held" -> s.rect(x, y, 18, 10, "held-bar");
            case "duplicate" -> s.rect(x, y, 18, 10, "duplicate-box");
            case "missed" -> s.rect(x, y, 18, 10, "missed-box");
            case "caption" -> s.circle(x + 9, y + 5, 5, "caption-dot");
            default -> s.rect(x + 4, y, 10, 10, "pass-box");
        }
    }
}
