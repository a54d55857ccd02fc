package lab.worker;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import lab.guard.Guard;
import lab.protocol.ModeSpec;

/**
 * The guard serving ticks now, with its spec. A switch retires it; it is closed once the runs that took it
 * have finished, so a job still inside a Redis lock can release that lock through the pool it took it with.
 */
final class ActiveGuard {
    private final ModeSpec spec;
    private final Guard guard;
    private final AtomicInteger inUse = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean retired;

    ActiveGuard(ModeSpec spec, Guard guard) {
        this.spec = spec;
        this.guard = guard;
    }

    ModeSpec spec() {
        return spec;
    }

    Guard guard() {
        return guard;
    }

    void take() {
        inUse.incrementAndGet();
    }

    void giveBack() {
        if (inUse.decrementAndGet() == 0 && retired) {
            closeOnce();
        }
    }

    void retire() {
        retired = true;
        if (inUse.get() == 0) {
            closeOnce();
        }
    }

    private void closeOnce() {
        if (closed.compareAndSet(false, true)) {
            guard.close();
        }
    }
}
