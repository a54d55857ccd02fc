package lab.protocol;

import java.time.Instant;

/**
 * What a worker says of its lock: granted, given back (released, lost, an error), renewed. An error that is not
 * about a lock (the store down) is one too: it has the same marks.
 */
public sealed interface LockFact extends WorkerFact permits LockFact.Acquired, LockFact.Renewed, GivenBack {

    /** With {@code lock-servers 2}, which server ({@code lock_server}); a file lock's, its host. */
    LockServer lockServer();

    /** Whether it was the local lock a broken server fell back to ({@code on-lock-error local}). */
    boolean fallback();

    /** This fact with {@code server} (when not null) and, when {@code fallback}, the fallback flag set. */
    LockFact marked(LockServer server, boolean fallback);

    /**
     * A lock granted: {@code ttlMs} and {@code expiresAt} for a lock that expires, {@code blocking} for a lock call
     * that may wait, {@code holdUntil} when a hold applies, {@code token} for a fenced lock, {@code host} for a file
     * lock; {@code acquireUs} is the call's own time.
     */
    record Acquired(
            Mode.Lock lock,
            String key,
            String owner,
            Long ttlMs,
            Instant expiresAt,
            Boolean blocking,
            Long token,
            Long waitedMs,
            Long acquireUs,
            Instant holdUntil,
            LockServer lockServer,
            String host,
            @OnlyWhenTrue boolean fallback)
            implements LockFact {
        /** A grant as its mechanism knows it; the template adds the times. */
        public static Acquired of(Mode.Lock lock, String key, String owner) {
            return new Acquired(lock, key, owner, null, null, null, null, null, null, null, null, null, false);
        }

        public Acquired expiring(long ttlMs, Instant expiresAt, Long token) {
            return new Acquired(
                    lock,
                    key,
                    owner,
                    ttlMs,
                    expiresAt,
                    blocking,
                    token,
                    waitedMs,
                    acquireUs,
                    holdUntil,
                    lockServer,
                    host,
                    fallback);
        }

        public Acquired blocking(boolean blocks) {
            return new Acquired(
                    lock,
                    key,
                    owner,
                    ttlMs,
                    expiresAt,
                    blocks,
                    token,
                    waitedMs,
                    acquireUs,
                    holdUntil,
                    lockServer,
                    host,
                    fallback);
        }

        public Acquired onHost(String host) {
            return new Acquired(
                    lock,
                    key,
                    owner,
                    ttlMs,
                    expiresAt,
                    blocking,
                    token,
                    waitedMs,
                    acquireUs,
                    holdUntil,
                    LockServer.host(host),
                    host,
                    fallback);
        }

        public Acquired timed(long waitedMs, long acquireUs, Instant holdUntil) {
            return new Acquired(
                    lock,
                    key,
                    owner,
                    ttlMs,
                    expiresAt,
                    blocking,
                    token,
                    waitedMs,
                    acquireUs,
                    holdUntil,
                    lockServer,
                    host,
                    fallback);
        }

        @Override
        public Acquired marked(LockServer server, boolean fallback) {
            return new Acquired(
                    lock,
                    key,
                    owner,
                    ttlMs,
                    expiresAt,
                    blocking,
                    token,
                    waitedMs,
                    acquireUs,
                    holdUntil,
                    server == null ? lockServer : server,
                    host,
                    this.fallback || fallback);
        }

        public EventType type() {
            return EventType.ACQUIRED;
        }
    }

    /** The watchdog extended a lease until {@code expiresAt}. */
    record Renewed(String key, String owner, Instant expiresAt, LockServer lockServer, @OnlyWhenTrue boolean fallback)
            implements LockFact {
        public Renewed marked(LockServer server, boolean fallback) {
            return new Renewed(key, owner, expiresAt, server == null ? lockServer : server, this.fallback || fallback);
        }

        public EventType type() {
            return EventType.RENEWED;
        }
    }
}
