package lab.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LockServersTest {
    @Test
    void with_one_lock_server_every_worker_uses_the_first() {
        assertThat(LockServers.of("w2", 1)).isEqualTo(1);
        assertThat(LockServers.redis("redis://:pw@127.0.0.1:6379", 1)).isEqualTo("redis://:pw@127.0.0.1:6379");
    }

    @Test
    void with_two_the_even_numbered_workers_use_the_second() {
        assertThat(LockServers.of("w1", 2)).isEqualTo(1);
        assertThat(LockServers.of("w2", 2)).isEqualTo(2);
        assertThat(LockServers.of("w3", 2)).isEqualTo(1);
        assertThat(LockServers.of("w12", 2)).isEqualTo(2);
    }

    @Test
    void the_second_redis_lock_server_is_the_next_database_index_of_the_same_server() {
        assertThat(LockServers.redis("redis://:pw@127.0.0.1:6379", 2)).isEqualTo("redis://:pw@127.0.0.1:6379/1");
        assertThat(LockServers.redis("redis://127.0.0.1:6379/", 2)).isEqualTo("redis://127.0.0.1:6379/1");
        assertThat(LockServers.redis("redis://127.0.0.1:6379/4", 2)).isEqualTo("redis://127.0.0.1:6379/5");
    }

    @Test
    void the_second_postgres_lock_server_is_a_second_database_on_the_same_server_with_the_same_parameters() {
        assertThat(LockServers.postgres("jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres&password=pw", 2))
                .isEqualTo("jdbc:postgresql://127.0.0.1:5432/postgres_lock2?user=postgres&password=pw");
        assertThat(LockServers.postgres("jdbc:postgresql://db:5432/app", 2))
                .isEqualTo("jdbc:postgresql://db:5432/app_lock2");
        assertThat(LockServers.database("jdbc:postgresql://db:5432/app?user=u")).isEqualTo("app");
    }

    @Test
    void a_url_it_cannot_read_is_refused_with_its_password_masked() {
        assertThatThrownBy(() -> LockServers.redis("redis://:secret@h:1/x", 2))
                .hasMessageContaining("not a redis URL")
                .hasMessageNotContaining("secret");
    }
}
