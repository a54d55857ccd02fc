package lab.protocol;

/**
 * With {@code --hosts H}, which simulated host each worker runs on: the workers in blocks, in order, so that the
 * dashboard's groups read as machines (4 workers on 2 hosts: w1 w2 on host1, w3 w4 on host2). A host has a lock folder
 * of its own, as a machine has its own disk: an OS file lock taken in one is never seen from another.
 *
 * <p>Hosts are named {@code host1}, {@code host2}…, never {@code h2}, which is the store.
 */
public final class Hosts {
    private Hosts() {}

    /** {@code host3}. */
    public static String name(int n) {
        return "host" + n;
    }

    /** The host worker {@code w3} runs on when {@code workers} are spread over {@code hosts}. */
    public static String of(String worker, int workers, int hosts) {
        if (hosts <= 1) {
            return name(1);
        }
        String digits = worker.replaceAll("\\D", "");
        int n = digits.isEmpty() ? 1 : Integer.parseInt(digits);
        // Ceiling division: 5 workers on 2 hosts put 3 on host1, 2 on host2; a worker added past the set-up joins the
        // last.
        int perHost = (workers + hosts - 1) / hosts;
        return name(Math.min(hosts, (n - 1) / perHost + 1));
    }
}
