package lab.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import lab.nemesis.ServerName;
import lab.os.SessionFolder;
import lab.protocol.Event;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.Secrets;
import lab.protocol.Store;
import lab.servers.H2Server;
import lab.servers.Passwords;
import lab.servers.ServerSlot;
import lab.servers.Servers;
import lab.servers.ServersEnv;
import lab.session.ServerInfo;
import lab.store.CounterStore;

/**
 * What a session stands on: its temp folder, its recording, its servers (H2, Redis, PostgreSQL) closed by the
 * session's password, and the counter table. Started in an order that leaves nothing half-made; {@link #close}
 * stops and removes all of it.
 */
public final class Infrastructure implements AutoCloseable {
    private final LabSettings settings;
    private final Path runDir;
    /** Closes the lab's servers to the machine's other users; it reaches workers on stdin, like the token. */
    private final String password = Passwords.generate();

    // Set while the lab starts, read by the key, snapshot and lock threads afterwards.
    private volatile SessionFolder folder;
    private volatile EventRecorder recorder;
    private volatile H2Server h2;
    private volatile ServerSlot redis;
    private volatile ServerSlot postgres;
    private volatile LockReadiness locks;
    private volatile Path serversEnv;
    private volatile String storeUrl;
    private volatile HostNetworks networks = HostNetworks.none();

    Infrastructure(LabSettings settings) {
        this.settings = settings;
        this.runDir = settings.runsDir()
                .resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")));
    }

    /**
     * The temp folder, the recording, the simulated hosts' networks, and the servers' slots (ports chosen, nothing
     * started yet). The networks come first: a server reads the addresses it listens on when it starts.
     */
    void prepare(Consumer<String> say) throws StartFailure {
        try {
            folder = SessionFolder.create();
            recorder = new EventRecorder(runDir.resolve("events.jsonl"));
            networks = HostNetworks.make(settings.hosts(), settings.redisUrl(), settings.pgUrl(), say);
            List<String> links = networks.serverAddresses();
            redis = Servers.redis(
                    settings.redisUrl(), folder, settings.servers(), password, links, settings.redisPersistence());
            postgres = Servers.postgres(settings.pgUrl(), folder, settings.servers(), password, links);
            locks = new LockReadiness(redis, postgres, () -> storeUrl, settings.job());
        } catch (IOException e) {
            throw new StartFailure("cannot prepare the session: " + e.getMessage(), e);
        }
    }

    /**
     * Who hears that one of the lab's own servers died on its own, with its name and one line; set before any
     * server starts.
     */
    void onServerDeath(BiConsumer<ServerName, String> listener) {
        redis.onDeath(line -> listener.accept(ServerName.REDIS, line));
        postgres.onDeath(line -> listener.accept(ServerName.POSTGRES, line));
    }

    /** Starts now what the first mode and the store need, then the store itself and servers.env. */
    void startFor(ModeSpec spec, Consumer<String> say) throws StartFailure {
        Mode mode = spec.mode();
        needNow(postgres, settings.storeInPostgres() || mode.needs().contains(Mode.Need.POSTGRES), say);
        needNow(redis, mode.needs().contains(Mode.Need.REDIS), say);
        try {
            storeUrl = settings.storeInPostgres() ? postgres.url() : startH2(say);
            try (CounterStore store = new CounterStore(storeUrl)) {
                store.createAndClear();
            }
        } catch (IOException | SQLException e) {
            throw new StartFailure(
                    "cannot prepare the counter table in " + settings.store() + ": " + Secrets.mask(e.getMessage()), e);
        }
        try {
            serversEnv = ServersEnv.write(folder.path().resolve("servers.env"), password, h2, redis, postgres);
        } catch (IOException e) {
            throw new StartFailure("cannot write the session's servers.env: " + e.getMessage(), e);
        }
        say.accept("the lab's servers, for redis-cli, psql and H2's shell: source " + serversEnv);
        try {
            awaitServersOf(spec); // started just now: this readies what the lock needs beyond them
        } catch (IllegalStateException e) {
            throw new StartFailure(e.getMessage(), e);
        }
    }

    /** Once the workers are up: the servers no mode needed yet, so that a switch to them is quick. */
    void startTheRestInBackground(Consumer<String> say) {
        for (ServerSlot slot : List.of(redis, postgres)) {
            if (!slot.external() && slot.info().state().equals("not started")) {
                Thread t = new Thread(
                        () -> {
                            slot.startNow();
                            say(slot.info(), say);
                        },
                        "lab-start-" + slot.name());
                t.setDaemon(true);
                t.start();
            }
        }
    }

    private void needNow(ServerSlot slot, boolean needed, Consumer<String> say) throws StartFailure {
        if (!needed) {
            return;
        }
        try {
            slot.awaitReady();
        } catch (IllegalStateException e) {
            throw new StartFailure(e.getMessage(), e);
        }
        say(slot.info(), say);
    }

    /** After a fallback, first the line that says why the machine's binary was not used. */
    private static void say(ServerInfo info, Consumer<String> say) {
        if (!info.note().isEmpty()) {
            say.accept(info.note());
        }
        say.accept(Servers.describe(info));
    }

    private String startH2(Consumer<String> say) throws IOException, SQLException {
        // H2 reads its bind address once, when its classes load: loopback only, before anything of H2 runs.
        System.setProperty("h2.bindAddress", "127.0.0.1");
        h2 = H2Server.start(folder.sub(Store.H2.toString()), password);
        networks.relayStore(h2.port());
        say.accept("h2 server ready on " + h2.address() + " in " + h2.startMillis() + " ms (store)");
        return h2.jdbcUrl();
    }

    Path runDir() {
        return runDir;
    }

    void record(Event e) {
        recorder.record(e);
    }

    ServerSlot redis() {
        return redis;
    }

    /** The session's Redis URL, password included: for the lab's own clients only (the benchmark's round trips). */
    public String redisUrl() {
        return redis.url();
    }

    /** The session's PostgreSQL JDBC URL, password included: for the lab's own clients only. */
    public String pgUrl() {
        return postgres.url();
    }

    ServerSlot postgres() {
        return postgres;
    }

    /** Waits for the servers {@code spec} needs and readies its lock on them ({@link LockReadiness#awaitFor}). */
    void awaitServersOf(ModeSpec spec) {
        locks.awaitFor(spec);
    }

    /** After a Redis (re)start: no fencing token issued twice ({@link LockReadiness#restoreFencingCounter}). */
    void restoreFencingCounter() {
        locks.restoreFencingCounter();
    }

    /** The store's URL, password included: for the lab's own clients only; null before the store is ready. */
    public String storeUrl() {
        return storeUrl;
    }

    /**
     * The lock folder of simulated host {@code host}, made on first use: one per host, as each machine has its own
     * disk, inside the session's folder so that it goes with it.
     */
    public Path lockDir(String host) {
        try {
            return folder.sub("hosts").resolve(host).resolve("locks");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The simulated hosts' networks: none unless there are two hosts and the lab may make them. */
    HostNetworks networks() {
        return networks;
    }

    /** Writes a file only the lab's user may read, in the session folder, which goes with the session. */
    Path privateFile(String name, String content) throws IOException {
        return SessionFolder.privateFile(folder.path().resolve(name), content);
    }

    /** The session's private file of ready-to-paste server commands, once the lab has started; else null. */
    public Path serversEnv() {
        return serversEnv;
    }

    public List<ServerInfo> servers() {
        List<ServerInfo> all = new ArrayList<>();
        if (h2 != null) {
            all.add(new ServerInfo(
                    Store.H2.toString(),
                    h2.address(),
                    "ready",
                    h2.startMillis(),
                    "in-process",
                    "H2 TCP server in the launcher (store)",
                    ""));
        }
        if (redis != null) {
            all.add(redis.info());
        }
        if (postgres != null) {
            all.add(postgres.info());
        }
        return all;
    }

    @Override
    public void close() {
        for (AutoCloseable c : new AutoCloseable[] {h2, redis, postgres, recorder}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                System.err.println(
                        "lab session - closing " + c.getClass().getSimpleName() + " failed: " + e.getMessage());
            }
        }
        networks.close();
        if (folder != null) {
            folder.close();
        }
    }
}
