package lab.servers;

import java.util.Arrays;

/** A dotted version such as 7.0.15 or 15.18, compared part by part. */
public record Version(int[] parts) implements Comparable<Version> {
    static Version parse(String text) {
        try {
            return new Version(
                    Arrays.stream(text.split("\\.")).mapToInt(Integer::parseInt).toArray());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a version such as 7.0.15", e);
        }
    }

    boolean atLeast(Version other) {
        return compareTo(other) >= 0;
    }

    @Override
    public int compareTo(Version other) {
        return Arrays.compare(parts, other.parts);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Version v && Arrays.equals(parts, v.parts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(parts);
    }

    @Override
    public String toString() {
        return String.join(".", Arrays.stream(parts).mapToObj(Integer::toString).toList());
    }
}
