package lab.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretsTest {
    @Test
    void every_form_of_password_a_server_url_may_carry_is_masked() {
        assertThat(Secrets.mask("redis at redis://:pw-1_x@127.0.0.1:6379 unreachable"))
                .isEqualTo("redis at redis://:***@127.0.0.1:6379 unreachable");
        assertThat(Secrets.mask("redis://lab:pw@127.0.0.1:6379/2")).isEqualTo("redis://lab:***@127.0.0.1:6379/2");
        assertThat(Secrets.mask("redis://pw@127.0.0.1:6379")).isEqualTo("redis://***@127.0.0.1:6379");
        assertThat(Secrets.mask("jdbc:postgresql://h:5432/db?user=u&password=pw&ssl=false"))
                .isEqualTo("jdbc:postgresql://h:5432/db?user=u&password=***&ssl=false");
        assertThat(Secrets.mask("jdbc:h2:tcp://127.0.0.1:9092/lab;USER=lab;PASSWORD=pw"))
                .isEqualTo("jdbc:h2:tcp://127.0.0.1:9092/lab;USER=lab;PASSWORD=***");
        assertThat(Secrets.mask("redis://127.0.0.1:6379")).isEqualTo("redis://127.0.0.1:6379");
        assertThat(Secrets.mask(null)).isNull();
    }
}
