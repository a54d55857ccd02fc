package lab.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import lab.bench.Bench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code run.sh bench}: measures what the lab costs and prints one table; see {@link Bench}. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Measures the lab on this machine: worker memory, start time, mode switches, lock cost, the"
                + " dashboard, a stress run; prints one table, where a goal set against Python says \"not compared\" without"
                + " --compare-python (exit 0 every row measured, 1 one was not or Python could not be compared, 2 bad"
                + " input)")
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--quick", description = "each figure once, small (4 workers, a few seconds): proves it works")
    boolean quick;

    @Option(names = "--json", paramLabel = "FILE", description = "also write the table as JSON")
    Path json;

    @Option(
            names = "--compare-python",
            description = "also measure the Python app it imitates (uvicorn --workers N; needs Debian's"
                    + " python3-fastapi, python3-uvicorn, python3-apscheduler)")
    boolean comparePython;

    private final PrintStream out;

    BenchCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() throws Exception {
        if (json != null && Files.isDirectory(json)) {
            throw LabCommand.bad(spec, "--json", json.toString(), "a file to write, not a folder");
        }
        String home = System.getProperty("lab.home");
        if (home == null || !Files.isRegularFile(Path.of(home, "run.sh"))) {
            throw LabCommand.bad(spec, "bench", String.valueOf(home), "to be started by ./run.sh bench");
        }
        return new Bench(quick, comparePython, json, Path.of(home), out).run();
    }
}
