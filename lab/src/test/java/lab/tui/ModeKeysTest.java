package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.ModeDeclaration;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.Modes;
import org.junit.jupiter.api.Test;

/** The dashboard's key table comes from the modes' declarations, and the docs say what it says. */
class ModeKeysTest {
    private static final Path DOCS = Path.of("..", "docs");

    @Test
    void the_workshop_pages_key_row_is_the_one_the_declarations_give_in_english_and_in_chinese() throws IOException {
        assertThat(Files.readAllLines(DOCS.resolve("workshop.md"))).contains(ModeKeys.docRow(false));
        assertThat(Files.readAllLines(DOCS.resolve("zh").resolve("workshop.md")))
                .contains(ModeKeys.docRow(true));
    }

    @Test
    void ten_modes_have_the_keys_one_to_nine_and_zero_and_every_key_is_taken() {
        assertThat(ModeKeys.range()).isEqualTo("1-0");
        assertThat(Mode.values().stream().flatMap(m -> m.key().stream()).map(String::valueOf))
                .containsExactly("1", "2", "3", "4", "5", "6", "7", "8", "9", "0");
        assertThat(Modes.KEYS).hasSize(10);
    }

    @Test
    void the_help_names_a_mode_with_no_key_beside_the_mode_picker_that_reaches_it() {
        assertThat(ModeKeys.keyless()).contains("lock-file"); // the test sources' own mode has no key
        assertThat(ModeKeys.helpLines(new Look(false, Glyphs.ASCII, java.time.ZoneOffset.UTC)))
                .last()
                .asString()
                .startsWith("no key: ")
                .contains(String.join(", ", ModeKeys.keyless()) + " (m, the mode picker)");
    }

    @Test
    void the_knob_panels_mode_field_reaches_the_modes_with_no_key_after_the_last_keyed_one_and_wraps_to_the_first() {
        // The test sources declare modes with no key (lock-file among them): each comes in name order.
        ModeSpec spec = ModeSpec.defaults(Mode.byName("quartz-cluster").orElseThrow());
        for (String keyless : ModeKeys.keyless()) {
            spec = LiveKnobs.nextChange(Knobs.MODE, spec).applyTo(spec);
            assertThat(spec.mode().cliName()).isEqualTo(keyless);
        }
        assertThat(ModeKeys.keyless()).contains("lock-file");
        assertThat(LiveKnobs.nextChange(Knobs.MODE, spec).applyTo(spec).mode()).isEqualTo(Mode.NAIVE);
    }

    @Test
    void a_mode_registered_at_run_time_cannot_take_a_name_or_a_key_another_mode_has() {
        assertThatThrownBy(() -> Modes.register(new Declared("redis", Optional.empty())))
                .hasMessage("mode redis is declared twice");
        assertThatThrownBy(() -> Modes.register(new Declared("learners-lock", Optional.of('3'))))
                .hasMessage("key 3 is taken by mode redis; learners-lock cannot have it too");
        assertThatThrownBy(() -> Modes.register(new Declared("learners-lock", Optional.of('x'))))
                .hasMessage("mode learners-lock has key x, which is not one of 1234567890");
        assertThat(Mode.byName("learners-lock")).isEmpty();
    }

    /** A mode as a learner's file would declare it; refused here, so it never runs. */
    private static final class Declared extends ModeDeclaration {
        private final String name;
        private final Optional<Character> key;

        Declared(String name, Optional<Character> key) {
            this.name = name;
            this.key = key;
        }

        @Override
        public String cliName() {
            return name;
        }

        @Override
        public Optional<Character> key() {
            return key;
        }

        @Override
        public Hue hue() {
            return Hue.GREEN;
        }

        @Override
        public Lock lock() {
            return Lock.NONE;
        }

        @Override
        public Set<Knob<?>> concerns() {
            return Set.of();
        }

        @Override
        public Guard guard(GuardContext ctx) {
            throw new UnsupportedOperationException("never registered");
        }
    }
}
