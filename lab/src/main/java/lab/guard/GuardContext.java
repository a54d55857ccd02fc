package lab.guard;

import java.time.Clock;
import java.time.Duration;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerConfig;

/**
 * What a mode's declaration may use to build its guard in one worker: who the worker is, the mode's knobs, the lock
 * policies they make, and the worker's clients, which outlive the guard.
 */
public interface GuardContext {
    /** The worker's id: {@code w1}. */
    String worker();

    long pid();

    /** The worker's configuration: servers' URLs, job, host, lock folder, period. */
    WorkerConfig config();

    /** The mode and its knobs. */
    ModeSpec spec();

    Clock clock();

    /** The lease's policies the knobs make: re-check, hold at least, per-tick key, renew. */
    LeasePolicy lease();

    /** Which of the lock servers this worker uses (1 or 2, with lock-servers 2). */
    int lockServer();

    /** Where the lock events go. */
    LockListener listener();

    /** Where a server lock's events go: with two lock servers they say which one, so two holders are told apart. */
    LockListener lockServerListener();

    /** Where a fencing token is written down before use: the worker's own store. */
    TokenLedger ledger();

    /** With {@code on-lock-error local}, the guard a lock whose server is down falls back to; else null. */
    Guard fallback();

    /** How long a waiting lock queues before it gives the tick up: ten ticks, never under 5 s. */
    Duration waitLimit();

    /** The worker's server clients: opened on first need, kept across switches, closed when the worker stops. */
    Clients clients();
}
