package lab.check;

/**
 * A lock owner as the recording writes it, {@code <worker>-<pid>[-<nonce>]}: {@code w1-4242-9f3c} (Redis) or
 * {@code w2-4243} (an advisory lock or a mutex), read back into the worker and its process.
 *
 * @param pid null when the owner names no numeric process
 */
record Owner(String name, String worker, Long pid) {
    static Owner parse(String name) {
        String[] parts = name.split("-", -1);
        Long pid = null;
        if (parts.length > 1 && !parts[1].isEmpty() && parts[1].chars().allMatch(Character::isDigit)) {
            pid = Long.valueOf(parts[1]);
        }
        return new Owner(name, parts[0], pid);
    }

    /** Whether {@code worker}'s process {@code pid} is this owner (any of its processes when it names none). */
    boolean is(String worker, Long pid) {
        return this.worker.equals(worker) && (this.pid == null || pid == null || this.pid.equals(pid));
    }
}
