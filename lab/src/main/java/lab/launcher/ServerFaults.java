package lab.launcher;

import java.io.IOException;
import java.time.Duration;
import java.util.function.Supplier;
import lab.nemesis.FaultResult;
import lab.nemesis.ServerName;
import lab.protocol.LabFact;
import lab.protocol.OnLockError;
import lab.protocol.RedisPersistence;
import lab.servers.LabServer;
import lab.servers.ServerSlot;

/**
 * The server faults: stop the lab's own Redis or PostgreSQL as a crash would look to its clients, start it again.
 * An external server is not the lab's to stop: that is refused, with its address.
 */
final class ServerFaults {
    private final Infrastructure infra;
    private final Recording recording;
    private final Supplier<String> mode;
    private final Supplier<OnLockError> onLockError;
    /** The longest lease the mode in force holds: a delayed restart's delay. */
    private final Supplier<Duration> lease;

    private final RedisPersistence persistence;
    private final boolean storeInPostgres;
    /** Whether someone is at the dashboard's keys: only then does a line name the key that starts a server again. */
    private volatile boolean keys;

    ServerFaults(
            Infrastructure infra,
            Recording recording,
            Supplier<String> mode,
            Supplier<OnLockError> onLockError,
            Supplier<Duration> lease,
            RedisPersistence persistence,
            boolean storeInPostgres) {
        this.infra = infra;
        this.recording = recording;
        this.mode = mode;
        this.onLockError = onLockError;
        this.lease = lease;
        this.persistence = persistence;
        this.storeInPostgres = storeInPostgres;
    }

    /** The dashboard's keys now drive this lab: the lines about a server down say which key starts it again. */
    void atTheKeys() {
        keys = true;
    }

    /** A stop or a start; {@code restartAfterMs} on both halves of one restart, null otherwise. */
    private void record(ServerName name, boolean up, String line, Long restartAfterMs) {
        String kept = up && name == ServerName.REDIS ? persistence.toString() : null;
        recording.lab(mode.get(), line, new LabFact.Server(name.toString(), up, null, restartAfterMs, kept));
    }

    private ServerSlot slot(ServerName name) {
        return switch (name) {
            case REDIS -> infra.redis();
            case POSTGRES -> infra.postgres();
        };
    }

    /** Whether the lab's own server runs now: what its key undoes. */
    boolean running(ServerName name) {
        ServerSlot slot = slot(name);
        LabServer own = slot == null ? null : slot.owned();
        return own != null && own.isRunning();
    }

    /** Brings the server to {@code start}ed or stopped, or says why it did not. */
    FaultResult set(ServerName name, boolean start) {
        ServerSlot slot = slot(name);
        if (slot == null) {
            return new FaultResult.Refused(name + " server: the lab has not started yet");
        }
        if (slot.external()) {
            return new FaultResult.Refused(
                    name + " at " + slot.address() + " is external: the lab does not own it and will not stop it");
        }
        LabServer server = slot.owned();
        if (server == null) {
            return new FaultResult.Refused(name + " server is " + slot.info().state() + ": nothing to stop or start");
        }
        if (server.isRunning() == start) {
            return new FaultResult.Unchanged(name + " server is already " + (start ? "running" : "stopped"));
        }
        if (!start) {
            server.stop();
            String line = name + " server stopped (" + slot.address() + "): " + downConsequence(name);
            record(name, false, line, null);
            return new FaultResult.Done(line);
        }
        return started(name, slot, server, null);
    }

    /**
     * Stops the lab's own server as {@link #set} does and starts it again on the same port, at once or after the
     * mode's longest lease; a delayed start runs on a thread of its own, so that no key or step waits for it.
     */
    FaultResult restart(ServerName name, boolean afterLease) {
        ServerSlot slot = slot(name);
        LabServer server = slot == null || slot.external() ? null : slot.owned();
        if (server == null) {
            return set(name, false); // refused: not started yet, external, or failed
        }
        if (!server.isRunning()) {
            return new FaultResult.Refused(name + " server is stopped: nothing to restart");
        }
        long delay = afterLease ? lease.get().toMillis() : 0;
        server.stop();
        String line = name + " server stopped for a restart (" + slot.address() + "), starts again in " + delay + " ms"
                + (afterLease ? " (the mode's longest lease)" : "");
        record(name, false, line, delay);
        if (delay == 0) {
            return started(name, slot, server, 0L);
        }
        Thread later = new Thread(
                () -> {
                    try {
                        Thread.sleep(delay);
                    } catch (InterruptedException e) {
                        return;
                    }
                    // A key may have started it during the delay, or the session ended: then it is not this thread's.
                    if (!server.isRunning() && !server.closed()) {
                        started(name, slot, server, delay);
                    }
                },
                name + "-restart");
        later.setDaemon(true);
        later.start();
        return new FaultResult.Done(line);
    }

    /** Starts the stopped server and records it; {@code restartAfterMs}: the delay of the restart this ends. */
    private FaultResult started(ServerName name, ServerSlot slot, LabServer server, Long restartAfterMs) {
        try {
            server.start();
            String line = restartAfterMs == null
                    ? name + " server started again at " + slot.address() + " in " + server.startMillis() + " ms"
                    : name + " restarted after " + restartAfterMs + " ms at " + slot.address() + " in "
                            + server.startMillis() + " ms"
                            + (name == ServerName.REDIS ? ": " + persistence.kept() : "");
            boolean whole = true;
            if (name == ServerName.REDIS) {
                // The lab's Redis keeps nothing across a restart: its fencing counter resumes above every token issued.
                try {
                    infra.restoreFencingCounter();
                    line += "; fencing counter restored above every token issued";
                } catch (IllegalStateException e) {
                    line += "; fencing counter not restored (fenced mode fails closed until it is): " + e.getMessage();
                    whole = false;
                }
            }
            record(name, true, line, restartAfterMs);
            return whole ? new FaultResult.Done(line) : new FaultResult.Incomplete(line);
        } catch (IOException e) {
            String line = name + " server could not start again: " + e.getMessage();
            if (restartAfterMs != null && restartAfterMs > 0 && !server.closed()) {
                record(name, false, line, restartAfterMs); // no one waits for a delayed start's answer
            }
            return new FaultResult.Failed(line);
        }
    }

    /**
     * What a server down means: for the modes that need it, as {@code --on-lock-error} decides (fail closed, or the
     * seed's local fallback); for the counter table, when it is kept on that server; and, at the dashboard, the key
     * that starts it again.
     */
    String downConsequence(ServerName name) {
        String modes = onLockError.get() == OnLockError.LOCAL
                ? "modes that need it fall back to a local lock (on-lock-error local)"
                : "modes that need it fail closed (on-lock-error skip)";
        String table = name == ServerName.POSTGRES && storeInPostgres
                ? "; the counter table is on it: no row is written until it is back"
                : "";
        String key = keys ? "; " + (name == ServerName.REDIS ? "R" : "P") + " starts it again" : "";
        return modes + table + key;
    }
}
