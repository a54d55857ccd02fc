package lab.soak;

import lab.protocol.Mode;

/**
 * Mode fenced with hold-at-least window under faults: a paused holder's late write is refused by its token, and the
 * lock held to the window's end keeps a fast job's next worker from writing the same tick again.
 */
class FencedSoakTest extends SoakContract {
    @Override
    Mode mode() {
        return Mode.FENCED;
    }
}
