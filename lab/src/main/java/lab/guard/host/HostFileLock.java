package lab.guard.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import lab.guard.Attempt;
import lab.guard.Lease;
import lab.guard.LockEvent;
import lab.guard.LockMechanism;
import lab.guard.LockNames;
import lab.guard.Tick;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;
import lab.protocol.LockOwner;
import lab.protocol.WorkerFact;

/**
 * Mode {@code host-mutex}: an OS file lock ({@code FileChannel.tryLock}, a POSIX record lock) on
 * {@code scheduler_lock.<job>.lock} in the host's lock folder, skip when taken — the Java counterpart of a
 * {@code flock} around each tick. Every process on one host opens the same file, so it excludes them all; a worker on
 * another host has another folder, another file and another lock, so nothing is excluded across hosts.
 *
 * <p>Holder dies: the kernel frees its locks the moment the process ends, {@code kill -9} included. Holder pauses:
 * the lock stays held for as long as the pause lasts, and the others skip. Server down: there is no server; a lock
 * folder that cannot be made refuses the switch to this mode ({@link #open} throws), and a lock call that fails
 * fails its tick closed.
 */
public final class HostFileLock implements LockMechanism<HostFileLock.Held> {
    /**
     * One channel per lock file for the whole JVM, never closed before the process ends. POSIX record locks belong to
     * the process, not the channel: closing any channel on the file frees every lock this process holds on it, so a
     * guard closed by a mode switch while the next guard holds the lock would free it under the new guard's job.
     */
    private static final Map<Path, FileChannel> CHANNELS = new ConcurrentHashMap<>();

    private final String worker;
    private final String owner;
    private final String host;
    private final Path folder;
    private final String file;
    private FileChannel channel;

    /**
     * @param host   the simulated host this worker runs on ({@code host1})
     * @param folder that host's lock folder; null when the launcher gave none ({@link #open} then refuses)
     */
    public HostFileLock(String worker, long pid, String host, Path folder, String job) {
        this.worker = worker;
        this.owner = LockOwner.of(worker, pid).toString();
        this.host = host;
        this.folder = folder;
        this.file = LockNames.file(job);
    }

    /** The file lock, held until {@link #release}. */
    public record Held(FileLock lock, String acquired, String ranHow, LockFact.Acquired granted) implements Lease {}

    @Override
    public void open() throws IOException {
        if (folder == null) {
            throw new IOException(worker + " - host-mutex needs its host's lock folder, and the launcher gave none");
        }
        Files.createDirectories(folder);
        channel = channel(folder.resolve(file));
    }

    private static FileChannel channel(Path path) throws IOException {
        try {
            return CHANNELS.computeIfAbsent(path.toAbsolutePath().normalize(), p -> {
                try {
                    return FileChannel.open(
                            p, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    @Override
    public Attempt<Held> acquire(Tick tick) {
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            // The lock is this process's already: an earlier run of this worker is still inside (or holding).
            return new Attempt.Refused<>(
                    worker + " - " + what() + " not acquired: this worker already holds it",
                    WorkerFact.Skipped.held(file, owner, null, null).onHost(host));
        } catch (IOException e) {
            return new Attempt.Broken<>(worker + " - " + what() + " cannot be taken: " + e.getMessage());
        }
        if (lock == null) {
            String holder = holder();
            return new Attempt.Refused<>(
                    worker + " - " + what() + " not acquired: held by " + holder,
                    WorkerFact.Skipped.held(file, holder, null, null).onHost(host));
        }
        writeOwner();
        return new Attempt.Granted<>(new Held(
                lock,
                worker + " - " + what() + " acquired (FileChannel.tryLock() → lock)",
                "ran holding " + what(),
                // lock_server: each host's kernel keeps its own locks, as each lock server keeps its own keys.
                LockFact.Acquired.of(HostMutexMode.LOCK, file, owner).onHost(host)));
    }

    @Override
    public LockEvent release(Held lease) {
        try {
            lease.lock().release();
        } catch (IOException e) {
            return new LockEvent(
                    worker + " - " + what() + " could not be released: " + e.getMessage()
                            + " (the kernel frees it when this process ends)",
                    GivenBack.Error.ofLock(file, owner, host));
        }
        return new LockEvent(
                worker + " - " + what() + " released (FileLock.release())",
                GivenBack.Released.of(file, owner, GivenBack.How.UNLOCK).onHost(host));
    }

    /** {@code file lock 'scheduler_lock.tick.lock' on host1}. */
    private String what() {
        return "file lock '" + file + "' on " + host;
    }

    /**
     * The holder writes its name into the file, so that the others' refusals can say who holds it: an advisory lock
     * keeps no one out of reading, and the name is only read, never trusted for the lock itself. A refusal that reads
     * between another worker's grant and its write names the holder before it (or "another process"): its wording
     * only.
     */
    private void writeOwner() {
        try {
            byte[] name = owner.getBytes(StandardCharsets.UTF_8);
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(name), 0);
        } catch (IOException e) {
            // Only the refusals' wording depends on it.
        }
    }

    private String holder() {
        try {
            ByteBuffer b = ByteBuffer.allocate(128);
            int n = channel.read(b, 0);
            String name = n <= 0 ? "" : new String(b.array(), 0, n, StandardCharsets.UTF_8).trim();
            return name.isEmpty() ? "another process on " + host : name;
        } catch (IOException e) {
            return "another process on " + host;
        }
    }
}
