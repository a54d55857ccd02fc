package lab.servers;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import lab.protocol.Secrets;
import lab.session.ServerInfo;

/**
 * One server of the session, Redis or PostgreSQL: either external (a URL given; the lab owns nothing) or started
 * by the lab — at once when the first mode needs it, else in the background once the workers are ready.
 */
public final class ServerSlot implements AutoCloseable {
    /** Starts a server on a port chosen beforehand, so that workers can be told its URL before it exists. */
    @FunctionalInterface
    interface Starter {
        LabServer start() throws Exception;
    }

    private final String name;
    private final String url;
    private final String address;
    private final boolean external;
    private final Starter starter;
    private final CompletableFuture<LabServer> server = new CompletableFuture<>();
    private volatile boolean begun;
    private boolean closed;
    private volatile Consumer<String> onDeath = line -> {};
    private volatile long firstStartMillis; // what the summary reports: a restart by a trainer's key is not the start

    private ServerSlot(String name, String url, String address, boolean external, Starter starter) {
        this.name = name;
        this.url = url;
        this.address = address;
        this.external = external;
        this.starter = starter;
    }

    /** A server the lab does not own; its URL, which may carry a password, is shown masked. */
    public static ServerSlot external(String name, String url) {
        return new ServerSlot(name, url, Secrets.mask(url), true, null);
    }

    public static ServerSlot owned(String name, String url, String address, Starter starter) {
        return new ServerSlot(name, url, address, false, starter);
    }

    public String name() {
        return name;
    }

    /** How the lab's clients reach it, password included: never for a line a person reads. */
    public String url() {
        return url;
    }

    /** What a person reads: host:port of the lab's own, the masked URL of an external one. */
    public String address() {
        return address;
    }

    public boolean external() {
        return external;
    }

    /** Starts it in this thread (idempotent); the failure, if any, is kept for {@link #awaitReady}. */
    public synchronized void startNow() {
        if (external || begun || closed) {
            return;
        }
        begun = true;
        try {
            LabServer started = starter.start();
            started.onDeath(line -> onDeath.accept(line));
            firstStartMillis = started.startMillis();
            server.complete(started);
        } catch (Exception e) {
            server.completeExceptionally(e);
        }
    }

    /** Who hears that the lab's own server died without being stopped (see {@link LabServer#onDeath}). */
    public void onDeath(Consumer<String> listener) {
        onDeath = listener;
    }

    /** Waits for the server; throws with a message naming it and the reason when it could not start. */
    public void awaitReady() {
        if (external) {
            return;
        }
        startNow();
        if (!server.isDone()) {
            throw new IllegalStateException(name + " server is not started: the lab is stopping");
        }
        try {
            server.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(name + " server could not start at " + address + ": "
                    + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + name);
        }
    }

    /** The lab's own server, or null when it is external or has not started. */
    public LabServer owned() {
        return server.isDone() && !server.isCompletedExceptionally() ? server.join() : null;
    }

    public ServerInfo info() {
        if (external) {
            return new ServerInfo(name, address, "external", 0, "external", "not started by the lab", "");
        }
        if (!server.isDone()) {
            return new ServerInfo(name, address, begun ? "starting" : "not started", 0, "", "", "");
        }
        if (server.isCompletedExceptionally()) {
            String why = server.handle((s, e) -> e == null ? "" : String.valueOf(e.getMessage()))
                    .join();
            return new ServerInfo(name, address, "failed", 0, "", why, "");
        }
        LabServer s = server.join();
        return new ServerInfo(
                name, address, s.isRunning() ? "ready" : "down", firstStartMillis, s.source(), s.detail(), s.note());
    }

    /** Waits for a start in progress (both hold the lock), so that a server starting now is not left behind. */
    @Override
    public synchronized void close() {
        closed = true;
        LabServer s = owned();
        if (s != null) {
            s.close();
        }
    }
}
