package lab.launcher;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.os.NetworkHost;
import lab.os.TcpRelay;
import lab.protocol.Secrets;
import lab.protocol.WorkerConfig;

/**
 * The simulated hosts' networks of one session: with two hosts or more, each host is a network namespace linked to
 * the launcher's by a veth pair, its workers run inside it, and the lab's servers listen on the launcher's side of
 * each link, so that every lock call and every write is a real network hop. Where that cannot be (no privilege, no
 * iproute2, a server given by URL that the links do not lead to), hosts are lock folders only, and the lab says why
 * in one line.
 */
final class HostNetworks implements AutoCloseable {
    /** {@code //127.0.0.1:} or {@code @127.0.0.1:} in a server URL: the loopback a namespace cannot reach. */
    private static final Pattern LOOPBACK = Pattern.compile("(?<=//|@)127\\.0\\.0\\.1(?=:)");

    private final Map<String, NetworkHost> hosts;
    private final List<TcpRelay> relays = new ArrayList<>();
    private final Set<String> cut = ConcurrentHashMap.newKeySet();

    private HostNetworks(Map<String, NetworkHost> hosts) {
        this.hosts = hosts;
    }

    /** No networks: every worker on the launcher's own. */
    static HostNetworks none() {
        return new HostNetworks(Map.of());
    }

    /**
     * Makes one network per host when there are two hosts or more and the lab may; else none, with one line to
     * {@code say} that tells why hosts are lock folders only.
     */
    static HostNetworks make(int count, String redisUrl, String pgUrl, Consumer<String> say) {
        if (count < 2) {
            return none();
        }
        Optional<String> whyNot = whyNot(count, redisUrl, pgUrl);
        if (whyNot.isPresent()) {
            say.accept("hosts are lock folders only, on the launcher's network: " + whyNot.get());
            return none();
        }
        Map<String, NetworkHost> made = new LinkedHashMap<>();
        try {
            for (int i = 1; i <= count; i++) {
                NetworkHost host = NetworkHost.create(i);
                made.put(host.name(), host);
            }
        } catch (IOException e) {
            made.values().forEach(NetworkHost::close);
            say.accept("hosts are lock folders only, on the launcher's network: " + e.getMessage());
            return none();
        }
        StringBuilder line = new StringBuilder("hosts in network namespaces:");
        made.values().forEach(h -> line.append(' ')
                .append(h.name())
                .append(' ')
                .append(h.address())
                .append(" (lab side ")
                .append(h.hostAddress())
                .append(", lock servers ")
                .append(h.lockAddress())
                .append(')'));
        say.accept(line.toString());
        return new HostNetworks(made);
    }

    /**
     * Why {@code count} hosts would get no networks of their own, in words; empty when they would: one host needs
     * none, a server given by URL is not on the links, and the machine may not allow namespaces.
     */
    static Optional<String> whyNot(int count, String redisUrl, String pgUrl) {
        if (count < 2) {
            return Optional.of("one host runs on the launcher's own network");
        }
        String given = redisUrl != null
                ? "redis at " + Secrets.mask(redisUrl)
                : pgUrl != null ? "postgres at " + Secrets.mask(pgUrl) : null;
        if (given != null) {
            return Optional.of(given + " was given by URL, and a host's network namespace reaches only the lab's own"
                    + " servers, over its link");
        }
        return NetworkHost.whyNot();
    }

    /** Whether the hosts have networks of their own. */
    boolean real() {
        return !hosts.isEmpty();
    }

    /** Where the lab's servers listen beside loopback: both launcher-side addresses of every link. */
    List<String> serverAddresses() {
        List<String> all = new ArrayList<>();
        hosts.values().forEach(h -> {
            all.add(h.hostAddress());
            all.add(h.lockAddress());
        });
        return all;
    }

    /** Relays the store's loopback port to the launcher's side of every link (see {@link TcpRelay} for why). */
    void relayStore(int port) throws IOException {
        for (NetworkHost h : hosts.values()) {
            relays.add(TcpRelay.start(h.hostAddress(), port));
        }
    }

    /** The words that start a process inside {@code host}'s network; none on the launcher's own. */
    List<String> enter(String host) {
        NetworkHost h = hosts.get(host);
        return h == null ? List.of() : h.enter();
    }

    /** Where a worker on {@code host} listens: its own address there, or loopback. */
    String bind(String host) {
        NetworkHost h = hosts.get(host);
        return h == null ? WorkerConfig.LOOPBACK : h.address();
    }

    /** The store's URL as seen from {@code host}: by its link's address, never cut. */
    String storeUrl(String host, String url) {
        NetworkHost h = hosts.get(host);
        return h == null || url == null
                ? url
                : LOOPBACK.matcher(url).replaceFirst(Matcher.quoteReplacement(h.hostAddress()));
    }

    /** A lock server's URL as seen from {@code host}: by the address a partition cuts. */
    String lockUrl(String host, String url) {
        NetworkHost h = hosts.get(host);
        return h == null || url == null
                ? url
                : LOOPBACK.matcher(url).replaceFirst(Matcher.quoteReplacement(h.lockAddress()));
    }

    /** The host's address for the dashboard's group line; empty on the launcher's own network. */
    Optional<String> address(String host) {
        return Optional.ofNullable(hosts.get(host)).map(NetworkHost::address);
    }

    /** Which hosts are cut off from the lock servers now. */
    Set<String> cutOff() {
        return Set.copyOf(cut);
    }

    /**
     * Cuts {@code host} off from the lock servers (the store stays reachable); returns the line that says what
     * happened, or why not.
     */
    String partition(String host) {
        NetworkHost h = hosts.get(host);
        if (h == null) {
            return real()
                    ? "no " + host + " to cut off (hosts: " + String.join(", ", hosts.keySet()) + ")"
                    : "cannot cut " + host + " off: hosts have no network of their own here (lock folders only)";
        }
        try {
            h.cut();
        } catch (IOException e) {
            return "cannot cut " + host + " off: " + e.getMessage();
        }
        cut.add(host);
        return host + " cut off from the lock servers (" + h.lockAddress() + " blackholed inside it; the store at "
                + h.hostAddress() + " still answers)";
    }

    /** Gives {@code host} its route to the lock servers back; returns the line that says so, or why not. */
    String heal(String host) {
        NetworkHost h = hosts.get(host);
        if (h == null) {
            return "no " + host + " to heal" + (real() ? " (hosts: " + String.join(", ", hosts.keySet()) + ")" : "");
        }
        try {
            h.heal();
        } catch (IOException e) {
            return "cannot heal " + host + ": " + e.getMessage();
        }
        cut.remove(host);
        return host + " healed: it reaches the lock servers at " + h.lockAddress() + " again";
    }

    @Override
    public void close() {
        relays.forEach(TcpRelay::close);
        hosts.values().forEach(NetworkHost::close);
    }
}
