package lab.guard.quartz;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import lab.guard.Fires;
import lab.protocol.InstanceId;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.Trigger;
import lab.protocol.WorkerConfig;
import org.junit.jupiter.api.Test;
import org.quartz.JobBuilder;
import org.quartz.impl.StdSchedulerFactory;

/** The knobs reach Quartz under Quartz's own names, with no server: what each worker's scheduler is built with. */
class ClusteredScheduleTest {
    private static final Fires NOWHERE = new Fires() {
        @Override
        public void fired(Instant scheduledAt, Instant readAt) {}

        @Override
        public void recovering(Instant originalAt, Instant readAt) {}

        @Override
        public void dropped(Instant scheduledAt, Instant readAt) {}
    };

    private static Properties built(String worker, ModeSpec spec) {
        WorkerConfig config = new WorkerConfig(
                worker,
                "token",
                "jdbc:h2:mem:x",
                Duration.ofSeconds(2),
                Trigger.CRON,
                Knobs.JITTER.defaultValue(),
                "tick",
                null,
                "jdbc:postgresql://127.0.0.1:1/lab",
                spec,
                "host1",
                "/tmp");
        return new ClusteredSchedule(worker, config, spec, Clock.systemUTC(), NOWHERE, () -> null)
                .properties("lab-" + worker);
    }

    @Test
    void every_worker_is_a_node_of_one_scheduler_name_with_its_own_id_and_quartzs_defaults_but_clustered() {
        ModeSpec spec = ModeSpec.defaults(Mode.byName("quartz-cluster").orElseThrow());

        Properties w1 = built("w1", spec);
        Properties w2 = built("w2", spec);

        assertThat(w1.getProperty("org.quartz.scheduler.instanceName"))
                .isEqualTo(w2.getProperty("org.quartz.scheduler.instanceName"))
                .isEqualTo("scheduler-lock-lab");
        assertThat(w1.getProperty("org.quartz.scheduler.instanceId")).isEqualTo("w1");
        assertThat(w2.getProperty("org.quartz.scheduler.instanceId")).isEqualTo("w2");
        assertThat(w1)
                .containsEntry("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX")
                .containsEntry(
                        "org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate")
                .containsEntry("org.quartz.jobStore.isClustered", "true")
                .containsEntry("org.quartz.jobStore.clusterCheckinInterval", "7500")
                .containsEntry("org.quartz.jobStore.acquireTriggersWithinLock", "false")
                .containsEntry("org.quartz.jobStore.misfireThreshold", "1000");
    }

    @Test
    void unclustered_a_worker_names_no_instance_id_so_quartz_gives_every_node_its_default_non_clustered() {
        ModeSpec spec =
                ModeSpec.defaults(Mode.byName("quartz-cluster").orElseThrow()).with(QuartzKnobs.CLUSTERED, false);

        assertThat(QuartzKnobs.INSTANCE_ID.defaultValue()).isEqualTo(InstanceId.DEFAULT);
        assertThat(built("w1", spec)).doesNotContainKey("org.quartz.scheduler.instanceId");
        assertThat(built("w2", spec)).doesNotContainKey("org.quartz.scheduler.instanceId");
        // What Quartz 2.5.2's StdSchedulerFactory falls back to when the property is absent.
        assertThat(StdSchedulerFactory.DEFAULT_INSTANCE_ID).isEqualTo("NON_CLUSTERED");
    }

    @Test
    void instance_id_per_worker_names_each_unclustered_node_after_its_worker() {
        ModeSpec spec = ModeSpec.defaults(Mode.byName("quartz-cluster").orElseThrow())
                .with(QuartzKnobs.CLUSTERED, false)
                .with(QuartzKnobs.INSTANCE_ID, InstanceId.PER_WORKER);

        assertThat(built("w1", spec)).containsEntry("org.quartz.scheduler.instanceId", "w1");
        assertThat(built("w2", spec)).containsEntry("org.quartz.scheduler.instanceId", "w2");
    }

    @Test
    void each_knob_sets_the_quartz_setting_of_its_name() {
        ModeSpec spec = ModeSpec.defaults(Mode.byName("quartz-cluster").orElseThrow())
                .with(QuartzKnobs.CLUSTERED, false)
                .with(QuartzKnobs.ACQUIRE_WITHIN_LOCK, true)
                .with(QuartzKnobs.CHECKIN_INTERVAL, Duration.ofSeconds(1));

        assertThat(built("w1", spec))
                .containsEntry("org.quartz.jobStore.isClustered", "false")
                .containsEntry("org.quartz.jobStore.clusterCheckinInterval", "1000")
                .containsEntry("org.quartz.jobStore.acquireTriggersWithinLock", "true");
        assertThat(JobBuilder.newJob(TickJobs.of(true)).build().isConcurrentExecutionDisallowed())
                .as("disallow-concurrent on")
                .isTrue();
        assertThat(JobBuilder.newJob(TickJobs.of(false)).build().isConcurrentExecutionDisallowed())
                .as("disallow-concurrent off")
                .isFalse();
    }
}
