package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import lab.cli.Main;
import org.junit.jupiter.api.Test;

class ListScenariosTest {
    @Test
    void list_scenarios_prints_the_title_and_lesson_of_each_shipped_lesson_and_starts_nothing()
            throws java.io.IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = Main.run(
                new String[] {"--list-scenarios"},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(code).as("stderr: %s", err).isZero();
        long shipped;
        try (java.util.stream.Stream<java.nio.file.Path> files =
                java.nio.file.Files.list(java.nio.file.Path.of("..", "scenarios"))) {
            shipped = files.filter(p -> p.toString().endsWith(".yaml")).count();
        }
        assertThat(shipped).as("lessons in scenarios/").isGreaterThanOrEqualTo(19);
        assertThat(out.toString(StandardCharsets.UTF_8).lines())
                .hasSize((int) shipped)
                .anySatisfy(l -> assertThat(l).startsWith("01-naive.yaml  ").endsWith("(docs/lessons/01-naive.md)"))
                .anySatisfy(l -> assertThat(l)
                        .startsWith("10b-stopped-holder.yaml  ")
                        .endsWith("(docs/lessons/10-dead-holder.md)"))
                .anySatisfy(l -> assertThat(l).startsWith("11-interval-trigger.yaml  "));
    }
}
