package lab.guard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A worker's server clients (a Jedis pool, a JDBC pool, later a library's own client), each opened the first time a
 * mode needs it and kept until the worker stops: a switch of mode then changes a policy, not connections, and a run
 * of the retired guard still gives its lock back through the very pool it took it with.
 */
public final class Clients implements AutoCloseable {
    private final Map<String, AutoCloseable> open = new LinkedHashMap<>(); // guarded by this
    private boolean closed; // guarded by this

    /**
     * The client named {@code name} (its kind and server: {@code redis redis://…}), opened by {@code opener} the first
     * time; an opener that throws leaves nothing behind, so the next need tries again.
     */
    public synchronized <C extends AutoCloseable> C get(String name, Class<C> type, Supplier<C> opener) {
        if (closed) {
            throw new IllegalStateException("the worker's clients are closed: it is stopping");
        }
        AutoCloseable c = open.get(name);
        if (c == null) {
            c = opener.get();
            open.put(name, c);
        }
        return type.cast(c);
    }

    /**
     * The client named {@code name} while {@code fits} says it still serves; else a new one, opened by {@code opener},
     * takes its name, and the one it replaces goes to {@code replaced}, which closes it once nothing uses it. The one
     * exception to clients kept across switches: a setting a client takes only when it is built (Redisson's
     * {@code lockWatchdogTimeout}).
     */
    public synchronized <C extends AutoCloseable> C fitting(
            String name, Class<C> type, Predicate<C> fits, Supplier<C> opener, Consumer<C> replaced) {
        C c = get(name, type, opener);
        if (fits.test(c)) {
            return c;
        }
        C fresh = opener.get();
        open.put(name, fresh);
        replaced.accept(c);
        return fresh;
    }

    /** How many clients are open: one per server and kind, however many switches there were. */
    public synchronized int count() {
        return open.size();
    }

    /** Closes every client, newest first; one that fails to close does not keep the others open. */
    @Override
    public synchronized void close() {
        closed = true;
        List<AutoCloseable> all = new ArrayList<>(open.values());
        open.clear();
        for (int i = all.size() - 1; i >= 0; i--) {
            try {
                all.get(i).close();
            } catch (Exception e) {
                System.err.println("closing a client failed: " + e);
            }
        }
    }
}
