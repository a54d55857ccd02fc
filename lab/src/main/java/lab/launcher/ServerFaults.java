package lab.launcher;

import java.io.IOException;
import java.util.function.Supplier;
import lab.protocol.LabFact;
import lab.protocol.OnLockError;
import lab.servers.LabServer;
import lab.servers.ServerSlot;
import lab.session.FaultResult;
import lab.session.ServerName;

/**
 * The server faults: stop the lab's own Redis or PostgreSQL as a crash would look to its clients, start it again.
 * An external server is not the lab's to stop: that is refused, with its address.
 */
final class ServerFaults {
    private final Infrastructure infra;
    private final Recording recording;
    private final Supplier<String> mode;
    private final Supplier<OnLockError> onLockError;
    private final boolean storeInPostgres;
    /** Whether someone is at the dashboard's keys: only then does a line name the key that starts a server again. */
    private volatile boolean keys;

    ServerFaults(
            Infrastructure infra,
            Recording recording,
            Supplier<String> mode,
            Supplier<OnLockError> onLockError,
            boolean storeInPostgres) {
        this.infra = infra;
        this.recording = recording;
        this.mode = mode;
        this.onLockError = onLockError;
        this.storeInPostgres = storeInPostgres;
    }

    /** The dashboard's keys now drive this lab: the lines about a server down say which key starts it again. */
    void atTheKeys() {
        keys = true;
    }

    private void record(ServerName name, boolean up, String line) {
        recording.lab(mode.get(), line, new LabFact.Server(name.toString(), up, null));
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
            record(name, false, line);
            return new FaultResult.Done(line);
        }
        try {
            server.start();
            String line = name + " server started again at " + slot.address() + " in " + server.startMillis() + " ms";
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
            record(name, true, line);
            return whole ? new FaultResult.Done(line) : new FaultResult.Incomplete(line);
        } catch (IOException e) {
            return new FaultResult.Failed(name + " server could not start again: " + e.getMessage());
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
