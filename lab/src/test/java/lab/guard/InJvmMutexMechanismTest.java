package lab.guard;

import lab.guard.local.InJvmMutex;

class InJvmMutexMechanismTest extends LeaseContract {
    @Override
    LockMechanism<? extends Lease> open(String worker, boolean perTick) {
        return new InJvmMutex(worker, 1);
    }

    @Override
    boolean hasPerTickKeys() {
        return false;
    }

    @Override
    boolean hasAServer() {
        return false;
    }
}
