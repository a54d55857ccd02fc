package lab.check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A kept recording's {@code expected.txt}: the findings a person wrote it holds, one line each; see {@link
 * KeptRecordingsTest}. A line that is not of the form is refused with its file and number, so that a typo never turns
 * into a finding nobody expects.
 *
 * @param lines the findings, as {@link KeptRecordingsTest#line} writes one
 */
record Expected(List<String> lines) {
    private static final Pattern LINE =
            Pattern.compile("(duplicate|overlap|missed) \\d\\d:\\d\\d:\\d\\d [a-z-]+ (-|w\\d+(,w\\d+)*)");

    static Expected read(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        int n = 0;
        for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            n++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (!LINE.matcher(line).matches()
                    || Cause.byName(line.split(" ")[2]).isEmpty()) {
                throw new IllegalArgumentException(file + ":" + n + ": expected '<duplicate|overlap|missed> HH:mm:ss"
                        + " <cause> <w1,w2|->' with a cause of " + Cause.names() + ", found '" + line + "'");
            }
            lines.add(line);
        }
        return new Expected(List.copyOf(lines));
    }
}
