package lab.check;

import static lab.protocol.EventType.ACQUIRED;
import static lab.protocol.EventType.FIRED;
import static lab.protocol.EventType.RELEASED;
import static org.assertj.core.api.Assertions.assertThat;

import lab.protocol.Mode;
import org.junit.jupiter.api.Test;

/**
 * How the explainer tells the duplicates of a learner's lock (mode exam), which it sees only through its calls. No mode
 * exam is declared in this JVM, as in the one {@code ./run.sh report} reads an exam's folder in: the recording's own
 * lines describe it, as an exam's launcher writes them.
 */
class ExamExplainerTest {
    /** A learner's lock as its mode's declaration names it: after the learner's class, seen through its calls. */
    private static final Mode.Lock LEARNERS = new Mode.Lock("MyLock", "exam", Mode.Sight.CALLS, "");

    private static final String EXAM = "lock=exam key=scheduler_lock:tick ";
    private static final String KEY = "key=scheduler_lock:tick ";
    private static final String CRON = "trigger=cron";
    private final Story s = new Story();

    @Test
    void a_learners_lock_that_grants_a_second_worker_while_the_first_holds_it_is_granted_while_held() {
        s.in("exam", LEARNERS, Mode.Need.REDIS, Mode.Need.POSTGRES, Mode.Need.FENCING_COUNTER)
                .row("w1", 101, "12:00:10", "12:00:10.003", "12:00:10.603")
                .row("w2", 102, "12:00:10", "12:00:10.051", "12:00:10.651")
                .said("12:00:10.001", "w1", 101, FIRED, "12:00:10", CRON)
                .said("12:00:10.002", "w1", 101, ACQUIRED, "12:00:10", EXAM + "owner=w1-101-aa")
                .said("12:00:10.049", "w2", 102, FIRED, "12:00:10", CRON)
                .said("12:00:10.050", "w2", 102, ACQUIRED, "12:00:10", EXAM + "owner=w2-102-bb")
                .said("12:00:10.604", "w1", 101, RELEASED, "12:00:10", KEY + "owner=w1-101-aa how=unlock");

        Explanations x = s.explain("12:00:10", "12:00:11");

        assertThat(x.findings()).extracting(Finding::cause).containsOnly(Cause.GRANTED_WHILE_HELD);
        assertThat(x.findings().get(0).sentence())
                .contains("w1 held scheduler_lock:tick from .002 until .604")
                .contains("w2 was granted it at .050, in between: the lock let a second holder in");
    }

    @Test
    void a_learners_lock_granted_again_after_the_holder_wrote_its_row_is_released_early() {
        // w2's grant is stamped a millisecond before w1's release line: after w1's row, so after its unlock began.
        s.in("exam", LEARNERS, Mode.Need.REDIS, Mode.Need.POSTGRES, Mode.Need.FENCING_COUNTER)
                .row("w1", 101, "12:00:20", "12:00:20.003", "12:00:20.004")
                .row("w2", 102, "12:00:20", "12:00:20.007", "12:00:20.008")
                .said("12:00:20.001", "w1", 101, FIRED, "12:00:20", CRON)
                .said("12:00:20.002", "w1", 101, ACQUIRED, "12:00:20", EXAM + "owner=w1-101-aa")
                .said("12:00:20.005", "w2", 102, FIRED, "12:00:20", CRON)
                .said("12:00:20.005", "w2", 102, ACQUIRED, "12:00:20", EXAM + "owner=w2-102-bb")
                .said("12:00:20.006", "w1", 101, RELEASED, "12:00:20", KEY + "owner=w1-101-aa how=unlock");

        Explanations x = s.explain("12:00:20", "12:00:21");

        assertThat(x.findings()).extracting(Finding::cause).containsOnly(Cause.RELEASED_EARLY);
    }
}
