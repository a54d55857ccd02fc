package lab.launcher;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import lab.check.Clocks;
import lab.fleet.AttachServer;
import lab.fleet.AttachedWorker;
import lab.fleet.WorkerPool;
import lab.protocol.AttachGrant;
import lab.protocol.ClockOffset;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.LabFact;

/**
 * The workers started on their own ({@code --attach}): listening for them, recording their comings and goings, the two
 * lines that say how to start one, and whose clock wrote their rows.
 */
final class Attaching {
    private Attaching() {}

    /** The server attached workers report to: each is granted the mode in force and the lab's set-up. */
    static AttachServer server(
            String token,
            LabSettings settings,
            ModeInForce modes,
            Clock clock,
            Consumer<Event> publish,
            WorkerPool workers) {
        AttachServer attached = new AttachServer(
                token,
                id -> new AttachGrant(
                        id,
                        modes.spec(),
                        settings.every(),
                        settings.trigger(),
                        settings.jitter(),
                        settings.job(),
                        clock.instant()),
                publish,
                id -> workers.byId(id).isPresent(),
                clock);
        attached.modeInForce(modes::spec);
        return attached;
    }

    /** Listens for attached workers, and says on {@code say} the port they report to and how to attach one. */
    static void start(
            AttachServer attached,
            LabSettings settings,
            Infrastructure infra,
            String token,
            Recording recording,
            Supplier<String> mode,
            BooleanSupplier stopping,
            Consumer<String> say)
            throws StartFailure {
        attached.onChange((w, type, line, silent) -> {
            recording.lab(
                    mode.get(),
                    line,
                    type == EventType.ATTACHED
                            ? new LabFact.Attached(w.id(), w.pid(), w.host(), silent.toMillis())
                            : new LabFact.Detached(w.id(), w.pid(), w.host(), silent.toMillis()));
            if (!stopping.getAsBoolean()) {
                say.accept(line);
            }
        });
        int port;
        try {
            port = attached.start(settings.attach().port());
        } catch (IOException e) {
            throw new StartFailure(
                    "cannot listen for attached workers on port "
                            + settings.attach().port() + ": " + e.getMessage(),
                    e);
        }
        Path tokenFile = settings.attach().tokenFile();
        Path env;
        try {
            if (tokenFile == null) {
                tokenFile = infra.privateFile("attach.token", token + "\n");
            }
            env = infra.privateFile(
                    "attach.env",
                    AttachEnv.text(
                            "http://" + AttachServer.likelyAddress() + ":" + port,
                            tokenFile,
                            infra.storeUrl(),
                            infra.redisUrl(),
                            infra.pgUrl()));
        } catch (IOException e) {
            throw new StartFailure("cannot write the attach files in the session folder: " + e.getMessage(), e);
        }
        say.accept("attach: listening for workers on all addresses, port " + port + "; attach one with: ./run.sh"
                + " worker --report-to http://" + AttachServer.likelyAddress() + ":" + port + " --token-file "
                + tokenFile);
        say.accept("attach: a worker needs the store (and Redis, PostgreSQL for the modes that lock on them) as it"
                + " reaches them: --store-url, --redis-url, --pg-url; on this machine `set -a; . " + env
                + "; set +a` sets them, and the two above: then `./run.sh worker` alone attaches"
                + (settings.storeInPostgres() && settings.pgUrl() != null
                        ? ""
                        : "; the lab's own servers listen on 127.0.0.1 only: for workers on other machines, run the"
                                + " lab with --store postgres, --pg-url and --redis-url of servers they can reach"));
    }

    /** Whose clock wrote each row: the attached workers' own, at the offsets they last reported. */
    static Clocks clocks(AttachServer attached) {
        Map<String, ClockOffset> offsets = new HashMap<>();
        Set<String> unknown = new HashSet<>();
        for (AttachedWorker w : attached.all()) {
            if (w.offset() == null) {
                unknown.add(w.id());
            } else {
                offsets.put(w.id(), w.offset());
            }
        }
        return new Clocks(offsets, unknown);
    }
}
