package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GrantLettersTest {
    @Test
    void each_grant_gets_eight_lowercase_hex_letters_and_grants_do_not_share_them() {
        Set<String> drawn = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            String letters = GrantLetters.next();
            assertThat(letters).matches("[0-9a-f]{8}");
            drawn.add(letters);
        }
        // 32 random bits each: two of a hundred alike about once in a million runs, three never.
        assertThat(drawn).hasSizeGreaterThanOrEqualTo(99);
    }
}
