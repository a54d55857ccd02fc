package lab.tui;

import com.googlecode.lanterna.terminal.ansi.UnixLikeTerminal;
import com.googlecode.lanterna.terminal.ansi.UnixTerminal;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;

/**
 * The Unix terminal with every signal key turned into a key while the dashboard is open. Lanterna's trap of Ctrl-C
 * only undefines {@code intr}: Ctrl-\ still sent SIGQUIT to the lab's process group (the JVM printed a thread dump
 * over the screen) and Ctrl-Z SIGTSTP (the lab stopped with the terminal left raw). With {@code -isig} they arrive
 * as keys; the settings saved before are put back on close, {@code isig} with them.
 */
final class SignalKeysTerminal extends UnixTerminal {
    SignalKeysTerminal(InputStream in, OutputStream out, Charset charset) throws IOException {
        super(in, out, charset, UnixLikeTerminal.CtrlCBehaviour.TRAP);
    }

    @Override
    protected void keyStrokeSignalsEnabled(boolean enabled) throws IOException {
        super.keyStrokeSignalsEnabled(enabled);
        runSTTYCommand(enabled ? "isig" : "-isig");
    }
}
