package lab.soak;

import lab.protocol.Mode;

/** Mode idempotent under faults: no lock at all, so only the store's faults can cost a tick. */
class IdempotentSoakTest extends SoakContract {
    @Override
    Mode mode() {
        return Mode.IDEMPOTENT;
    }
}
