package lab.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.util.concurrent.atomic.AtomicInteger;

/** A virtual terminal that remembers what a real one would need restored: the alternate screen, and closing. */
final class RecordingTerminal extends DefaultVirtualTerminal {
    volatile boolean inPrivateMode;
    volatile boolean closed;
    final AtomicInteger flushes = new AtomicInteger();

    RecordingTerminal(int columns, int rows) {
        super(new TerminalSize(columns, rows));
    }

    @Override
    public synchronized void enterPrivateMode() {
        super.enterPrivateMode();
        inPrivateMode = true;
    }

    @Override
    public synchronized void exitPrivateMode() {
        super.exitPrivateMode();
        inPrivateMode = false;
    }

    @Override
    public synchronized void flush() {
        super.flush();
        flushes.incrementAndGet();
    }

    @Override
    public void close() {
        super.close();
        closed = true;
    }
}
