package lab.guard.lockfile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import lab.guard.Attempt;
import lab.guard.Lease;
import lab.guard.LockEvent;
import lab.guard.LockMechanism;
import lab.guard.Tick;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;
import lab.protocol.WorkerFact;

/**
 * Mode {@code lock-file} (the test sources' own): the oldest cross-process lock there is, a file created with
 * {@code O_CREAT|O_EXCL} ({@code Files.createFile}): whoever creates it holds the lock, and deleting it gives it back.
 * The kernel makes the creation atomic across every process on one file system, so it excludes across worker
 * processes (and threads) of one host. Holder dies: the file stays, and every worker skips every tick until someone
 * deletes it (why real lock files carry a pid). Holder pauses: the others skip. No server: nothing to be down.
 */
final class LockFile implements LockMechanism<LockFile.Held> {
    private final String worker;
    private final String owner;
    private final Path file;

    LockFile(String worker, long pid, Path file) {
        this.worker = worker;
        this.owner = worker + "-" + pid;
        this.file = file;
    }

    /** The file, created by this worker. */
    record Held(String acquired, String ranHow, LockFact.Acquired granted) implements Lease {}

    @Override
    public Attempt<Held> acquire(Tick tick) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(Files.createFile(file), owner, StandardCharsets.UTF_8);
        } catch (FileAlreadyExistsException taken) {
            return new Attempt.Refused<>(
                    worker + " - lock file " + file.getFileName() + " not created: it exists, held by " + holder(),
                    WorkerFact.Skipped.held(file.toString(), holder(), null, null));
        } catch (IOException e) {
            return new Attempt.Broken<>(
                    worker + " - lock file " + file + " could not be created: " + e + "; tick skipped (fail closed)");
        }
        return new Attempt.Granted<>(new Held(
                worker + " - lock file created (createFile " + file.getFileName() + " → ok)",
                "ran holding lock file " + file.getFileName(),
                LockFact.Acquired.of(LockFileMode.LOCK, file.toString(), owner)));
    }

    /** Who wrote the file; a holder that has just created it may not have written its name yet. */
    private String holder() {
        try {
            String s = Files.readString(file, StandardCharsets.UTF_8);
            return s.isEmpty() ? "a worker writing its name" : s;
        } catch (IOException gone) {
            return "nobody any more";
        }
    }

    @Override
    public LockEvent release(Held lease) {
        try {
            Files.delete(file);
            return new LockEvent(
                    worker + " - lock file deleted (rm " + file.getFileName() + ")",
                    GivenBack.Released.of(file.toString(), owner, GivenBack.How.DELETED));
        } catch (IOException e) {
            return new LockEvent(
                    worker + " - lock file " + file + " could not be deleted: " + e,
                    GivenBack.Error.ofLock(file.toString(), owner, null));
        }
    }
}
