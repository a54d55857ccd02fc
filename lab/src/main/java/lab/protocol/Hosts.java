package lab.protocol;

/**
 * With {@code --hosts H}, which simulated host each worker runs on: the workers in blocks, in order, so that the
 * dashboard's groups read as machines (4 workers on 2 hosts: w1 w2 on host1, w3 w4 on host2). The blocks differ by one
 * worker at most, the larger first (5 workers on 4 hosts: w1 w2, w3, w4, w5), so that no host is left empty. A host has a lock folder
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
        int i = digits.isEmpty() ? 0 : Integer.parseInt(digits) - 1;
        int small = workers / hosts;
        int large = workers % hosts; // the first hosts, which take one worker more
        int inLarge = large * (small + 1);
        int host = i < inLarge ? i / (small + 1) : large + (i - inLarge) / Math.max(1, small);
        // A worker added past the set-up (+) joins the last host.
        return name(Math.min(hosts, host + 1));
    }
}
