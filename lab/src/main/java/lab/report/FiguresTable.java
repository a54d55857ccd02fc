package lab.report;

import java.util.List;
import java.util.OptionalInt;
import java.util.function.Function;
import lab.protocol.summary.SummaryFigures;
import lab.protocol.summary.SummaryFile;

/** The summary's figures as a table, per run and per mode: the numbers the session itself counted from the table. */
final class FiguresTable {
    private FiguresTable() {}

    /** A column: the figure's name (the page's {@code data-figure}), its heading, and its text in a row. */
    private record Column(String figure, String heading, Function<SummaryFigures, String> text) {}

    private static final List<Column> COLUMNS = List.of(
            new Column("ticks", "ticks", f -> String.valueOf(f.ticks())),
            new Column("rows", "rows", f -> String.valueOf(f.rows())),
            new Column("duplicate_ticks", "duplicate ticks", f -> String.valueOf(f.duplicateTicks())),
            new Column("extra_rows", "extra rows", f -> String.valueOf(f.extraRows())),
            new Column("missed_ticks", "missed ticks", f -> String.valueOf(f.missedTicks())),
            new Column("overlaps", "overlapping runs", f -> String.valueOf(f.overlaps())),
            new Column(
                    "rows_per_tick",
                    "rows per tick min/median/max",
                    f -> f.rowsPerTick().min() + "/" + f.rowsPerTick().median() + "/"
                            + f.rowsPerTick().max()),
            new Column("job_runs", "job runs", f -> counted(f.jobRuns())),
            new Column("refused_writes", "refused writes", f -> counted(f.refusedWrites())));

    /** A figure counted only where the store's other tables were read: a dash where it was not. */
    private static String counted(OptionalInt n) {
        return n.isPresent() ? String.valueOf(n.getAsInt()) : "–";
    }

    static String html(SummaryFile summary) {
        if (summary == null) {
            return "<p class=\"note\">No summary.json in this folder: the session did not end normally, so nothing was"
                    + " counted.</p>";
        }
        StringBuilder sb = new StringBuilder("<table class=\"figures\"><thead><tr><th>span</th>");
        COLUMNS.forEach(c -> sb.append("<th>").append(c.heading()).append("</th>"));
        sb.append("</tr></thead><tbody>");
        row(sb, "all modes", summary.total());
        summary.byMode().forEach(m -> row(sb, "mode " + m.mode(), m.figures()));
        sb.append("</tbody></table>");
        if (!summary.causes().isEmpty()) {
            sb.append("<table class=\"causes\"><thead><tr><th>cause</th><th>duplicate ticks</th><th>overlaps</th>"
                    + "<th>missed ticks</th></tr></thead><tbody>");
            for (SummaryFile.CauseTally c : summary.causes()) {
                sb.append("<tr><td><code>").append(Xml.esc(c.cause())).append("</code></td>");
                for (int n : new int[] {c.duplicateTicks(), c.overlaps(), c.missedTicks()}) {
                    sb.append("<td>").append(n).append("</td>");
                }
                sb.append("</tr>");
            }
            sb.append("</tbody></table>");
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, String name, SummaryFigures figures) {
        sb.append("<tr><td>").append(Xml.esc(name)).append("</td>");
        for (Column c : COLUMNS) {
            sb.append("<td data-figure=\"")
                    .append(c.figure())
                    .append("\">")
                    .append(Xml.esc(c.text().apply(figures)))
                    .append("</td>");
        }
        sb.append("</tr>");
    }
}
