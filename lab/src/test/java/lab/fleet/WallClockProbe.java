package lab.fleet;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A JVM that answers each line it reads with its wall clock, {@code System.currentTimeMillis()}, until its input
 * ends: the asker brackets each answer between two readings of its own clock.
 */
public final class WallClockProbe {
    private WallClockProbe() {}

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        while (in.readLine() != null) {
            System.out.println(System.currentTimeMillis());
            System.out.flush();
        }
    }
}
