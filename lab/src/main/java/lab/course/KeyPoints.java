package lab.course;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.protocol.Lang;

/**
 * What a lesson's page says to read before playing it: its "In this lesson" section (objectives, never the outcome,
 * which the lesson asks the learner to predict) and the versions its figures were measured with.
 */
public final class KeyPoints {
    static final String HEADING_EN = "## In this lesson";
    static final String HEADING_ZH = "## 本课要点";

    private KeyPoints() {}

    /** The page in {@code lang}: the Chinese twin sits in a {@code zh/} folder beside the English page. */
    public static Path page(Path english, Lang lang) {
        return lang == Lang.ZH ? english.resolveSibling("zh").resolve(english.getFileName()) : english;
    }

    /** The section's lines, from its heading to the next heading, blank lines left out; empty where it has none. */
    public static List<String> of(Path page, Lang lang) throws IOException {
        List<String> out = new ArrayList<>();
        if (!Files.isRegularFile(page)) {
            return out;
        }
        boolean in = false;
        for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
            if (line.startsWith("#")) {
                if (in) {
                    break;
                }
                in = line.strip().equals(lang.pick(HEADING_EN, HEADING_ZH));
            } else if (in && !line.isBlank()) {
                out.add(line.strip());
            }
        }
        return out;
    }
}
