package lab.launcher;

import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import lab.fleet.WorkerExit;
import lab.nemesis.ServerName;
import lab.protocol.LabFact;

/**
 * What the lab records and says when one of its servers or workers ends on its own: the recording hears every death,
 * the person only those that are news (nothing once the lab is stopping, when every process ends by design).
 */
final class Deaths {
    private final Recording recording;
    private final ModeInForce modes;
    private final Faults faults;
    private final LockWatcher lockWatcher;
    private final BooleanSupplier stopping;
    private final BooleanSupplier closed;

    Deaths(
            Recording recording,
            ModeInForce modes,
            Faults faults,
            LockWatcher lockWatcher,
            BooleanSupplier stopping,
            BooleanSupplier closed) {
        this.recording = recording;
        this.modes = modes;
        this.faults = faults;
        this.lockWatcher = lockWatcher;
        this.stopping = stopping;
        this.closed = closed;
    }

    /** A server that died on its own, with what its death takes down (the fault room knows). */
    void server(ServerName name, String line, Consumer<String> say) {
        if (stopping.getAsBoolean() || closed.getAsBoolean()) {
            return;
        }
        String said = line + "; " + faults.downConsequence(name);
        recording.lab(modes.spec().mode().cliName(), said, new LabFact.Server(name.toString(), false, true));
        say.accept(said);
    }

    /** A worker that ended, by the lab's hand or its own: the lock watcher forgets its pid either way. */
    void worker(WorkerExit exit, Consumer<String> say) {
        lockWatcher.forget(exit.pid());
        if (exit.onItsOwn()) {
            // Recorded whenever it happens, a stop included: a worker that dies during the stop died all the same.
            recording.lab(
                    modes.spec().mode().cliName(),
                    exit.line(),
                    new LabFact.Exited(
                            exit.worker(),
                            exit.pid(),
                            exit.code(),
                            exit.signal().orElse(null),
                            exit.quoted()));
        }
        if (!stopping.getAsBoolean()) {
            say.accept(exit.line());
        }
    }
}
