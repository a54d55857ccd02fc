package lab.launcher;

import java.io.IOException;
import java.util.Map;
import java.util.function.Supplier;
import lab.protocol.EventType;
import lab.protocol.OnLockError;
import lab.servers.LabServer;
import lab.servers.ServerSlot;
import lab.session.ServerName;

/**
 * The server faults: stop the lab's own Redis or PostgreSQL as a crash would look to its clients, start it again.
 * Each answers with one line: what it did, or why it did nothing (an external server is not the lab's to stop).
 */
public final class ServerToggle {
    private final Infrastructure infra;
    private final Recording recording;
    private final Supplier<String> mode;
    private final Supplier<OnLockError> onLockError;
    private final boolean storeInPostgres;
    /** Whether someone is at the dashboard's keys: only then does a line name the key that starts a server again. */
    private volatile boolean keys;

    ServerToggle(
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
    public void atTheKeys() {
        keys = true;
    }

    private void record(ServerName name, boolean up, String line) {
        recording.lab(EventType.SERVER, mode.get(), line, Map.of("name", name.toString(), "up", up));
    }

    private ServerSlot slot(ServerName name) {
        return switch (name) {
            case REDIS -> infra.redis();
            case POSTGRES -> infra.postgres();
        };
    }

    /** Stops the server when it runs, starts it when it is down: the trainer's key. */
    public String toggle(ServerName name) {
        ServerSlot slot = slot(name);
        if (slot == null) {
            return name + " server: the lab has not started yet";
        }
        if (slot.external()) {
            return name + " at " + slot.address() + " is external: the lab does not own it and will not stop it";
        }
        LabServer server = slot.owned();
        if (server == null) {
            return name + " server is " + slot.info().state() + ": nothing to stop or start";
        }
        if (server.isRunning()) {
            server.stop();
            String line = name + " server stopped (" + slot.address() + "): " + downConsequence(name);
            record(name, false, line);
            return line;
        }
        try {
            server.start();
            String line = name + " server started again at " + slot.address() + " in " + server.startMillis() + " ms";
            if (name == ServerName.REDIS) {
                line += restoreFencing();
            }
            record(name, true, line);
            return line;
        } catch (IOException e) {
            return name + " server could not start again: " + e.getMessage();
        }
    }

    /** The lab's Redis keeps nothing across a restart: its fencing counter resumes above every token issued. */
    private String restoreFencing() {
        try {
            infra.restoreFencingCounter();
            return "; fencing counter restored above every token issued";
        } catch (IllegalStateException e) {
            return "; fencing counter not restored (fenced mode fails closed until it is): " + e.getMessage();
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

    /** Brings the server to {@code start}ed or stopped: a scenario step, which says what it wants. */
    String set(ServerName name, boolean start) {
        ServerSlot slot = slot(name);
        LabServer own = slot == null ? null : slot.owned();
        if (own != null && own.isRunning() == start) {
            return name + " server is already " + (start ? "running" : "stopped");
        }
        return toggle(name);
    }
}
