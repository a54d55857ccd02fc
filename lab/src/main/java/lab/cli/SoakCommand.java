package lab.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import lab.protocol.Mode;
import lab.soak.Soak;
import lab.soak.SoakSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code run.sh soak}: a headless run with a seeded fault every ten seconds, judged from the table; see {@link Soak}. */
@Command(
        name = "soak",
        mixinStandardHelpOptions = true,
        description = "Runs 4 workers headless (every 200ms, task 50ms, lock-ttl 2s, store postgres) and injects a"
                + " fault every 10s, drawn from a seed: kill -9 a worker (restarted), pause one past its lease, stop"
                + " Redis for 2s, restart PostgreSQL. Exit 0 the table shows no duplicate, no lost row and no miss"
                + " outside a fault's reach; 1 it does not; 2 bad input; 3 the lab could not start")
final class SoakCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--mode",
            required = true,
            paramLabel = "MODE",
            description = "idempotent, or fenced (with hold-at-least window)")
    String mode;

    @Option(names = "--minutes", paramLabel = "M", description = "how long, in whole minutes (default: 1)")
    String minutes = "1";

    @Option(
            names = "--seed",
            paramLabel = "S",
            description = "the seed of the fault sequence; the same seed replays the same faults (default: random,"
                    + " printed)")
    String seed;

    @Option(names = "--summary-json", paramLabel = "FILE", description = "also write the summary and faults as JSON")
    Path summaryJson;

    @Option(
            names = "--runs-dir",
            paramLabel = "DIR",
            description = "where the session records its events and summary (default: runs/ in the lab's folder)")
    Path runsDir;

    private final PrintStream out;
    private final PrintStream err;

    SoakCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        String modes = SoakSettings.MODES.stream().map(Mode::cliName).collect(Collectors.joining(" or "));
        Mode m = SoakSettings.MODES.stream()
                .filter(x -> x.cliName().equals(mode))
                .findFirst()
                .orElseThrow(() -> LabCommand.bad(
                        spec, "--mode", mode, modes + ": the modes that claim one row per" + " tick whatever fails"));
        int length;
        try {
            length = Integer.parseInt(minutes);
        } catch (NumberFormatException e) {
            length = 0;
        }
        if (length < 1 || length > 24 * 60) {
            throw LabCommand.bad(spec, "--minutes", minutes, "a whole number of minutes from 1 to 1440, such as 30");
        }
        long s;
        try {
            s = seed == null ? ThreadLocalRandom.current().nextLong(1, 1_000_000) : Long.parseLong(seed);
        } catch (NumberFormatException e) {
            throw LabCommand.bad(spec, "--seed", seed, "a whole number, such as 42");
        }
        if (summaryJson != null && Files.isDirectory(summaryJson)) {
            throw LabCommand.bad(spec, "--summary-json", summaryJson.toString(), "a file to write, not a folder");
        }
        if (runsDir == null) {
            String home = System.getProperty("lab.home");
            runsDir = home == null ? Path.of("runs") : Path.of(home, "runs");
        }
        return new Soak(new SoakSettings(m, Duration.ofMinutes(length), s, summaryJson, runsDir), out, err).run();
    }
}
