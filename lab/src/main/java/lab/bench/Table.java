package lab.bench;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The benchmark's rows as one Markdown table (for the README) and as JSON, each with the machine they came from. */
final class Table {
    private final List<Row> rows;
    private final boolean quick;
    private final String pythonNote;

    Table(List<Row> rows, boolean quick, String pythonNote) {
        this.rows = List.copyOf(rows);
        this.quick = quick;
        this.pythonNote = pythonNote;
    }

    void print(PrintStream out) {
        out.println();
        out.println("| figure | this lab | Python (seed app) | ratio | goal | met |");
        out.println("|---|---|---|---|---|---|");
        for (Row r : rows) {
            out.println("| " + r.figure() + " | " + r.lab() + " | " + r.python() + " | " + r.ratio() + " | " + r.goal()
                    + " | " + r.verdict().word() + " |");
        }
        out.println();
        out.println(machine() + (quick ? "; --quick: each figure once, small" : ""));
        out.println(pythonNote);
    }

    void write(Path json, PrintStream out) throws IOException {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("quick", quick);
        doc.put("machine", machine());
        doc.put("python", pythonNote);
        doc.put("rows", rows.stream().map(Row::toMap).toList());
        Path parent = json.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(json, JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT).asString(doc) + "\n");
        out.println("written: " + json);
    }

    private static String machine() {
        String cpu = "";
        try {
            cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst()
                    .orElse("");
        } catch (IOException e) {
            // the model is a courtesy
        }
        return Runtime.getRuntime().availableProcessors() + " cores" + (cpu.isEmpty() ? "" : " (" + cpu + ")")
                + ", Java " + Runtime.version() + ", " + System.getProperty("os.name") + " "
                + System.getProperty("os.version");
    }
}
