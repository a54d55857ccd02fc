package lab.report;

import java.util.List;
import lab.check.Finding;

/**
 * The report's HTML around the timeline: one file, its styles inline, and the one script it has — the button that
 * saves the SVG — inline too. Everything the picture shows in short is here in full sentences, so the page reads
 * without a pointer, in black and white and on paper.
 */
final class ReportPage {
    private ReportPage() {}

    private static final String STYLE = "<style>"
            + "body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;margin:1.5em;color:#000;background:#fff}"
            + "h1{font-size:1.35em;margin:0 0 .3em}h2{font-size:1.1em;border-bottom:1px solid #000;margin-top:1.6em}"
            + ".facts{margin:.2em 0}.scroll{overflow-x:auto;border:1px solid #888;padding:4px}"
            + "table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #000;padding:.2em .5em;"
            + "text-align:right}th:first-child,td:first-child{text-align:left}th{background:#eee}"
            + "ol.findings li,ul.script li{margin:.25em 0}.tag{font-weight:bold;display:inline-block;min-width:2.6em}"
            + "code{font-size:.95em}.overlaps{max-height:16em;overflow-y:auto;font-size:.9em;border:1px dotted #888}"
            + ".verdict.fail{font-weight:bold}.verdict .tag{min-width:3.6em}.note{font-style:italic}"
            + "button{font:inherit;padding:.3em .8em;margin:.4em 0}"
            + "@media print{@page{size:landscape;margin:1cm}button{display:none}"
            + ".scroll{overflow:visible;border:none;padding:0}svg.timeline{width:100%;height:auto}"
            + ".overlaps{max-height:none;overflow:visible;border:none}h2{break-after:avoid}"
            + "li,tr{break-inside:avoid}}"
            + "</style>";

    private static final String SAVE = "<script>(function(){"
            + "var b=document.getElementById('save-svg');"
            + "b.addEventListener('click',function(){"
            + "var svg=document.getElementById('" + TimelineSvg.ID + "');"
            + "var text='<?xml version=\"1.0\" encoding=\"UTF-8\"?>\\n'+new XMLSerializer().serializeToString(svg);"
            + "var a=document.createElement('a');"
            + "a.href=URL.createObjectURL(new Blob([text],{type:'image/svg+xml'}));"
            + "a.download=b.getAttribute('data-file');document.body.appendChild(a);a.click();a.remove();});"
            // Disabled until this ran: a page whose script did not run says so instead of a button that does nothing.
            + "b.disabled=false;b.setAttribute('data-ready','true');})();</script>";

    static String html(Timeline t) {
        String name =
                t.folder().dir().toAbsolutePath().normalize().getFileName().toString();
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">");
        sb.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        sb.append("<title>Scheduler Lock Lab: run ")
                .append(Xml.esc(name))
                .append("</title>")
                .append(STYLE);
        sb.append("</head><body><h1>Scheduler Lock Lab: run ")
                .append(Xml.esc(name))
                .append("</h1>");
        sb.append("<p class=\"facts\">").append(Xml.esc(facts(t))).append("</p>");
        sb.append("<h2>Timeline</h2><button type=\"button\" id=\"save-svg\" disabled data-file=\"timeline-")
                .append(Xml.esc(name))
                .append(".svg\">Save the timeline as SVG</button>");
        sb.append("<div class=\"scroll\">").append(TimelineSvg.draw(t)).append("</div>");
        findings(sb, t);
        if (t.scenario()) {
            script(sb, t);
        }
        sb.append("<h2 id=\"figures\">Figures</h2>")
                .append(FiguresTable.html(t.folder().summary()));
        sb.append("<p class=\"note\">Counted from the counter table (counter.csv), complete tick windows only;"
                + " the reasons come from the recording (events.jsonl), never from what a worker claimed it did.</p>");
        sb.append(SAVE).append("</body></html>\n");
        return sb.toString();
    }

    private static String facts(Timeline t) {
        RunFolder f = t.folder();
        StringBuilder sb = new StringBuilder();
        sb.append(t.workers().size()).append(" workers");
        if (t.every() != null) {
            sb.append(", a tick every ").append(t.every().toMillis()).append(" ms");
        }
        if (f.countedFrom() != null) {
            sb.append(", counted from ")
                    .append(ReportTimes.at(f.countedFrom()))
                    .append(" to ")
                    .append(ReportTimes.at(f.countedTo()))
                    .append(" UTC");
        }
        sb.append("; from events.jsonl");
        sb.append(f.rows() != null ? ", counter.csv (" + f.rows().size() + " rows)" : " (no counter.csv)");
        sb.append(f.summary() != null ? " and summary.json." : " (no summary.json).");
        return sb.toString();
    }

    private static void findings(StringBuilder sb, Timeline t) {
        sb.append("<h2 id=\"why\">Why</h2>");
        List<Finding> dup = t.findings(Finding.Kind.DUPLICATE);
        List<Finding> missed = t.findings(Finding.Kind.MISSED);
        List<Finding> overlaps = t.findings(Finding.Kind.OVERLAP);
        if (t.findings().isEmpty()) {
            sb.append("<p class=\"note\">")
                    .append(
                            t.windows().isEmpty()
                                    ? "Nothing was counted, so there is nothing to explain."
                                    : "Every counted tick ran exactly once, and no two runs overlapped.")
                    .append("</p>");
            return;
        }
        list(sb, "Ticks that ran more than once", "D", "duplicate", dup);
        list(sb, "Ticks that did not run", "M", "missed", missed);
        if (!overlaps.isEmpty()) {
            sb.append("<h3>Runs inside the job at the same moment (")
                    .append(overlaps.size())
                    .append(")</h3>");
            sb.append("<ul class=\"overlaps\">");
            for (Finding f : overlaps) {
                item(sb, "li", "finding overlap", null, f);
            }
            sb.append("</ul>");
        }
    }

    private static void list(StringBuilder sb, String title, String prefix, String kind, List<Finding> fs) {
        if (fs.isEmpty()) {
            return;
        }
        sb.append("<h3>").append(title).append(" (").append(fs.size()).append(")</h3><ol class=\"findings\">");
        int i = 0;
        for (Finding f : fs) {
            item(sb, "li", "finding " + kind, prefix + ++i, f);
        }
        sb.append("</ol>");
    }

    private static void item(StringBuilder sb, String tag, String cls, String id, Finding f) {
        sb.append('<')
                .append(tag)
                .append(" class=\"")
                .append(cls)
                .append("\" data-cause=\"")
                .append(f.cause().wireName())
                .append("\" data-tick=\"")
                .append(f.tick())
                .append("\">");
        if (id != null) {
            sb.append("<span class=\"tag\">").append(id).append("</span> ");
        }
        sb.append("<code>").append(f.cause().wireName()).append("</code> ").append(Xml.esc(f.sentence()));
        sb.append("</").append(tag).append('>');
    }

    private static void script(StringBuilder sb, Timeline t) {
        List<Point> said =
                t.points().stream().filter(p -> p.lane().equals("script")).toList();
        long failed = said.stream().filter(p -> p.kind().equals("fail")).count();
        long verdicts = said.stream().filter(Timeline::isVerdict).count();
        sb.append("<h2 id=\"scenario\">Scenario</h2><p class=\"verdicts\">")
                .append(verdicts - failed)
                .append(" of ")
                .append(verdicts)
                .append(" expectations held")
                .append(failed == 0 ? "." : "; " + failed + " failed.")
                .append("</p><ul class=\"script\">");
        for (Point p : said) {
            boolean verdict = Timeline.isVerdict(p);
            sb.append("<li class=\"")
                    .append(verdict ? "verdict " + p.kind() : "caption")
                    .append("\">")
                    .append("<span class=\"tag\">")
                    .append(p.label())
                    .append("</span> ")
                    .append(ReportTimes.at(p.at()))
                    .append(" ")
                    .append(verdict ? (p.kind().equals("pass") ? "<b>PASS</b> " : "<b>FAIL</b> ") : "» ")
                    .append(Xml.esc(p.title()))
                    .append("</li>");
        }
        sb.append("</ul>");
    }
}
