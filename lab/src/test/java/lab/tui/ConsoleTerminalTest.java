package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConsoleTerminalTest {

    @Test
    void without_a_TTY_there_is_no_dashboard_and_the_reason_fits_on_one_line() {
        assertThat(ConsoleTerminal.whyNot(false, "xterm-256color"))
                .contains("no terminal (input or output is not a TTY)");
    }

    @Test
    void a_dumb_or_missing_TERM_is_no_terminal_either() {
        assertThat(ConsoleTerminal.whyNot(true, "dumb"))
                .hasValueSatisfying(r -> assertThat(r).contains("TERM=dumb"));
        assertThat(ConsoleTerminal.whyNot(true, null))
                .hasValueSatisfying(r -> assertThat(r).contains("TERM is not set"));
    }

    @Test
    void a_TTY_with_a_real_TERM_can_show_the_dashboard() {
        assertThat(ConsoleTerminal.whyNot(true, "screen-256color")).isEmpty();
    }

    @Test
    void under_the_test_runner_there_is_no_TTY_so_no_terminal_is_opened() throws Exception {
        // Surefire pipes the forked JVM's streams: the factory must say no rather than open anything (or a window).
        assertThat(Dashboard.openIfTerminal(Rendered.COLOUR_UTF8)).isEmpty();
    }
}
