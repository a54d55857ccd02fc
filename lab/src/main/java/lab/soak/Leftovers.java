package lab.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.os.FreePort;

/**
 * What a lab left behind once closed: a process of this JVM's that was not there before it started, a port of its
 * servers or workers that still accepts, a temp folder of this JVM's ({@code schedlock-<pid>-…}) that is new.
 */
public final class Leftovers {
    private final Set<Long> processes;
    private final Set<Path> folders;

    private Leftovers(Set<Long> processes, Set<Path> folders) {
        this.processes = processes;
        this.folders = folders;
    }

    /** What there is before the lab starts (a test JVM's shared servers, say), so that only the lab's is judged. */
    public static Leftovers before() {
        return new Leftovers(processes(), folders());
    }

    /**
     * What is left now that was not before, one sentence each; a process gets {@code grace} to finish exiting (the
     * lab waited for each, but its exit may still be on its way to this JVM's table).
     */
    public List<String> after(Collection<Integer> ports, Duration grace) throws InterruptedException {
        long deadline = System.nanoTime() + grace.toNanos();
        Set<Long> alive = fresh();
        while (!alive.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            alive = fresh();
        }
        List<String> left = new ArrayList<>();
        for (long pid : alive) {
            String cmd = ProcessHandle.of(pid).flatMap(p -> p.info().command()).orElse("?");
            left.add("process " + pid + " (" + cmd + ") still alive " + grace.toMillis() + " ms after the lab closed");
        }
        for (int port : ports) {
            if (FreePort.accepting(port)) {
                left.add("port 127.0.0.1:" + port + " still accepts connections");
            }
        }
        for (Path f : folders()) {
            if (!folders.contains(f)) {
                left.add("temp folder " + f.getFileName() + " still exists");
            }
        }
        return left;
    }

    private Set<Long> fresh() {
        Set<Long> now = processes();
        now.removeAll(processes);
        return now;
    }

    private static Set<Long> processes() {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    private static Set<Path> folders() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        String prefix = "schedlock-" + ProcessHandle.current().pid() + "-";
        try (Stream<Path> list = Files.list(tmp)) {
            return list.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .collect(Collectors.toSet());
        } catch (IOException e) {
            return Set.of();
        }
    }
}
