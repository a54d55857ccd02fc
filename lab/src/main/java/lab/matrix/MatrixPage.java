package lab.matrix;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import lab.protocol.Lang;

/**
 * Renders {@code docs/matrix.md} or its Chinese twin from a {@link Matrix} alone: the command, the machine and the
 * date, a table of modes by faults, the notes that say why a cell is {@code n/a}, then one hand-written paragraph per
 * fault from {@code lab/matrix/paragraphs.<lang>.md}. A paragraph's claim about a cell is written {@code
 * {fails:redis}} (or {@code survives}, {@code n/a}) and shows as the mode's name; a claim the matrix contradicts stops
 * the render, naming it, so that no page says what its data does not.
 */
public final class MatrixPage {
    private static final Pattern CLAIM = Pattern.compile("\\{(survives|fails|n/a):([a-z][a-z0-9-]*)}");

    private MatrixPage() {}

    public static String render(Matrix m, Lang lang) throws IOException {
        Map<String, String> paragraphs = paragraphs(lang);
        boolean zh = lang == Lang.ZH;
        StringBuilder page = new StringBuilder();
        page.append(
                zh
                        ? "# 矩阵：哪种办法扛得住哪种故障\n\n（English: [../matrix.md](../matrix.md)）\n\n"
                        : "# The matrix: which cure survives which fault\n\n(中文：[zh/matrix.md](zh/matrix.md))\n\n");
        page.append(
                zh
                        ? "每一格是一次无界面的短运行：一种模式遇上一种故障，只按计数表判断（每个 tick 的行数、重复、重叠、漏跑，"
                                + "以及原因分析器给出的原因）。**扛得住**：判断的 tick 里没有一次重复、重叠或漏跑；**扛不住**：至少一次，"
                                + "括号里是次数和原因。这一页由 `docs/matrix.json` 生成，不要手改。\n\n"
                        : "Each cell is a short headless run: one mode under one fault, judged from the counter table alone (rows per"
                                + " tick, duplicates, overlaps, missed ticks, and the causes the explainer gives them). **survives**:"
                                + " no duplicate, overlap or missed tick in the ticks judged; **fails**: at least one, counted in"
                                + " brackets with its causes. This page is rendered from `docs/matrix.json`; do not edit it by hand.\n\n");
        page.append(zh ? "- 命令：`" : "- Command: `").append(m.command()).append("`\n");
        page.append(zh ? "- 日期：" : "- Date: ")
                .append(m.date())
                .append(zh ? "，用时 " : ", taking ")
                .append(m.seconds())
                .append(" s\n");
        page.append(zh ? "- 每一格的起点：" : "- Every cell starts from: ")
                .append(m.setup())
                .append("\n");
        page.append(zh ? "- 机器：" : "- Machine: ").append(machine(m.machine())).append("\n\n");
        table(m, zh, page);
        page.append(zh ? "\n## 每种故障\n" : "\n## Fault by fault\n");
        for (MatrixFault.Title f : m.faults()) {
            page.append("\n### ")
                    .append(zh ? f.zh() : f.en())
                    .append(" (`")
                    .append(f.name())
                    .append("`)\n\n");
            String text = paragraphs.get(f.name());
            if (text == null) {
                throw new IOException("paragraphs." + lang + ".md: no paragraph for fault " + f.name());
            }
            page.append(claimsChecked(m, f.name(), text, lang)).append("\n");
        }
        return page.toString();
    }

    private static void table(Matrix m, boolean zh, StringBuilder page) {
        Map<String, Integer> notes = new LinkedHashMap<>();
        page.append(zh ? "| 模式 |" : "| mode |");
        m.faults().forEach(f -> page.append(' ').append(zh ? f.zh() : f.en()).append(" |"));
        page.append("\n|---|");
        m.faults().forEach(f -> page.append("---|"));
        page.append('\n');
        for (String mode : m.modes()) {
            page.append("| `").append(mode).append("` |");
            for (MatrixFault.Title f : m.faults()) {
                CellResult c = m.cell(mode, f.name()).orElse(null);
                page.append(' ').append(c == null ? "-" : cell(c, zh, notes)).append(" |");
            }
            page.append('\n');
        }
        page.append('\n');
        notes.forEach((why, n) -> page.append(n).append(". n/a: ").append(why).append("\n"));
    }

    private static String cell(CellResult c, boolean zh, Map<String, Integer> notes) {
        if (!c.judged()) {
            int n = notes.computeIfAbsent(c.why(), k -> notes.size() + 1);
            return (zh ? "不适用" : "n/a") + " [" + n + "]";
        }
        if (CellResult.SURVIVES.equals(c.verdict())) {
            return (zh ? "扛得住" : "survives") + " (" + c.ticks() + (zh ? " 个 tick)" : " ticks)");
        }
        List<String> counted = new ArrayList<>();
        if (c.duplicates() > 0) {
            counted.add(c.duplicates() + (zh ? " 次重复" : " dup"));
        }
        if (c.overlaps() > 0) {
            counted.add(c.overlaps() + (zh ? " 次重叠" : " overlap"));
        }
        if (c.missed() > 0) {
            counted.add(c.missed() + (zh ? " 次漏跑" : " missed"));
        }
        String causes = c.causes().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + " ×" + e.getValue())
                .collect(Collectors.joining(", "));
        return "**" + (zh ? "扛不住" : "fails") + "** (" + String.join(", ", counted) + (zh ? "，共 " : " of ") + c.ticks()
                + (zh ? " 个 tick" : " ticks") + (causes.isEmpty() ? "" : "; " + causes) + ")";
    }

    private static String machine(Map<String, Object> machine) {
        return machine.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /** The paragraph with each claim checked against its cell and shown as the mode's name. */
    static String claimsChecked(Matrix m, String fault, String text, Lang lang) throws IOException {
        Matcher claim = CLAIM.matcher(text);
        StringBuilder out = new StringBuilder();
        while (claim.find()) {
            String mode = claim.group(2);
            CellResult c = m.cell(mode, fault)
                    .orElseThrow(() -> new IOException("paragraphs." + lang + ".md, " + fault + ": claim "
                            + claim.group() + " names a cell the matrix has not"));
            if (!c.verdict().equals(claim.group(1))) {
                throw new IOException("paragraphs." + lang + ".md, " + fault + ": claim " + claim.group()
                        + " is contradicted: the matrix says " + mode + " " + c.verdict());
            }
            claim.appendReplacement(out, Matcher.quoteReplacement("`" + mode + "`"));
        }
        claim.appendTail(out);
        return out.toString().strip() + "\n";
    }

    /** The hand-written paragraphs, by fault: each a {@code ## name} heading, then its text. */
    static Map<String, String> paragraphs(Lang lang) throws IOException {
        String name = "/lab/matrix/paragraphs." + lang + ".md";
        String text;
        try (InputStream in = MatrixPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + ": not on the class path");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, String> byFault = new LinkedHashMap<>();
        String current = null;
        StringBuilder body = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("## ")) {
                if (current != null) {
                    byFault.put(current, body.toString());
                }
                current = line.substring(3).strip();
                body.setLength(0);
            } else if (current != null) {
                body.append(line).append('\n');
            }
        }
        if (current != null) {
            byFault.put(current, body.toString());
        }
        return byFault;
    }
}
