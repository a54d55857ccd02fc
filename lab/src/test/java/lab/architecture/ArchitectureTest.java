package lab.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The architecture the design draws, checked on the sources: which package may import which, and which package
 * alone may import each mechanism's client library. A new import that breaks an arrow fails here, with its file.
 */
class ArchitectureTest {
    private static final Path SOURCES = Path.of("src", "main", "java", "lab");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import (?:static )?([\\w.]+)\\.[\\w*]+;");

    /** Package (first level under lab) → the lab packages it may use. Arrows point one way, for imports and for fully-qualified names in code alike. */
    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("protocol", Set.of()),
            Map.entry("store", Set.of()),
            Map.entry("check", Set.of("store", "protocol")),
            Map.entry("guard", Set.of("protocol", "guard")),
            Map.entry("worker", Set.of("guard", "store", "protocol")),
            // The nemesis room: the fault vocabulary, the typed answers and the recipes (a fault, how long it holds,
            // its undo). It sits below the control door (session), so that a key, a scenario's step, the soak, the
            // matrix and the exam all compose its recipes, and the servers name themselves in its words.
            Map.entry("nemesis", Set.of("protocol")),
            Map.entry("session", Set.of("nemesis", "check", "store", "protocol")),
            Map.entry("scenario", Set.of("session", "nemesis", "check", "protocol")),
            Map.entry("headless", Set.of("session", "check", "protocol")),
            Map.entry("tui", Set.of("session", "nemesis", "check", "store", "protocol")),
            // The launcher's rooms: the command line starts a kind of run, a run drives the lab's core, and the core
            // holds the fleet of worker processes and the servers, which ask the operating system for processes.
            Map.entry("os", Set.of()),
            Map.entry("servers", Set.of("os", "protocol", "session", "nemesis")),
            Map.entry("fleet", Set.of("os", "protocol", "session")),
            Map.entry(
                    "launcher",
                    Set.of("fleet", "servers", "os", "guard", "session", "nemesis", "check", "store", "protocol")),
            Map.entry(
                    "runs",
                    Set.of(
                            "launcher",
                            "fleet",
                            "tui",
                            "headless",
                            "scenario",
                            "session",
                            "nemesis",
                            "check",
                            "store",
                            "protocol",
                            "guard")),
            // The benchmark drives whole labs, from outside (run.sh) and inside (a lab in its own JVM).
            Map.entry("bench", Set.of("runs", "launcher", "tui", "os", "session", "protocol")),
            // The soak drives one lab through its controls, as a scenario does, and judges it from the table.
            Map.entry("soak", Set.of("launcher", "headless", "session", "nemesis", "check", "store", "os", "protocol")),
            // The matrix drives one lab per fault through its controls, as a scenario does, and judges each cell
            // from the table.
            Map.entry("matrix", Set.of("launcher", "session", "nemesis", "check", "protocol")),
            // The report draws a run folder after the fact: the table's rows, the recording, the explainer.
            Map.entry("report", Set.of("check", "store", "protocol")),
            // The replay plays a run folder on the dashboard: the report's reader, the live model, no lab at all.
            Map.entry("replay", Set.of("report", "tui", "headless", "session", "check", "store", "protocol")),
            // The course for one: the lessons in order, what each page says to read first, the learner's progress.
            Map.entry("course", Set.of("scenario", "protocol")),
            // The exam compiles a learner's lock, names its mode, and plays the battery of trials as a scenario.
            Map.entry(
                    "examiner",
                    Set.of("runs", "launcher", "scenario", "session", "nemesis", "check", "os", "protocol", "guard")),
            Map.entry(
                    "cli",
                    Set.of(
                            "bench",
                            "course",
                            "examiner",
                            "matrix",
                            "replay",
                            "report",
                            "soak",
                            "runs",
                            "launcher",
                            "servers",
                            "tui",
                            "scenario",
                            "protocol",
                            // `run.sh worker`: one worker started on its own, attached to a launcher.
                            "worker")));

    /** A library prefix → the only source folders (under lab/, space-separated) whose files may import it. */
    private static final Map<String, String> LIBRARY_HOME = Map.ofEntries(
            // A learner's lock (mode exam) is handed a Jedis connection of its own.
            Map.entry("redis.clients", "guard/redis guard/exam"),
            Map.entry("com.zaxxer.hikari", "guard/postgres"),
            Map.entry("org.postgresql", "guard/postgres"),
            Map.entry("com.googlecode.lanterna", "tui"),
            Map.entry("io.undertow", "worker"),
            // Quartz with its in-memory store is the worker's own scheduler; its clustered JDBC store is a mode's.
            Map.entry("org.quartz", "worker guard/quartz"),
            Map.entry("org.snakeyaml", "scenario"),
            Map.entry("org.h2", "servers"),
            Map.entry("net.javacrumbs.shedlock", "guard/shedlock"),
            Map.entry("org.springframework", "guard/shedlock"),
            Map.entry("org.redisson", "guard/redisson"),
            // Redisson's transport: a worker in any other mode, and the launcher, load none of it.
            Map.entry("io.netty", "guard/redisson"));

    /**
     * A package named in code, outside the imports: {@code lab.check.Cause.X}, {@code redis.clients.jedis.Jedis}. Read
     * from the code with its comments and literals taken out, so that a sentence or a driver's name in a string is
     * not a use.
     */
    private static final Pattern QUALIFIED = Pattern.compile(
            "(?<![\\w.])((?:lab|redis\\.clients|com\\.zaxxer|org\\.postgresql|com\\.googlecode|io\\.undertow"
                    + "|org\\.quartz|org\\.snakeyaml|org\\.h2|net\\.javacrumbs|org\\.springframework|org\\.redisson"
                    + "|io\\.netty)(?:\\.[a-z_]\\w*)*)\\.[A-Z]");

    /** @param pkg the package used; @param how {@code imports} or {@code names} (a fully-qualified name in code) */
    record Import(Path file, String pkg, String how) {}

    private static List<Import> imports() throws IOException {
        List<Import> all = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String source = Files.readString(f);
                Matcher m = IMPORT.matcher(source);
                while (m.find()) {
                    all.add(new Import(SOURCES.relativize(f), m.group(1), "imports"));
                }
                Matcher q = QUALIFIED.matcher(
                        JavaCode.withoutCommentsAndLiterals(source).replaceAll("(?m)^(?:import|package) .*$", ""));
                while (q.find()) {
                    all.add(new Import(SOURCES.relativize(f), q.group(1), "names"));
                }
            }
        }
        return all;
    }

    /** The packages {@code source} names in its code by a fully-qualified name, outside its imports. */
    static List<String> namedInCode(String source) {
        Matcher q = QUALIFIED.matcher(
                JavaCode.withoutCommentsAndLiterals(source).replaceAll("(?m)^(?:import|package) .*$", ""));
        List<String> named = new ArrayList<>();
        while (q.find()) {
            named.add(q.group(1));
        }
        return named;
    }

    @Test
    void a_fully_qualified_name_in_code_is_a_use_and_one_in_a_comment_or_a_string_is_not() {
        String source = String.join(
                "\n",
                "package lab.check;",
                "import lab.store.CounterRow;",
                "/** Drawn by {@link lab.tui.Dashboard}. */",
                "class X {",
                "    // lab.launcher.Lab would be wrong here",
                "    String s = \"lab.fleet.WorkerPool.start\";",
                "    char c = '\"';",
                "    lab.tui.Look look = lab.session.Cell.of(redis.clients.jedis.Jedis.class);",
                "}");
        assertThat(namedInCode(source)).containsExactly("lab.tui", "lab.session", "redis.clients.jedis");
    }

    @Test
    void every_package_imports_only_the_packages_its_arrows_point_to() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Import i : imports()) {
            String from = i.file().getName(0).toString();
            if (!i.pkg().startsWith("lab.")) {
                continue;
            }
            String to = i.pkg().split("\\.")[1];
            if (!ALLOWED.containsKey(from)) {
                broken.add(i.file() + ": package lab." + from + " is not in the architecture (add its arrows here)");
            } else if (!to.equals(from) && !ALLOWED.get(from).contains(to)) {
                broken.add(i.file() + " " + i.how() + " lab." + to);
            }
        }
        assertThat(broken).as("imports against the arrows").isEmpty();
    }

    @Test
    void a_mechanism_client_library_is_imported_only_by_its_own_package() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Import i : imports()) {
            LIBRARY_HOME.forEach((library, homes) -> {
                boolean home = java.util.Arrays.stream(homes.split(" "))
                        .anyMatch(h -> i.file().toString().startsWith(h + "/"));
                if (i.pkg().startsWith(library) && !home) {
                    broken.add(i.file() + " " + i.how() + " " + i.pkg() + " (only " + homes + " may)");
                }
            });
        }
        assertThat(broken).as("client libraries outside their package").isEmpty();
    }

    @Test
    void every_source_file_holds_one_public_top_level_type() throws IOException {
        Pattern publicType =
                Pattern.compile("(?m)^public (?:final |abstract |sealed )*(?:class|interface|record|enum) ");
        List<String> broken = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                long n = publicType.matcher(Files.readString(f)).results().count();
                if (n > 1) {
                    broken.add(f + ": " + n + " public top-level types");
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    /** A reader who meets a type's name finds one type of that name, whichever room they are in. */
    @Test
    void no_two_main_types_share_a_simple_name() throws IOException {
        Map<String, List<Path>> byName = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(p -> p.toString().endsWith(".java")).sorted().forEach(f -> byName.computeIfAbsent(
                            f.getFileName().toString(), n -> new ArrayList<>())
                    .add(SOURCES.relativize(f)));
        }
        assertThat(byName.values().stream().filter(l -> l.size() > 1).map(Object::toString))
                .as("main types that share a simple name")
                .isEmpty();
    }

    /**
     * A type named in full inside the code hides an arrow from the import lines this test reads, and is how a file
     * is squeezed under the line cap: only a type whose simple name the file already gives another type (a nested type,
     * an import, a type of its own package) is named in full.
     */
    @Test
    void no_main_source_names_a_type_in_full_where_an_import_would_do() throws IOException {
        Pattern full =
                Pattern.compile("(?<![\\w.])(?:java|javax|lab|org|com|redis|io)\\.(?:[a-z_][a-z0-9_]*\\.)*([A-Z]\\w*)");
        List<String> broken = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String code = JavaCode.withoutCommentsAndLiterals(Files.readString(f));
                int n = 0;
                for (String line : code.split("\n", -1)) {
                    n++;
                    String t = line.strip();
                    if (t.startsWith("import ") || t.startsWith("package ")) {
                        continue;
                    }
                    Matcher m = full.matcher(line);
                    while (m.find()) {
                        String name = m.group(1);
                        boolean shadowed = Pattern.compile("\\b(?:class|record|interface|enum) " + name + "\\b")
                                        .matcher(code)
                                        .find()
                                || Pattern.compile("(?m)^import [\\w.]+\\." + name + ";")
                                        .matcher(code)
                                        .find()
                                || Files.exists(f.resolveSibling(name + ".java"));
                        if (!shadowed) {
                            broken.add(SOURCES.relativize(f) + ":" + n + ": " + m.group());
                        }
                    }
                }
            }
        }
        assertThat(broken).as("types named in full instead of imported").isEmpty();
    }

    /**
     * A room whose file grows past a screenful or so is holding two responsibilities: split it by what each part is
     * for, not in halves.
     */
    @Test
    void no_main_source_file_is_over_300_lines() throws IOException {
        List<String> long_ = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                long lines = Files.readAllLines(f).size();
                if (lines > 300) {
                    long_.add(SOURCES.relativize(f) + ": " + lines + " lines");
                }
            }
        }
        assertThat(long_).as("main files over 300 lines").isEmpty();
    }

    /**
     * A map keyed by strings across a package boundary is a type nobody wrote down: a reader must guess its keys, and
     * a misspelt one reads as absent. Only the ones a library's API demands (or not typed yet, named so) are kept.
     */
    @Test
    void no_map_keyed_by_strings_crosses_a_package_boundary_except_the_listed_ones() throws IOException {
        Set<String> found = StringMaps.found(SOURCES);
        assertThat(found)
                .as("public members taking or giving a Map<String, ...> (type it, or list it with why)")
                .isSubsetOf(StringMaps.KEPT.keySet());
        assertThat(StringMaps.KEPT.keySet())
                .as("listed but no longer there: strike them from the list")
                .isSubsetOf(found);
    }
}
