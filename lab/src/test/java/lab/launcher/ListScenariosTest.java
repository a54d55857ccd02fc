package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import lab.cli.Main;
import org.junit.jupiter.api.Test;

class ListScenariosTest {
    @Test
    void list_scenarios_prints_the_title_and_lesson_of_each_shipped_lesson_and_starts_nothing() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = Main.run(
                new String[] {"--list-scenarios"},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(code).as("stderr: %s", err).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8).lines())
                .hasSize(17)
                .anySatisfy(l -> assertThat(l).startsWith("01-naive.yaml  ").endsWith("(docs/lessons/01-naive.md)"))
                .anySatisfy(l -> assertThat(l)
                        .startsWith("10b-stopped-holder.yaml  ")
                        .endsWith("(docs/lessons/10-dead-holder.md)"))
                .anySatisfy(l -> assertThat(l).startsWith("11-interval-trigger.yaml  "));
    }
}
