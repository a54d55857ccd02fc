package lab.guard;

import lab.guard.local.InJvmMutex;

class InJvmMutexMechanismTest extends LockMechanismContract {
    @Override
    LockMechanism<? extends Lease> open(String worker) {
        return new InJvmMutex(worker);
    }
}
