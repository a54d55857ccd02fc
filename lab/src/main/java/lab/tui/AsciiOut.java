package lab.tui;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Takes UTF-8 and writes it on in ASCII, each character as {@link Glyphs#fit} gives it. It sits under a print stream
 * rather than in one, so that every way of printing (println, printf, a picocli writer, a stack trace) passes
 * through it.
 */
final class AsciiOut extends FilterOutputStream {
    private final Glyphs glyphs;
    /** The first bytes of a character whose last bytes have not come yet (at most 3). */
    private byte[] pending = new byte[0];

    AsciiOut(OutputStream out, Glyphs glyphs) {
        super(out);
        this.glyphs = glyphs;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        byte[] all = Arrays.copyOf(pending, pending.length + len);
        System.arraycopy(b, off, all, pending.length, len);
        int whole = wholeCharacters(all);
        pending = Arrays.copyOfRange(all, whole, all.length);
        // No line buffer of its own: the print stream above decides when a line goes out, as it does in UTF-8.
        String text = new String(all, 0, whole, StandardCharsets.UTF_8);
        out.write(glyphs.fit(text).getBytes(StandardCharsets.US_ASCII));
    }

    /** How many of {@code b}'s bytes end on a whole UTF-8 character; the rest wait for their last bytes. */
    static int wholeCharacters(byte[] b) {
        for (int back = 1; back <= Math.min(3, b.length); back++) {
            int lead = b[b.length - back] & 0xff;
            if (lead < 0x80) {
                return b.length;
            }
            if (lead >= 0xc0) {
                int size = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
                return size > back ? b.length - back : b.length;
            }
        }
        return b.length;
    }
}
