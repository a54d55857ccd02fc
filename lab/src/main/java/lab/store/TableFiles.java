package lab.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The store's tables as CSV files in a run folder — {@code counter.csv}, {@code job_runs.csv}, {@code refused.csv} —
 * so that what the table held outlives the session's database (the lab's H2 goes with its temp folder). One header
 * line of column names, then one line per row in id order; times are ISO-8601 instants in UTC whatever the database
 * (H2 and PostgreSQL hand them back as different types); an empty field is NULL. Each table's columns and rows are
 * {@link TableFile}'s; the file's text is written and split here only, so the two sides cannot drift apart.
 */
final class TableFiles {
    private TableFiles() {}

    static List<Path> write(Connection c, Path dir) throws SQLException, IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (TableFile<?> table : TableFile.ALL) {
            List<String> lines = new ArrayList<>();
            lines.add(line(table.columns()));
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT " + String.join(", ", table.columns()) + " FROM "
                            + table.table() + " ORDER BY id")) {
                ResultSetMetaData md = rs.getMetaData();
                while (rs.next()) {
                    List<String> fields = new ArrayList<>();
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        fields.add(text(rs, i, md.getColumnType(i)));
                    }
                    lines.add(line(fields));
                }
            }
            Path file = dir.resolve(table.fileName());
            Files.write(file, lines, StandardCharsets.UTF_8);
            written.add(file);
        }
        return written;
    }

    private static String text(ResultSet rs, int i, int type) throws SQLException {
        // PostgreSQL reports timestamptz as TIMESTAMP; both drivers read either as an OffsetDateTime.
        if (type == Types.TIMESTAMP_WITH_TIMEZONE || type == Types.TIMESTAMP) {
            OffsetDateTime t = rs.getObject(i, OffsetDateTime.class);
            return t == null ? "" : t.toInstant().toString();
        }
        Object v = rs.getObject(i);
        return v == null ? "" : String.valueOf(v);
    }

    private static String line(List<String> fields) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            String f = fields.get(i);
            if (i > 0) {
                sb.append(',');
            }
            boolean quote = f.contains(",") || f.contains("\"") || f.contains("\n");
            sb.append(quote ? '"' + f.replace("\"", "\"\"").replace('\n', ' ') + '"' : f);
        }
        return sb.toString();
    }

    /**
     * One table file as lines of column → text (empty: NULL), in file order. A line with more or fewer fields than the
     * header is refused with {@code file:line} and what was expected.
     */
    static List<TableLine> lines(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(
                    file + ":1: expected a header line of column names, found an empty file");
        }
        List<String> header = fields(lines.get(0), file, 1);
        List<TableLine> rows = new ArrayList<>();
        for (int n = 2; n <= lines.size(); n++) {
            String l = lines.get(n - 1);
            if (l.isBlank()) {
                continue;
            }
            List<String> f = fields(l, file, n);
            if (f.size() != header.size()) {
                throw new IllegalArgumentException(file + ":" + n + ": expected " + header.size() + " fields ("
                        + String.join(",", header) + "), found " + f.size());
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), f.get(i));
            }
            rows.add(new TableLine(n, row));
        }
        return rows;
    }

    private static List<String> fields(String line, Path file, int n) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cur.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException(
                    file + ":" + n + ": expected a closing quote, found the end of the line");
        }
        out.add(cur.toString());
        return out;
    }
}
