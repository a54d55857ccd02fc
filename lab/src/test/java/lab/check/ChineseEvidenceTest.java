package lab.check;

import static lab.protocol.EventType.ACQUIRED;
import static lab.protocol.EventType.FIRED;
import static lab.protocol.EventType.RELEASED;
import static lab.protocol.EventType.RENEWED;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every sentence the explainer builds has a Chinese twin about the same facts ({@link ChineseTwin} says what that
 * holds): on a screen in Chinese the why line and the verdicts show it, while the recording and the summary keep the
 * English. Each story of the explainer's tests is held so when it is explained; here they are all told once more to
 * show that together they reach every cause, then the kept recordings, then the turns of a sentence no story takes.
 */
class ChineseEvidenceTest {
    private static final String CRON = "trigger=cron";
    private static final String REDIS = "lock=redis key=scheduler_lock:tick ";

    /** The test classes whose stories are told through {@link Story#explain}. */
    private static final List<Class<?>> STORIES = List.of(
            ExplainerTest.class,
            RestartExplainerTest.class,
            SkewExplainerTest.class,
            SkewedWorkerTest.class,
            ExamExplainerTest.class);

    @Test
    void the_explainers_stories_together_say_every_cause_in_chinese_with_the_same_facts() throws Exception {
        ChineseTwin.forget();
        for (Class<?> stories : STORIES) {
            for (Method m : stories.getDeclaredMethods()) {
                if (m.isAnnotationPresent(Test.class)) {
                    tell(stories, m);
                }
            }
        }

        assertThat(ChineseTwin.held()).as("the causes held in Chinese").isEqualTo(EnumSet.allOf(Cause.class));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.check.KeptRecordingsTest#recordings")
    void every_finding_of_a_kept_recording_is_said_in_chinese_with_the_same_facts(String name) throws IOException {
        Explanations x = KeptRecordingsTest.explanations(Path.of("src", "test", "resources", "recordings", name));

        assertThat(x.findings()).isNotEmpty();
        ChineseTwin.hold(x);
    }

    @Test
    void two_hosts_file_locks_of_one_name_are_said_in_chinese_with_both_hosts() {
        Story s = new Story()
                .in("host-mutex")
                .row("w1", 101, "12:00:20", "12:00:20.003", "12:00:20.303")
                .row("w2", 102, "12:00:20", "12:00:20.004", "12:00:20.304")
                .said("12:00:20.001", "w1", 101, FIRED, "12:00:20", CRON)
                .said(
                        "12:00:20.002",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:20",
                        "lock=file key=tick.lock owner=w1-101 host=h1 lock_server=h1")
                .said("12:00:20.002", "w2", 102, FIRED, "12:00:20", CRON)
                .said(
                        "12:00:20.003",
                        "w2",
                        102,
                        ACQUIRED,
                        "12:00:20",
                        "lock=file key=tick.lock owner=w2-102 host=h2 lock_server=h2");

        Finding f = s.explain("12:00:20", "12:00:21").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.SPLIT_SERVERS);
        assertThat(f.zh()).contains("h1", "h2", "file lock tick.lock", "文件锁出不了本机");
    }

    @Test
    void two_keys_of_one_mode_are_said_in_chinese_as_two_settings_of_that_mode() {
        Story s = new Story()
                .in("redis")
                .row("w1", 101, "12:00:30", "12:00:30.003", "12:00:30.303")
                .row("w2", 102, "12:00:30", "12:00:30.041", "12:00:30.341")
                .said("12:00:30.001", "w1", 101, FIRED, "12:00:30", CRON)
                .said("12:00:30.002", "w1", 101, ACQUIRED, "12:00:30", REDIS + "owner=w1-101-aa")
                .said("12:00:30.039", "w2", 102, FIRED, "12:00:30", CRON)
                .said("12:00:30.040", "w2", 102, ACQUIRED, "12:00:30", "lock=redis key=other:tick owner=w2-102-bb");

        Finding f = s.explain("12:00:30", "12:00:31").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.TWO_LOCKS);
        assertThat(f.zh()).contains("模式 redis 的两种设置之间");
    }

    @Test
    void two_modes_without_a_shared_lock_are_both_named_in_chinese() {
        Story s = new Story()
                .in("naive")
                .row("w1", 101, "12:00:05", "12:00:05.002", "12:00:05.302")
                .in("local-mutex")
                .row("w2", 102, "12:00:05", "12:00:05.004", "12:00:05.304");

        Finding f = s.explain("12:00:05", "12:00:06").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.NO_LOCK);
        assertThat(f.zh()).endsWith("（模式 naive 和 local-mutex）");
    }

    @Test
    void a_second_run_the_recording_has_no_fire_for_is_said_in_chinese_by_the_event_to_look_for() {
        Story s = new Story()
                .in("redis")
                .row("w1", 101, "12:00:05", "12:00:05.002", "12:00:05.302")
                .row("w2", 102, "12:00:05", "12:00:05.004", "12:00:05.304")
                .said("12:00:05.001", "w1", 101, FIRED, "12:00:05", CRON)
                .said("12:00:05.002", "w1", 101, ACQUIRED, "12:00:05", REDIS + "owner=w1-101-aa")
                .said("12:00:05.003", "w2", 102, ACQUIRED, "12:00:05", REDIS + "owner=w2-102-bb");

        Finding f = s.explain("12:00:05", "12:00:06").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.UNEXPLAINED);
        assertThat(f.zh()).endsWith("录制里没有 w2 的 fired 事件");
    }

    @Test
    void a_lock_whose_key_expired_early_is_said_in_chinese_as_its_key_expiring() {
        Story s = new Story()
                .in("redis")
                .row("w1", 101, "12:00:30", "12:00:30.003", "12:00:30.013")
                .row("w2", 102, "12:00:30", "12:00:30.041", "12:00:30.051")
                .said("12:00:30.001", "w1", 101, FIRED, "12:00:30", CRON)
                .said("12:00:30.002", "w1", 101, ACQUIRED, "12:00:30", REDIS + "owner=w1-101-aa")
                .said(
                        "12:00:30.014",
                        "w1",
                        101,
                        RELEASED,
                        "12:00:30",
                        "key=scheduler_lock:tick owner=w1-101-aa how=expires held_ms=18"
                                + " expires_at=2026-07-07T12:00:30.020Z")
                .said("12:00:30.039", "w2", 102, FIRED, "12:00:30", CRON)
                .said("12:00:30.040", "w2", 102, ACQUIRED, "12:00:30", REDIS + "owner=w2-102-bb");

        Finding f = s.explain("12:00:30", "12:00:31").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.RELEASED_EARLY);
        assertThat(f.zh()).contains("共 18 ms（它的 key 在 .020 过期）");
    }

    @Test
    void a_renewed_lease_that_expired_all_the_same_says_its_renewals_in_chinese() {
        Story s = new Story()
                .in("redis")
                .row("w1", 101, "12:00:02", "12:00:02.002", "12:00:02.900")
                .row("w2", 102, "12:00:02", "12:00:02.651", "12:00:02.951")
                .said("12:00:02.001", "w1", 101, FIRED, "12:00:02", CRON)
                .said(
                        "12:00:02.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:02",
                        REDIS + "owner=w1-101-aa expires_at=2026-07-07T12:00:02.300Z")
                .said(
                        "12:00:02.200",
                        "w1",
                        101,
                        RENEWED,
                        "12:00:02",
                        "key=scheduler_lock:tick owner=w1-101-aa expires_at=2026-07-07T12:00:02.600Z")
                .said("12:00:02.003", "w2", 102, FIRED, "12:00:02", CRON)
                .said("12:00:02.650", "w2", 102, ACQUIRED, "12:00:02", REDIS + "owner=w2-102-bb waited_ms=647");

        Finding f = s.explain("12:00:02", "12:00:03").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.LEASE_EXPIRED);
        assertThat(f.zh()).contains("（续期过 1 次）");
    }

    @Test
    void a_paused_fenced_holder_that_never_resumed_is_said_in_chinese_with_its_token() {
        Story s = new Story()
                .in("redis")
                .row("w2", 4243, "12:00:10", "12:00:10.353", "12:00:10.653")
                .row("w1", 4242, "12:00:10", "12:00:10.003", "12:00:10.901")
                .said("12:00:10.001", "w1", 4242, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.002",
                        "w1",
                        4242,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w1-4242-aa token=7 expires_at=2026-07-07T12:00:10.302Z")
                .said("12:00:10.003", "w2", 4243, FIRED, "12:00:10", CRON)
                .fault("12:00:10.100", "pause", "w1", 4242)
                .said("12:00:10.352", "w2", 4243, ACQUIRED, "12:00:10", REDIS + "owner=w2-4243-bb token=8");

        Finding f = s.explain("12:00:10", "12:00:11").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.PAUSED_HOLDER);
        assertThat(f.zh()).contains("（token 7）").endsWith("w1 在 .901 才写入，已经晚了");
    }

    @Test
    void a_trigger_a_paused_node_acquired_ahead_of_its_time_is_said_in_chinese() {
        Story s = new Story()
                .in("quartz-cluster")
                .inMode("12:00:00.500", "w1", 101, "clustered=on checkin-interval=1s recovery=on")
                .inMode("12:00:00.500", "w2", 102, "clustered=on checkin-interval=1s recovery=on")
                .lock("12:00:56.100", "tick-trigger", "w2 ACQUIRED (scheduled 12:00:58.000)")
                .fault("12:00:56.122", "pause", "w2", 102);

        Explanations x =
                Explainer.explain(s.rows, s.events, Story.t("12:00:58"), Story.t("12:01:00"), Duration.ofSeconds(2));

        ChineseTwin.hold(x);
        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.DEAD_HOLDER);
        assertThat(x.findings().get(0).zh()).contains("qrtz_fired_triggers", "12:00:58.000", "被暂停");
    }

    /** One story, on a fresh instance of its class as JUnit makes one: a failure is the story's own. */
    private static void tell(Class<?> stories, Method story) throws Exception {
        var make = stories.getDeclaredConstructor();
        make.setAccessible(true);
        Object instance = make.newInstance();
        story.setAccessible(true);
        try {
            story.invoke(instance);
        } catch (InvocationTargetException e) {
            throw new AssertionError(stories.getSimpleName() + "." + story.getName(), e.getCause());
        }
    }
}
