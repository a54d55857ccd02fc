package lab.guard;

import java.time.Duration;
import lab.protocol.EventType;

/**
 * Extends a lease every third of its term while the job runs, as Redisson's watchdog does, and stops when the job
 * ends or the lease is found to be someone else's (it says {@code lost} then, the moment it knows).
 */
final class Watchdog<L extends Lease> implements AutoCloseable {
    private final Thread thread;
    private volatile boolean done;

    Watchdog(String worker, LockMechanism<L> lock, L lease, Tick tick, LockListener listener) {
        Duration every = lock.term().dividedBy(3);
        thread = new Thread(
                () -> {
                    while (!done) {
                        try {
                            Thread.sleep(Math.max(1, every.toMillis()));
                        } catch (InterruptedException e) {
                            return; // the job ended: the guard gives the lock back itself
                        }
                        if (done) {
                            return;
                        }
                        LockEvent e = lock.renew(lease, lock.term());
                        listener.on(tick, e.detail(), e.fact());
                        if (e.type() != EventType.RENEWED) {
                            return; // lost, or the server is gone: nothing left to renew
                        }
                    }
                },
                worker + "-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops renewing and waits until the last renewal said what it had to. */
    @Override
    public void close() throws InterruptedException {
        done = true;
        thread.interrupt();
        thread.join(2_000);
    }
}
