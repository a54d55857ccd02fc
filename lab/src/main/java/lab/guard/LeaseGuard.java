package lab.guard;

import lab.protocol.EventType;

/**
 * The skeleton of a guarded tick, once for every lock mechanism: acquire, say so, run the job, give the lock back,
 * say how. Final, so that what a lesson compares — the mechanisms — is the only thing that differs; holding past the
 * job, renewing while it runs and fencing are policies that belong here, not copies inside each mechanism.
 */
public final class LeaseGuard<L extends Lease> implements Guard {
    private final String worker;
    private final LockMechanism<L> lock;
    private final Permit permit;
    private final LockListener listener;

    public LeaseGuard(String worker, LockMechanism<L> lock, boolean recheck, LockListener listener) {
        this.worker = worker;
        this.lock = lock;
        this.permit = Permit.of(recheck);
        this.listener = listener;
    }

    @Override
    public void open() throws Exception {
        lock.open();
    }

    @Override
    public Outcome run(Tick tick, Job job) throws InterruptedException {
        Attempt<L> attempt = lock.acquire(tick);
        if (attempt instanceof Attempt.Refused<L> refused) {
            return new Outcome.Skipped(refused.detail());
        }
        if (attempt instanceof Attempt.Broken<L> broken) {
            return new Outcome.Failed(broken.detail());
        }
        L lease = ((Attempt.Granted<L>) attempt).lease();
        try {
            // Inside the try: whatever happens from here on, the lock is given back.
            listener.on(EventType.ACQUIRED, tick, lease.acquired());
            return Jobs.run(worker, job, tick, permit, lease.ranHow());
        } finally {
            LockEvent released = lock.release(lease);
            listener.on(released.type(), tick, released.detail());
        }
    }

    @Override
    public void close() {
        lock.close();
    }
}
