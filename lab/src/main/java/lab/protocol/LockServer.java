package lab.protocol;

/**
 * Which lock server a guard's event was about: a numbered one ({@code 1}, {@code 2}: with {@code lock-servers 2}),
 * written as a number, or a host whose kernel keeps its own file locks ({@code host1}), written as text.
 */
public record LockServer(String name) {
    public static LockServer numbered(int n) {
        return new LockServer(Integer.toString(n));
    }

    public static LockServer host(String host) {
        return new LockServer(host);
    }

    /** The number of a numbered server, or null for a host. */
    Integer number() {
        return name.matches("[0-9]{1,9}") ? Integer.valueOf(name) : null;
    }

    @Override
    public String toString() {
        return name;
    }
}
