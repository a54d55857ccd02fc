package lab.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A lock's owner, made and taken apart in one place, in each of the shapes the mechanisms write. */
class LockOwnerTest {
    @Test
    void a_process_and_its_grant_are_written_as_the_servers_store_them_and_read_back() {
        LockOwner grant = LockOwner.of("w1", 4242).grant("9f3c01ab");

        assertThat(grant.toString()).isEqualTo("w1-4242-9f3c01ab");
        assertThat(LockOwner.parse(grant.toString())).isEqualTo(grant);
        assertThat(LockOwner.parse("w2-4243")).isEqualTo(LockOwner.of("w2", 4243));
    }

    @Test
    void a_redisson_entry_with_dashes_and_a_colon_is_the_grant_whole() {
        LockOwner owner = LockOwner.parse("w3-77-6a1c2e0f-1b2c-4d5e-8f90-0a1b2c3d4e5f:57");

        assertThat(owner.worker()).isEqualTo("w3");
        assertThat(owner.pid()).isEqualTo(77L);
        assertThat(owner.grant()).isEqualTo("6a1c2e0f-1b2c-4d5e-8f90-0a1b2c3d4e5f:57");
    }

    @Test
    void a_worker_id_that_holds_dashes_itself_keeps_them() {
        LockOwner owner = LockOwner.parse("worker-5d8c7b6f4-x2k9p-1234-9f3c01ab");

        assertThat(owner).isEqualTo(new LockOwner("worker-5d8c7b6f4-x2k9p", 1234L, "9f3c01ab"));
    }

    @Test
    void a_name_with_no_process_is_a_worker_alone_that_any_of_its_processes_matches() {
        LockOwner session = LockOwner.parse("w2");

        assertThat(session).isEqualTo(new LockOwner("w2", null, null));
        assertThat(session.is("w2", 4243L)).isTrue();
        assertThat(session.is("w1", 4243L)).isFalse();
        assertThat(LockOwner.parse("w2-4243").is("w2", 4244L)).isFalse();
        assertThat(LockOwner.parse("w1@host1").worker()).isEqualTo("w1@host1");
    }
}
