package lab.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The network of one simulated host: a Linux network namespace, linked to the launcher's by a veth pair with private
 * addresses ({@code 10.213.N.1} and the lock servers' {@code 10.212.N.1} on the launcher's side, {@code 10.213.N.2}
 * inside), so that a worker run inside
 * reaches the lab's servers by a real network hop and cannot reach the launcher's loopback at all.
 *
 * <p>Nothing outlives the lab, {@code kill -9} of the launcher included: the namespace is not named (no
 * {@code ip netns add}) but held by a child process ({@code unshare --net}) that {@link Spawner} starts under the
 * parent-death signal. When that child dies, the kernel frees the namespace, and with it the veth pair, its launcher
 * side too. Interface names carry the launcher's pid, so two labs in one PID namespace never collide.
 */
public final class NetworkHost implements AutoCloseable {
    private static final List<Path> TOOLS =
            List.of(Path.of("/usr/bin/unshare"), Path.of("/usr/bin/nsenter"), Path.of("/usr/bin/setpriv"), ip());

    /** The /30s of 10.213.0.0/16: 64 to each third byte. */
    private static final int SUBNETS = 256 * 64;

    private final int index;
    private final int subnet;
    private final String link;
    private final Process holder;

    private NetworkHost(int index, int subnet, String link, Process holder) {
        this.index = index;
        this.subnet = subnet;
        this.link = link;
        this.holder = holder;
    }

    /**
     * Why no network namespace can be made here, in one line; empty when they can. They need root (or
     * CAP_SYS_ADMIN and CAP_NET_ADMIN) and iproute2's {@code ip}; a laptop user without them gets hosts that are lock
     * folders only, and the lab says so.
     */
    public static Optional<String> whyNot() {
        for (Path tool : TOOLS) {
            if (!Files.isExecutable(tool)) {
                return Optional.of("no " + tool + " on this machine (expected util-linux and iproute2)");
            }
        }
        try {
            Said said = said(List.of("/usr/bin/unshare", "--net", "--", "/bin/true"), 5);
            if (said.code() != 0) {
                return Optional.of("unshare --net failed (" + said.text()
                        + "): making a network namespace needs root or CAP_SYS_ADMIN");
            }
        } catch (IOException e) {
            return Optional.of("unshare --net could not run: " + e.getMessage());
        }
        return Optional.empty();
    }

    /**
     * Makes host {@code index} (1 for host1): its namespace, and a veth link from the launcher's network to it, both
     * sides up with their addresses. Throws saying which step failed, and leaves nothing behind.
     */
    public static NetworkHost create(int index) throws IOException {
        long pid = ProcessHandle.current().pid();
        String link = "sl" + Long.toString(pid, 36) + "h" + index; // at most 15 characters: sl + 5 + h + 1-2
        Process holder = Spawner.start(
                new ProcessBuilder("/usr/bin/unshare", "--net", "--", "/bin/sh", "-c", "exec sleep 2147483647")
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD));
        try {
            awaitOwnNamespace(holder);
            int subnet = freeSubnet();
            NetworkHost host = new NetworkHost(index, subnet, link, holder);
            host.run(
                    ip().toString(),
                    "link",
                    "add",
                    link,
                    "type",
                    "veth",
                    "peer",
                    "name",
                    "eth0",
                    "netns",
                    Long.toString(holder.pid()));
            host.run(ip().toString(), "addr", "add", host.hostAddress() + "/30", "dev", link);
            host.run(ip().toString(), "addr", "add", host.lockAddress() + "/32", "dev", link);
            host.run(ip().toString(), "link", "set", link, "up");
            host.inside(ip().toString(), "link", "set", "lo", "up");
            host.inside(ip().toString(), "addr", "add", host.address() + "/30", "dev", "eth0");
            host.inside(ip().toString(), "link", "set", "eth0", "up");
            host.inside(ip().toString(), "route", "add", host.lockAddress() + "/32", "dev", "eth0");
            return host;
        } catch (IOException | RuntimeException e) {
            holder.destroyForcibly();
            throw e;
        }
    }

    /** {@code host2}. */
    public String name() {
        return "host" + index;
    }

    /** The launcher's side of the link: where a server must listen for this host's workers to reach it. */
    public String hostAddress() {
        return "10.213." + (subnet / 64) + "." + (subnet % 64 * 4 + 1);
    }

    /**
     * A second address on the launcher's side of the link, where the lock servers are reached from this host: so that
     * a partition can cut the lock server off by route while the store, on {@link #hostAddress}, stays reachable (the
     * late write must be able to land). PostgreSQL serves both as lock and as store, by these two addresses.
     */
    public String lockAddress() {
        return "10.212." + (subnet / 64) + "." + (subnet % 64 * 4 + 1);
    }

    /**
     * Cuts this host off from {@link #lockAddress}: a blackhole route inside the namespace, so packets to the lock
     * servers are dropped while everything else crosses the link. (A {@code tc} filter would cut one port only, but
     * the qdiscs it needs are kernel modules a machine may not have; a route needs nothing.)
     */
    public void cut() throws IOException {
        inside(ip().toString(), "route", "replace", "blackhole", lockAddress() + "/32");
    }

    /** Gives this host back its route to {@link #lockAddress}. */
    public void heal() throws IOException {
        inside(ip().toString(), "route", "replace", lockAddress() + "/32", "dev", "eth0");
    }

    /** This host's own address, inside its namespace. */
    public String address() {
        return "10.213." + (subnet / 64) + "." + (subnet % 64 * 4 + 2);
    }

    /** The launcher's side of the veth pair, for its counters ({@code /sys/class/net/<link>/statistics}). */
    public String link() {
        return link;
    }

    /** The words that run a command inside this host's network: {@code nsenter --net=/proc/<pid>/ns/net --}. */
    public List<String> enter() {
        return List.of("/usr/bin/nsenter", "--net=/proc/" + holder.pid() + "/ns/net", "--");
    }

    /** Whether the namespace still stands: its holder lives. */
    public boolean alive() {
        return holder.isAlive();
    }

    /**
     * Removes the link, then ends the holder. The kernel would free both in time once the holder is gone, but it
     * does so in the background: a lab that closes leaves nothing even a moment later.
     */
    @Override
    public void close() {
        try {
            run(ip().toString(), "link", "del", link);
        } catch (IOException gone) {
            // already gone with its namespace: nothing left to remove
        }
        holder.destroyForcibly();
        try {
            holder.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void inside(String... command) throws IOException {
        List<String> c = new ArrayList<>(enter());
        c.addAll(List.of(command));
        run(c.toArray(String[]::new));
    }

    private void run(String... command) throws IOException {
        Said said = said(List.of(command), 10);
        if (said.code() != 0) {
            throw new IOException(name() + " - '" + String.join(" ", command) + "' failed: " + said.text());
        }
    }

    /** What a command printed (or its exit code in words, when it printed nothing) and how it ended. */
    private record Said(int code, String text) {}

    /** Runs {@code command} to its end within {@code seconds}; past them it is killed and the call throws. */
    private static Said said(List<String> command, long seconds) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        // Read beside the wait, so that a child that never ends cannot hold the caller past the limit.
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            } catch (IOException e) {
                return "";
            }
        });
        try {
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("'" + String.join(" ", command) + "' gave no answer within " + seconds + " s");
            }
            String text = out.get(seconds, TimeUnit.SECONDS);
            return new Said(p.exitValue(), text.isEmpty() ? "exit " + p.exitValue() : text);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted during '" + String.join(" ", command) + "'", e);
        } catch (ExecutionException | TimeoutException e) {
            return new Said(p.exitValue(), "exit " + p.exitValue());
        }
    }

    /** Waits until the holder has left the launcher's network namespace for its own. */
    private static void awaitOwnNamespace(Process holder) throws IOException {
        Path ours = Path.of("/proc/self/ns/net");
        Path theirs = Path.of("/proc/" + holder.pid() + "/ns/net");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            try {
                if (!Files.readSymbolicLink(theirs).equals(Files.readSymbolicLink(ours))) {
                    return;
                }
            } catch (IOException notYet) {
                // the process is still being set up
            }
            if (!holder.isAlive()) {
                throw new IOException("unshare --net ended at once (exit " + holder.exitValue() + ")");
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the namespace was made", e);
            }
        }
        throw new IOException("unshare --net made no namespace within 5 s");
    }

    /**
     * A /30 of 10.213.0.0/16 that no interface of this machine uses yet: another lab's hosts keep theirs. Not reserved:
     * a lab makes its hosts one after another, each address in place before the next is chosen, and two labs start
     * looking from their own pids. (A network of the machine's that covers 10.213.0.0/16 with a wider prefix is not
     * looked for.)
     */
    private static int freeSubnet() throws IOException {
        String used =
                said(List.of(ip().toString(), "-o", "-4", "addr", "show"), 10).text();
        int start = (int) (ProcessHandle.current().pid() % SUBNETS);
        for (int i = 0; i < SUBNETS; i++) {
            int s = (start + i) % SUBNETS;
            boolean taken = false;
            for (int last = 0; last < 4 && !taken; last++) {
                String tail = "." + (s / 64) + "." + (s % 64 * 4 + last) + "/";
                taken = used.contains(" 10.213" + tail) || used.contains(" 10.212" + tail);
            }
            if (!taken) {
                return s;
            }
        }
        throw new IOException("no free /30 left in 10.213.0.0/16");
    }

    private static Path ip() {
        Path sbin = Path.of("/usr/sbin/ip");
        return Files.isExecutable(sbin) ? sbin : Path.of("/sbin/ip");
    }
}
