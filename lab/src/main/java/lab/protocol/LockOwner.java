package lab.protocol;

import java.util.Arrays;
import java.util.Objects;

/**
 * Who a lock is granted to, as every mechanism writes it on its server and in its events, and every reader takes it
 * apart: {@code <worker>-<pid>[-<grant>]}. The worker's process ({@code w2-4243}: an advisory lock, a mutex, a file
 * lock, ShedLock's and Redisson's process), and, for a lock whose grants must tell one another apart, the grant's own
 * letters ({@code w1-4242-9f3c01ab}: Redis, ShedLock, an exam's lock) or Redisson's entry ({@code
 * w1-4242-6a1c…:57}). Made and read only here, so that its four writings stay one shape.
 *
 * @param worker the worker's id; it may hold {@code -} itself (a pod's name)
 * @param pid its process; null when the name read names none ({@code w2}, as PostgreSQL names a session)
 * @param grant what sets one grant apart; null for the process alone
 */
public record LockOwner(String worker, Long pid, String grant) {
    public LockOwner {
        Objects.requireNonNull(worker, "worker");
    }

    /** The process {@code worker}/{@code pid}, as the locks held by a process name their owner. */
    public static LockOwner of(String worker, long pid) {
        return new LockOwner(worker, pid, null);
    }

    /** This process's grant {@code grant}: {@code w1-4242-9f3c01ab}. */
    public LockOwner grant(String grant) {
        return new LockOwner(worker, pid, grant);
    }

    /**
     * The owner a name says: the worker up to the first part of digits alone, that part its pid, the rest its grant.
     * A name with no such part ({@code w2}, {@code w1@host1}) is a worker alone.
     */
    public static LockOwner parse(String name) {
        String[] parts = name.split("-", -1);
        for (int i = 1; i < parts.length; i++) {
            if (!parts[i].isEmpty() && parts[i].chars().allMatch(Character::isDigit) && parts[i].length() < 19) {
                String grant = i + 1 < parts.length
                        ? String.join("-", Arrays.asList(parts).subList(i + 1, parts.length))
                        : null;
                return new LockOwner(
                        String.join("-", Arrays.asList(parts).subList(0, i)), Long.valueOf(parts[i]), grant);
            }
        }
        return new LockOwner(name, null, null);
    }

    /** Whether {@code worker}'s process {@code pid} is this owner (any of its processes when either names none). */
    public boolean is(String worker, Long pid) {
        return this.worker.equals(worker) && (this.pid == null || pid == null || this.pid.equals(pid));
    }

    /** {@code w1-4242-9f3c01ab}: as servers store it and events carry it. */
    @Override
    public String toString() {
        return worker + (pid == null ? "" : "-" + pid) + (grant == null ? "" : "-" + grant);
    }
}
