package lab.guard;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The eight hex letters that set one grant's owner apart from the same worker's other grants ({@code w1-4242-9f3c01ab}),
 * so that a release finds the lock its own grant took and no other. Thirty-two random bits, as the head of a random
 * UUID gave, without its cost: {@code UUID.randomUUID()} draws on SecureRandom, tens of µs a call in a worker that runs
 * its lock code in the interpreter, and its first call in a JVM tens of ms, all counted in the acquire.
 */
public final class GrantLetters {
    private GrantLetters() {}

    public static String next() {
        long bits = ThreadLocalRandom.current().nextInt() & 0xffff_ffffL;
        // The leading 1 keeps the zeros: always eight letters, as the UUID's head was.
        return Long.toHexString(bits | 0x1_0000_0000L).substring(1);
    }
}
