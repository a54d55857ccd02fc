package lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The architecture page's rooms table, in English and in Chinese, names every package of the main code: a top-level
 * package has a row of its own, a sub-package ({@code protocol.summary}, {@code guard.redis}) is named in the table by
 * its dotted name. A package added without a row is what a reader of the page would never find.
 */
class RoomsTableTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path MAIN = ROOT.resolve("lab/src/main/java/lab");

    @Test
    void the_rooms_table_names_every_main_package_in_english_and_in_chinese() throws IOException {
        for (Path page : List.of(ROOT.resolve("docs/architecture.md"), ROOT.resolve("docs/zh/architecture.md"))) {
            List<String> rows = roomsTable(Files.readAllLines(page));
            assertThat(rows)
                    .as("%s: the rooms table (a header row '| room |' or '| 房间 |')", page)
                    .isNotEmpty();
            String table = String.join("\n", rows);
            List<String> missing = new ArrayList<>();
            for (String pkg : mainPackages()) {
                boolean named = pkg.contains(".")
                        ? table.contains("`" + pkg + "`") || table.contains("`" + pkg + ".")
                        : rows.stream().anyMatch(r -> r.startsWith("| `" + pkg + "` |"));
                if (!named) {
                    missing.add(pkg);
                }
            }
            assertThat(missing)
                    .as("%s: main packages the rooms table does not name", ROOT.relativize(page))
                    .isEmpty();
        }
    }

    /** The rows of the table whose header's first cell is the room, in either language. */
    private static List<String> roomsTable(List<String> lines) {
        List<String> rows = new ArrayList<>();
        boolean in = false;
        for (String line : lines) {
            if (line.startsWith("| room |") || line.startsWith("| 房间 |")) {
                in = true;
            } else if (in && !line.startsWith("|")) {
                break;
            } else if (in) {
                rows.add(line);
            }
        }
        return rows;
    }

    /** Every package with a main source file, dotted below {@code lab}: {@code cli}, {@code protocol.summary}. */
    private static List<String> mainPackages() throws IOException {
        try (Stream<Path> files = Files.walk(MAIN)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .map(p -> MAIN.relativize(p.getParent()).toString().replace('/', '.'))
                    .filter(p -> !p.isEmpty())
                    .distinct()
                    .sorted()
                    .toList();
        }
    }
}
