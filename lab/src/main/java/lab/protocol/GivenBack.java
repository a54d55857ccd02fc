package lab.protocol;

import java.time.Instant;
import java.util.Locale;

/**
 * What became of a lock given back: released, lost (not ours any more), or an error; an error is also how a tick
 * that failed for another reason (the store down) is said, with the same marks.
 */
public sealed interface GivenBack extends LockFact {
    /** The release call's own time in µs, for the benchmark's per-tick lock cost. */
    GivenBack withReleaseUs(long us);

    /** How long the lock was held, grant to release. */
    GivenBack withHeldMs(long ms);

    /** Given back because the worker is stopping ({@code how: shutdown}). */
    GivenBack stopping();

    /** How a lock was given back. */
    enum How {
        DELETED,
        /** Left to expire at {@code expires_at}. */
        EXPIRES,
        COMMIT,
        UNLOCK,
        SHUTDOWN;

        /** Its name on the line: {@code gave-up}. */
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** Why a tick failed, where it is known. */
    enum ErrorReason {
        LOCK_DOWN,
        STORE_DOWN,
        TOKEN_REISSUED,
        /** A learner's lock (mode exam) threw, for a reason other than its server being down. */
        LOCK_THREW,
        /** A learner's lock (mode exam) did not return within the lab's bound. */
        LOCK_HUNG;

        /** Its name on the line: {@code gave-up}. */
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * A lock given back: {@code expiresAt} for one left to expire; {@code deletedOwner}, whose key an unsafe
     * {@code DEL} deleted, should a release ever say so (today a release that deletes another's key is {@code lost}).
     */
    record Released(
            String key,
            String owner,
            How how,
            Instant expiresAt,
            String deletedOwner,
            Long releaseUs,
            Long roundTripUs,
            Long heldMs,
            LockServer lockServer,
            String host,
            @OnlyWhenTrue boolean fallback)
            implements GivenBack {
        public static Released of(String key, String owner, How how) {
            return new Released(key, owner, how, null, null, null, null, null, null, null, false);
        }

        public Released expiresAt(Instant at) {
            return new Released(
                    key, owner, how, at, deletedOwner, releaseUs, roundTripUs, heldMs, lockServer, host, fallback);
        }

        public Released onHost(String host) {
            return new Released(
                    key,
                    owner,
                    how,
                    expiresAt,
                    deletedOwner,
                    releaseUs,
                    roundTripUs,
                    heldMs,
                    LockServer.host(host),
                    host,
                    fallback);
        }

        public Released withReleaseUs(long us) {
            return new Released(
                    key, owner, how, expiresAt, deletedOwner, us, roundTripUs, heldMs, lockServer, host, fallback);
        }

        /**
         * One round trip to the lock's server, timed by the holder after this release on the same thread and client
         * as its lock calls ({@code PING}, {@code SELECT 1}): what the benchmark holds the lock's cost against.
         */
        public Released withRoundTripUs(long us) {
            return new Released(
                    key, owner, how, expiresAt, deletedOwner, releaseUs, us, heldMs, lockServer, host, fallback);
        }

        public Released withHeldMs(long ms) {
            return new Released(
                    key, owner, how, expiresAt, deletedOwner, releaseUs, roundTripUs, ms, lockServer, host, fallback);
        }

        public Released stopping() {
            return new Released(
                    key,
                    owner,
                    How.SHUTDOWN,
                    expiresAt,
                    deletedOwner,
                    releaseUs,
                    roundTripUs,
                    heldMs,
                    lockServer,
                    host,
                    fallback);
        }

        public Released marked(LockServer server, boolean fallback) {
            return new Released(
                    key,
                    owner,
                    how,
                    expiresAt,
                    deletedOwner,
                    releaseUs,
                    roundTripUs,
                    heldMs,
                    server == null ? lockServer : server,
                    host,
                    this.fallback || fallback);
        }

        public EventType type() {
            return EventType.RELEASED;
        }
    }

    /**
     * The lock was no longer ours: {@code holder} holds it now (or null); {@code deletedOwner}, the owner whose key an
     * unsafe {@code DEL} deleted.
     */
    record Lost(
            String key,
            String owner,
            String holder,
            String deletedOwner,
            How how,
            Long releaseUs,
            Long heldMs,
            LockServer lockServer,
            @OnlyWhenTrue boolean fallback)
            implements GivenBack {
        public static Lost of(String key, String owner, String holder, String deletedOwner) {
            return new Lost(key, owner, holder, deletedOwner, null, null, null, null, false);
        }

        public Lost withReleaseUs(long us) {
            return new Lost(key, owner, holder, deletedOwner, how, us, heldMs, lockServer, fallback);
        }

        public Lost withHeldMs(long ms) {
            return new Lost(key, owner, holder, deletedOwner, how, releaseUs, ms, lockServer, fallback);
        }

        public Lost stopping() {
            return new Lost(key, owner, holder, deletedOwner, How.SHUTDOWN, releaseUs, heldMs, lockServer, fallback);
        }

        public Lost marked(LockServer server, boolean fallback) {
            return new Lost(
                    key,
                    owner,
                    holder,
                    deletedOwner,
                    how,
                    releaseUs,
                    heldMs,
                    server == null ? lockServer : server,
                    this.fallback || fallback);
        }

        public EventType type() {
            return EventType.LOST;
        }
    }

    /**
     * A tick failed ({@code reason} where known), or a lock could not be given back ({@code key}, {@code owner}); with
     * {@code fallback}, the tick ran under the local lock instead.
     */
    record Error(
            ErrorReason reason,
            @OnlyWhenTrue boolean fallback,
            Long token,
            String key,
            String owner,
            String host,
            How how,
            Long releaseUs,
            Long heldMs,
            LockServer lockServer)
            implements GivenBack {
        public static final Error UNSAID = because(null);

        public static Error because(ErrorReason reason) {
            return new Error(reason, false, null, null, null, null, null, null, null, null);
        }

        public static Error ofLock(String key, String owner, String host) {
            return new Error(null, false, null, key, owner, host, null, null, null, null);
        }

        public Error withToken(long token) {
            return new Error(reason, fallback, token, key, owner, host, how, releaseUs, heldMs, lockServer);
        }

        public Error withReleaseUs(long us) {
            return new Error(reason, fallback, token, key, owner, host, how, us, heldMs, lockServer);
        }

        public Error withHeldMs(long ms) {
            return new Error(reason, fallback, token, key, owner, host, how, releaseUs, ms, lockServer);
        }

        public Error stopping() {
            return new Error(reason, fallback, token, key, owner, host, How.SHUTDOWN, releaseUs, heldMs, lockServer);
        }

        public Error marked(LockServer server, boolean fallback) {
            return new Error(
                    reason,
                    this.fallback || fallback,
                    token,
                    key,
                    owner,
                    host,
                    how,
                    releaseUs,
                    heldMs,
                    server == null ? lockServer : server);
        }

        public EventType type() {
            return EventType.ERROR;
        }
    }
}
