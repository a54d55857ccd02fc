package lab.worker;

import lab.guard.Guard;
import lab.protocol.ModeSpec;

/**
 * The guard serving ticks now, with its spec. A switch retires it; it is closed once the runs that took it have
 * finished, so a job still inside a Redis lock can release that lock through the pool it took it with. A tick
 * can no longer take a retired guard: it takes the one that replaced it.
 */
final class ActiveGuard {
    private final ModeSpec spec;
    private final Guard guard;
    private int inUse; // guarded by this
    private boolean retired; // guarded by this
    private boolean closed; // guarded by this
    private Runnable afterClose = () -> {}; // guarded by this

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

    /** Takes the guard for one run; false once it is retired (a switch came between reading it and taking it). */
    synchronized boolean tryTake() {
        if (retired) {
            return false;
        }
        inUse++;
        return true;
    }

    synchronized void giveBack() {
        inUse--;
        closeIfIdle();
    }

    synchronized void retire() {
        retired = true;
        closeIfIdle();
    }

    /** Runs {@code then} once the guard is closed: now if it is, else after its last run. */
    synchronized void whenClosed(Runnable then) {
        if (closed) {
            then.run();
        } else {
            afterClose = then;
        }
    }

    private void closeIfIdle() {
        if (retired && inUse == 0 && !closed) {
            closed = true;
            guard.close();
            afterClose.run();
        }
    }
}
