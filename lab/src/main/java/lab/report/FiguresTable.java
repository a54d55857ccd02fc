package lab.report;

import java.util.List;
import java.util.Map;

/** The summary's figures as a table, per run and per mode: the numbers the session itself counted from the table. */
final class FiguresTable {
    private FiguresTable() {}

    private static final List<String[]> COLUMNS = List.of(
            new String[] {"ticks", "ticks"},
            new String[] {"rows", "rows"},
            new String[] {"duplicate_ticks", "duplicate ticks"},
            new String[] {"extra_rows", "extra rows"},
            new String[] {"missed_ticks", "missed ticks"},
            new String[] {"overlaps", "overlapping runs"},
            new String[] {"rows_per_tick", "rows per tick min/median/max"},
            new String[] {"job_runs", "job runs"},
            new String[] {"refused_writes", "refused writes"});

    static String html(Map<String, Object> summary) {
        if (summary == null) {
            return "<p class=\"note\">No summary.json in this folder: the session did not end normally, so nothing was"
                    + " counted.</p>";
        }
        StringBuilder sb = new StringBuilder("<table class=\"figures\"><thead><tr><th>span</th>");
        COLUMNS.forEach(c -> sb.append("<th>").append(c[1]).append("</th>"));
        sb.append("</tr></thead><tbody>");
        row(sb, "all modes", summary);
        if (summary.get("by_mode") instanceof Map<?, ?> modes) {
            modes.forEach((mode, figures) -> {
                if (figures instanceof Map<?, ?> f) {
                    row(sb, "mode " + mode, f);
                }
            });
        }
        sb.append("</tbody></table>");
        if (summary.get("causes") instanceof Map<?, ?> causes && !causes.isEmpty()) {
            sb.append("<table class=\"causes\"><thead><tr><th>cause</th><th>duplicate ticks</th><th>overlaps</th>"
                    + "<th>missed ticks</th></tr></thead><tbody>");
            causes.forEach((cause, counts) -> {
                Map<?, ?> c = counts instanceof Map<?, ?> m ? m : Map.of();
                sb.append("<tr><td><code>")
                        .append(Xml.esc(String.valueOf(cause)))
                        .append("</code></td>");
                for (String k : List.of("duplicate_ticks", "overlaps", "missed_ticks")) {
                    sb.append("<td>").append(Xml.esc(String.valueOf(c.get(k)))).append("</td>");
                }
                sb.append("</tr>");
            });
            sb.append("</tbody></table>");
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, String name, Map<?, ?> figures) {
        sb.append("<tr><td>").append(Xml.esc(name)).append("</td>");
        for (String[] c : COLUMNS) {
            Object v = figures.get(c[0]);
            String text = v instanceof Map<?, ?> m
                    ? m.get("min") + "/" + m.get("median") + "/" + m.get("max")
                    : v == null ? "–" : String.valueOf(v);
            sb.append("<td data-figure=\"")
                    .append(c[0])
                    .append("\">")
                    .append(Xml.esc(text))
                    .append("</td>");
        }
        sb.append("</tr>");
    }
}
