package lab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the kernel says a process costs: memory from {@code /proc/PID/status} and {@code smaps_rollup}, CPU time. */
final class ProcStats {
    /** Linux reports CPU time in clock ticks of USER_HZ, which is 100 on every architecture Java runs on. */
    private static final long TICKS_PER_SECOND = 100;

    private ProcStats() {}

    /** Resident set size: every page the process has in memory, shared or not. */
    static long rssKb(long pid) throws IOException {
        return field(Path.of("/proc", String.valueOf(pid), "status"), "VmRSS:");
    }

    /**
     * Proportional set size: private pages plus each shared page divided by the processes sharing it — what one
     * more worker really costs the machine, and the figure the Python worker is compared by.
     */
    static long pssKb(long pid) throws IOException {
        return field(Path.of("/proc", String.valueOf(pid), "smaps_rollup"), "Pss:");
    }

    /** User and system CPU time so far, in milliseconds. */
    static long cpuMillis(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
        // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime and stime, fields 14 and 15
        return ticks * 1000 / TICKS_PER_SECOND;
    }

    private static long field(Path file, String name) throws IOException {
        for (String line : Files.readAllLines(file)) {
            if (line.startsWith(name)) {
                return Long.parseLong(line.substring(name.length()).trim().split("\\s+")[0]);
            }
        }
        throw new IOException(file + " has no " + name + " line");
    }
}
