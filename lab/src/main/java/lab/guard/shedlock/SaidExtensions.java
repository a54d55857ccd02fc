package lab.guard.shedlock;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import lab.guard.LockListener;
import lab.guard.Tick;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;
import net.javacrumbs.shedlock.core.ExtensibleLockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.SimpleLock;

/**
 * ShedLock's JDBC provider as {@code KeepAliveLockProvider} wraps it, for one tick: each extension the keep-alive makes
 * (every {@code lockAtMostFor/2}) is said as a {@code renewed} event, or a {@code lost} one when the row was no longer
 * ours to extend. ShedLock extends silently; without these the explainer would take a kept-alive lease for one that
 * ran out at its first {@code lockAtMostFor}.
 */
final class SaidExtensions implements ExtensibleLockProvider {
    private final ExtensibleLockProvider wrapped;
    private final String worker;
    private final String owner;
    private final Tick tick;
    private final LockListener listener;
    private final Clock clock;

    SaidExtensions(
            ExtensibleLockProvider wrapped,
            String worker,
            String owner,
            Tick tick,
            LockListener listener,
            Clock clock) {
        this.wrapped = wrapped;
        this.worker = worker;
        this.owner = owner;
        this.tick = tick;
        this.listener = listener;
        this.clock = clock;
    }

    @Override
    public Optional<SimpleLock> lock(LockConfiguration config) {
        return wrapped.lock(config).map(l -> new Said(l, config.getName()));
    }

    /** A held lock whose extensions are said. */
    private final class Said implements SimpleLock {
        private final SimpleLock lock;
        private final String name;

        Said(SimpleLock lock, String name) {
            this.lock = lock;
            this.name = name;
        }

        @Override
        public void unlock() {
            lock.unlock();
        }

        @Override
        public Optional<SimpleLock> extend(Duration lockAtMostFor, Duration lockAtLeastFor) {
            Optional<SimpleLock> extended = lock.extend(lockAtMostFor, lockAtLeastFor);
            String command = "UPDATE shedlock SET lock_until = now + " + lockAtMostFor.toMillis() + " ms WHERE name = '"
                    + name + "' AND locked_by = '" + owner + "' AND lock_until > now";
            if (extended.isPresent()) {
                listener.on(
                        tick,
                        worker + " - KeepAliveLockProvider: " + command + " → 1: lease extended, "
                                + lockAtMostFor.toMillis() + " ms from now",
                        new LockFact.Renewed(name, owner, clock.instant().plus(lockAtMostFor), null, false));
                return extended.map(l -> new Said(l, name));
            }
            listener.on(
                    tick,
                    worker + " - KeepAliveLockProvider: " + command + " → 0: the row was no longer ours to extend"
                            + " (its lock_until had passed); the keep-alive stops",
                    GivenBack.Lost.of(name, owner, null, null));
            return extended;
        }
    }
}
