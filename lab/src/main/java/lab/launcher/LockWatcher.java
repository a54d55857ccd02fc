package lab.launcher;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import lab.guard.LockNames;
import lab.guard.LockObserver;
import lab.guard.LockState;
import lab.guard.ModeDeclaration;
import lab.protocol.Event;
import lab.protocol.LockFact;
import lab.protocol.Mode;

/**
 * Who holds the lock, read from outside the workers every 100 ms: from the lock's own server, through the observer its
 * mode declares (the Redis key and its TTL, the PostgreSQL advisory lock's holder and queue), or — for the in-JVM
 * mutex and the hosts' file locks, which no server sees — the workers that say they hold their own right now. Tells
 * its listener when the holder or the queue changes.
 */
public final class LockWatcher implements AutoCloseable {
    private final Supplier<Mode> mode;
    private final Supplier<String> redisUrl;
    private final Supplier<String> pgUrl;
    private final String job;
    private final BiConsumer<LockState, String> onChange;
    private final AtomicReference<LockState> current = new AtomicReference<>();
    /** Who holds a lock seen through events, by the holder's pid: {@code w1}, or {@code w1@host1} for a file lock. */
    private final Map<Long, String> localHolders = new ConcurrentHashMap<>();
    /**
     * Processes that died: a line of theirs read after their death (the output pump may lag the exit) must not bring
     * them back as holders, nor take a restarted worker of the same name off the list.
     */
    private final Set<Long> dead = ConcurrentHashMap.newKeySet();

    private final Thread thread;
    /** One observer per lock (redis and fenced share one), opened when its mode is first in force. */
    private final Map<Mode.Lock, LockObserver> observers = new HashMap<>();

    private volatile boolean running = true;
    private volatile String lastLine = "starting";

    LockWatcher(
            Supplier<Mode> mode,
            Supplier<String> redisUrl,
            Supplier<String> pgUrl,
            String job,
            BiConsumer<LockState, String> onChange) {
        this.mode = mode;
        this.redisUrl = redisUrl;
        this.pgUrl = pgUrl;
        this.job = job;
        this.onChange = onChange;
        this.thread = new Thread(this::loop, "lab-lock-watch");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    public LockState current() {
        return current.get();
    }

    /** The last line said about the lock: why it cannot be observed, when {@link #current} is null. */
    public String lastLine() {
        return lastLine;
    }

    /**
     * The in-JVM mutexes and the hosts' file locks are seen only through the workers' own events; a file lock's holder
     * is named with its host ({@code w1@host1}), since each host has a lock of its own.
     */
    void onEvent(Event e) {
        if (Mode.byName(e.mode()).map(m -> !m.lock().seenThroughEvents()).orElse(true)) {
            return;
        }
        String host = e.fact() instanceof LockFact.Acquired a ? a.host() : null;
        switch (e.type()) {
            case ACQUIRED -> {
                if (!dead.contains(e.pid())) {
                    localHolders.put(e.pid(), host == null ? e.worker() : e.worker() + "@" + host);
                }
            }
            case RELEASED -> localHolders.remove(e.pid());
            default -> {}
        }
    }

    /** A worker process that died holding its in-JVM mutex or its host's file lock holds nothing any more. */
    void forget(long pid) {
        dead.add(pid);
        localHolders.remove(pid);
    }

    private void loop() {
        try {
            watch();
        } finally {
            // Closed here, by the only thread that uses them, so none is created again after close(). The flag close()
            // set is put aside meanwhile: a pool closed by an interrupted thread gives up waiting and prints a trace.
            boolean interrupted = Thread.interrupted();
            observers.values().forEach(LockObserver::close);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void watch() {
        while (running) {
            LockState s;
            String line;
            String key;
            try {
                s = observe();
                line = describe(s);
                // The TTL changes every poll, the holder does not: only a new holder or queue makes a new line.
                key = describe(new LockState(s.lock(), s.key(), s.holder(), -1, s.waiters()));
            } catch (RuntimeException e) {
                s = null;
                line = "lock: cannot observe - " + e.getMessage();
                key = line;
            }
            current.set(s);
            if (!key.equals(lastLine)) {
                lastLine = key;
                onChange.accept(s, line);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // close() asked: the loop's thread ends with its flag set
                return;
            }
        }
    }

    private LockState observe() {
        Mode m = mode.get();
        Mode.Lock lock = m.lock();
        return switch (lock.sight()) {
            case LEASE, QUEUE, CLUSTER -> observer(m).observe();
            case EACH_PROCESS, EACH_HOST, CALLS -> {
                List<String> holders = List.copyOf(new TreeSet<>(localHolders.values()));
                yield new LockState(
                        lock,
                        switch (lock.sight()) {
                            case EACH_PROCESS -> "in-JVM mutex";
                            case CALLS -> LockNames.key(job);
                            default -> LockNames.file(job);
                        },
                        holders.isEmpty() ? null : String.join(", ", holders),
                        -1,
                        List.of());
            }
            case NONE -> new LockState(Mode.Lock.NONE, "-", null, -1, List.of());
        };
    }

    static String describe(LockState s) {
        return switch (s.lock().sight()) {
            case NONE -> "lock: none (" + Mode.NAIVE + " mode)";
            case EACH_PROCESS -> s.free()
                    ? "lock: no worker holds its in-JVM mutex"
                    : "lock: in-JVM mutexes held at once by " + s.holder() + " (each worker has its own)";
            case EACH_HOST -> s.free()
                    ? "lock: no worker holds file lock '" + s.key() + "'"
                    : "lock: file lock '" + s.key() + "' held by " + s.holder() + " (each host has its own)";
            case CLUSTER -> "lock: none around the job; " + s.lock().label() + " trigger '" + s.key() + "' "
                    + (s.free() ? "not firing" : "fired on " + s.holder()) + "; nodes: "
                    + (s.waiters().isEmpty() ? "none checked in" : String.join(", ", s.waiters()));
                // What its calls said: a holder that died holding it is no longer named, though its server may keep it.
            case CALLS -> s.free()
                    ? "lock: " + s.lock().label() + " '" + s.key() + "' free, as its calls said"
                    : "lock: " + s.lock().label() + " '" + s.key() + "' held by " + s.holder() + ", as its calls said";
            case LEASE, QUEUE -> {
                String waiting = s.waiters().isEmpty() ? "" : "; waiting: " + String.join(", ", s.waiters());
                yield s.free()
                        ? "lock: " + s.lock().label() + " '" + s.key() + "' free" + waiting
                        : "lock: " + s.lock().label() + " '" + s.key() + "' held by " + s.holder()
                                + (s.ttlMillis() >= 0 ? " (" + s.ttlMillis() + " ms left)" : "") + waiting;
            }
        };
    }

    /** The observer the mode declares for its lock, opened on first need; a lock seen from a server must have one. */
    private LockObserver observer(Mode m) {
        LockObserver o = observers.get(m.lock());
        if (o == null) {
            o = ModeDeclaration.of(m)
                    .observer(new LockObserver.Where(redisUrl.get(), pgUrl.get(), job))
                    .orElseThrow(() -> new IllegalStateException(
                            "mode " + m.cliName() + " declares a lock seen from its server but no observer for it"));
            observers.put(m.lock(), o);
        }
        return o;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            // One observation may wait for a server's timeout (2-3 s) before the loop sees the flag.
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
