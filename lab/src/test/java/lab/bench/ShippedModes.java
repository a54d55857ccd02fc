package lab.bench;

import lab.protocol.Mode;

/**
 * Whether a mode is the lab's own, as the bench's child process sees the registry: the test sources declare modes of
 * their own (a throw-away mode of each kind), which this test JVM registers and the jar the bench runs does not.
 */
final class ShippedModes {
    private ShippedModes() {}

    static boolean isShipped(Mode m) {
        var source = m.getClass().getProtectionDomain().getCodeSource();
        return source == null || !source.getLocation().toString().contains("test-classes");
    }
}
