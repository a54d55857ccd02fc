package lab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code --attach} and {@code --token-file}: a port workers started on their own report to, and the session's token
 * they send, read from a file (a Kubernetes Secret) instead of a new one. Checked before anything starts.
 */
final class AttachFlags {
    private AttachFlags() {}

    /** Throws, naming the flag, when the port is out of range or the token file is given alone or unreadable. */
    static void check(CommandSpec spec, Integer attach, Path tokenFile) {
        if (attach != null && (attach < 0 || attach > 65535)) {
            throw LabCommand.bad(spec, "--attach", String.valueOf(attach), "a port from 0 to 65535 (0: any free port)");
        }
        if (tokenFile != null && attach == null) {
            throw LabCommand.bad(
                    spec,
                    "--token-file",
                    tokenFile.toString(),
                    "--token-file only with --attach: it is the token attached" + " workers send");
        }
        if (tokenFile != null && !readableToken(tokenFile)) {
            throw LabCommand.bad(
                    spec,
                    "--token-file",
                    tokenFile.toString(),
                    "a readable file holding one line, the session's token");
        }
    }

    private static boolean readableToken(Path file) {
        try {
            String token = Files.readString(file).strip();
            return !token.isEmpty() && !token.contains("\n");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
