package lab.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import lab.protocol.Mode;
import lab.protocol.Modes;
import org.junit.jupiter.api.Test;

/** Each fault of the matrix is one entry, named once, titled in both languages, and says why a cell is n/a. */
class CatalogueTest {
    @Test
    void every_fault_has_a_name_of_its_own_and_a_title_in_english_and_chinese() {
        Set<String> names = new HashSet<>();
        for (MatrixFault f : Catalogue.all()) {
            assertThat(names.add(f.name())).as(f.name() + " named once").isTrue();
            assertThat(f.en()).as(f.name()).isNotBlank();
            assertThat(f.zh()).as(f.name()).isNotBlank();
        }
        assertThat(names)
                .contains(
                        "fast-job",
                        "short-ttl",
                        "holder-killed",
                        "holder-paused",
                        "server-down",
                        "redis-restart",
                        "clock-skew",
                        "host-cut-off");
    }

    @Test
    void the_restart_touches_only_modes_locked_on_redis_and_the_skew_every_mode_from_its_labs_start() {
        MatrixFault restart = Catalogue.named("redis-restart").orElseThrow();
        MatrixFault skew = Catalogue.named("clock-skew").orElseThrow();
        assertThat(restart.whyNot(Mode.REDIS)).isEmpty();
        assertThat(restart.whyNot(Mode.POSTGRES)).contains("no lock on Redis: the restart cannot touch it");
        for (Mode m : Modes.all()) {
            assertThat(skew.whyNot(m)).as(m.cliName()).isEmpty();
        }
        assertThat(skew.skews())
                .extracting(lab.launcher.LabSettings.Skew::worker)
                .containsExactly("w2");
        assertThat(Catalogue.all()).as("every fault is built").allMatch(f -> f.plan()
                .isPresent());
    }

    @Test
    void a_mode_with_no_lock_server_is_na_for_the_server_faults_and_says_where_its_lock_lives() {
        MatrixFault down = Catalogue.named("server-down").orElseThrow();
        assertThat(down.whyNot(Mode.HOST_MUTEX)).contains("no lock server: its lock lives in the worker's host");
        assertThat(down.whyNot(Mode.NAIVE)).contains("no lock server: its writes go to the store alone");
        assertThat(down.whyNot(Mode.POSTGRES)).isEmpty();
    }

    @Test
    void only_a_lease_is_touched_by_a_ttl_shorter_than_the_job() {
        MatrixFault ttl = Catalogue.named("short-ttl").orElseThrow();
        assertThat(ttl.whyNot(Mode.REDIS)).isEmpty();
        assertThat(ttl.whyNot(Mode.POSTGRES)).contains("no TTL: the lock is held until the job ends");
    }
}
