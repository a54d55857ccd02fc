package lab.matrix;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A matrix as {@code docs/matrix.json} keeps it: the command that ran it, the machine, the date, how long it took, the
 * faults with their titles, the modes, and every cell. The pages are rendered from this alone.
 *
 * @param setup   the knobs every cell starts from, in words
 * @param machine cores, OS, JDK and each server's source and version, as words
 */
public record Matrix(
        String command,
        String date,
        long seconds,
        String setup,
        Map<String, Object> machine,
        List<MatrixFault.Title> faults,
        List<String> modes,
        List<CellResult> cells) {
    public Matrix {
        machine = Map.copyOf(machine);
        faults = List.copyOf(faults);
        modes = List.copyOf(modes);
        cells = List.copyOf(cells);
    }

    /** The cell of {@code mode} under {@code fault}; empty where this matrix has none (a quick run's). */
    public Optional<CellResult> cell(String mode, String fault) {
        return cells.stream()
                .filter(c -> c.mode().equals(mode) && c.fault().equals(fault))
                .findFirst();
    }

    public String toJson() throws IOException {
        Map<String, Object> top = new LinkedHashMap<>();
        top.put("command", command);
        top.put("date", date);
        top.put("seconds", seconds);
        top.put("setup", setup);
        top.put("machine", new TreeMap<>(machine));
        List<Map<String, Object>> fs = new ArrayList<>();
        for (MatrixFault.Title t : faults) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("en", t.en());
            m.put("zh", t.zh());
            fs.add(m);
        }
        top.put("faults", fs);
        top.put("modes", modes);
        List<Map<String, Object>> cs = new ArrayList<>();
        for (CellResult c : cells) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("mode", c.mode());
            m.put("fault", c.fault());
            m.put("verdict", c.verdict());
            if (c.judged()) {
                m.put("ticks", c.ticks());
                m.put("rows", c.rows());
                m.put("duplicates", c.duplicates());
                m.put("overlaps", c.overlaps());
                m.put("missed", c.missed());
                m.put("causes", new TreeMap<>(c.causes()));
            } else {
                m.put("why", c.why());
            }
            cs.add(m);
        }
        top.put("cells", cs);
        return JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT).asString(top) + "\n";
    }

    /** Reads what {@link #toJson} wrote; throws {@link IOException} naming the field that is missing or wrong. */
    @SuppressWarnings("unchecked")
    public static Matrix fromJson(String text) throws IOException {
        Map<String, Object> top = JSON.std.mapFrom(text);
        List<MatrixFault.Title> faults = new ArrayList<>();
        for (Object o : list(top, "faults")) {
            Map<String, Object> m = (Map<String, Object>) o;
            faults.add(new MatrixFault.Title(str(m, "name"), str(m, "en"), str(m, "zh")));
        }
        List<CellResult> cells = new ArrayList<>();
        for (Object o : list(top, "cells")) {
            Map<String, Object> m = (Map<String, Object>) o;
            String verdict = str(m, "verdict");
            if (CellResult.NA.equals(verdict)) {
                cells.add(CellResult.notApplicable(str(m, "mode"), str(m, "fault"), str(m, "why")));
            } else {
                Map<String, Integer> causes = new LinkedHashMap<>();
                ((Map<String, Object>) m.getOrDefault("causes", Map.of()))
                        .forEach((k, v) -> causes.put(k, ((Number) v).intValue()));
                cells.add(new CellResult(
                        str(m, "mode"),
                        str(m, "fault"),
                        verdict,
                        "",
                        num(m, "ticks"),
                        num(m, "rows"),
                        num(m, "duplicates"),
                        num(m, "overlaps"),
                        num(m, "missed"),
                        causes));
            }
        }
        List<String> modes = new ArrayList<>();
        list(top, "modes").forEach(o -> modes.add(String.valueOf(o)));
        return new Matrix(
                str(top, "command"),
                str(top, "date"),
                num(top, "seconds"),
                str(top, "setup"),
                (Map<String, Object>) top.getOrDefault("machine", Map.of()),
                faults,
                modes,
                cells);
    }

    private static List<Object> list(Map<String, Object> m, String key) throws IOException {
        if (!(m.get(key) instanceof List<?> l)) {
            throw new IOException(key + ": expected a list");
        }
        return new ArrayList<>(l);
    }

    private static String str(Map<String, Object> m, String key) throws IOException {
        if (!(m.get(key) instanceof String s)) {
            throw new IOException(key + ": expected a string, got " + m.get(key));
        }
        return s;
    }

    private static int num(Map<String, Object> m, String key) throws IOException {
        if (!(m.get(key) instanceof Number n)) {
            throw new IOException(key + ": expected a number, got " + m.get(key));
        }
        return n.intValue();
    }
}
