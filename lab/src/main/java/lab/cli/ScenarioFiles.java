package lab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import lab.protocol.Lang;
import lab.runs.ScenarioDriver;
import lab.scenario.Replayer;
import lab.scenario.Scenario;
import lab.scenario.ScenarioException;
import lab.scenario.ScenarioParser;

/**
 * Where scenario files are: as given (relative to the working folder), else relative to the lab's own folder,
 * which {@code run.sh} passes as {@code lab.home} so that it works from any directory.
 */
public final class ScenarioFiles {
    private ScenarioFiles() {}

    static Path resolve(Path file) {
        if (Files.exists(file) || file.isAbsolute()) {
            return file;
        }
        Path home = home();
        return home != null && Files.exists(home.resolve(file)) ? home.resolve(file) : file;
    }

    /** Prints title and lesson of each scenario in {@code scenarios/}; exit code 0, or 2 when none can be read. */
    static int list(PrintStream out, PrintStream err) {
        Path dir = resolve(Path.of("scenarios"));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            err.println("error: cannot list " + dir + ": " + e.getMessage());
            return Main.BAD_INPUT;
        }
        int bad = 0;
        for (Path f : files) {
            try {
                Scenario sc = ScenarioParser.parse(f);
                out.println(f.getFileName() + "  " + sc.title()
                        + sc.lesson().map(l -> "  (" + l + ")").orElse(""));
            } catch (ScenarioException e) {
                err.println("error: " + e.getMessage());
                bad++;
            }
        }
        return bad == 0 ? 0 : Main.BAD_INPUT;
    }

    /**
     * The replay of {@code file}, judged also against {@code alsoJudge} when given (a variant with the same setup and
     * steps); null, said in one line on {@code err}, when either cannot be read or the variant is not one.
     */
    static ScenarioDriver driver(Path file, Path alsoJudge, double speed, boolean failFast, PrintStream err) {
        try {
            Scenario scenario = ScenarioParser.parse(resolve(file));
            ScenarioDriver driver = new ScenarioDriver(scenario, speed, failFast, Lang.EN);
            if (alsoJudge != null) {
                Scenario variant = ScenarioParser.parse(resolve(alsoJudge));
                Optional<String> differs = Replayer.variantOf(scenario, variant);
                if (differs.isPresent()) {
                    err.println("error: --also-judge " + alsoJudge + ": " + differs.get()
                            + "; expected the scenario's setup and steps with other expectations");
                    return null;
                }
                driver.alsoJudge(variant);
            }
            return driver;
        } catch (ScenarioException e) {
            err.println("error: " + e.getMessage());
            return null;
        }
    }

    private static Path home() {
        String home = System.getProperty("lab.home");
        return home == null ? null : Path.of(home);
    }
}
