package lab.fleet;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import lab.os.FakeTime;

/**
 * The command line that starts a worker JVM: this JVM's java and class path, the flags below, and the environment
 * that skews its wall clock. How the process then lives and ends is {@link WorkerProcess}'s.
 */
final class WorkerJvm {
    /**
     * Flags for many small JVMs on a small machine, chosen by measurement ({@code ./run.sh bench}; the README's
     * Performance section has the figures). The heap starts small and grows only as far as it is used (the JVM
     * would otherwise commit all of {@code -Xmx} at once, 1/64 of the machine's memory). Class-data archives are
     * mapped at the address they were written for: this JDK relocates them by default (for address randomisation),
     * which writes to every page and makes each worker's copy private; unrelocated, the pages stay shared. The JVM's
     * own warnings go to stderr, since stdout carries the events.
     */
    static final List<String> FLAGS = List.of(
            "-XX:+UseSerialGC",
            "-Xms4m",
            "-Xmn2m",
            "-Xmx32m",
            "-XX:+UnlockDiagnosticVMOptions",
            "-XX:ArchiveRelocationMode=0",
            "-Xlog:disable",
            "-Xlog:all=warning:stderr",
            "-Xss256k",
            "-XX:TieredStopAtLevel=1",
            "-XX:CICompilerCount=1",
            "-Xshare:auto",
            "-Djava.awt.headless=true",
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");

    private WorkerJvm() {}

    /** {@code java}, the {@link #FLAGS}, {@code extraJvmFlags}, this JVM's class path and {@code mainClass}. */
    static List<String> command(List<String> extraJvmFlags, String mainClass) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(FLAGS);
        cmd.addAll(extraJvmFlags);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        return cmd;
    }

    /**
     * A worker's JVM, started through {@code enter} (the words that put it in its host's network namespace:
     * {@code nsenter} execs it, so the pid the launcher signals is the JVM's own), its wall clock moved by {@code skew}
     * (libfaketime preloaded, {@link FakeTime}): this JVM alone sees it.
     */
    static ProcessBuilder worker(List<String> extraJvmFlags, List<String> enter, Duration skew) {
        List<String> cmd = new ArrayList<>(enter);
        cmd.addAll(command(extraJvmFlags, "lab.worker.WorkerMain"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(FakeTime.environment(skew));
        return pb;
    }
}
