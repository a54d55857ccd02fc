package lab.check;

import static lab.protocol.EventType.ACQUIRED;
import static lab.protocol.EventType.FIRED;
import static lab.protocol.EventType.RELEASED;
import static org.assertj.core.api.Assertions.assertThat;

import lab.protocol.Mode;
import org.junit.jupiter.api.Test;

/**
 * The conditions of a learner's lock granting a second holder (mode exam, seen only through its calls): which of the two
 * held the lock, and an expiry the first grant told that the second came just before or well before.
 */
class GrantedWhileHeldTest {
    private static final Mode.Lock LEARNERS = new Mode.Lock("MyLock", "exam", Mode.Sight.CALLS, "");
    private static final String EXAM = "lock=exam key=scheduler_lock:tick ";
    private static final String KEY = "key=scheduler_lock:tick ";
    private static final String CRON = "trigger=cron";
    private final Story s = new Story();

    /** w1 takes the learner's lock at .002, its grant telling {@code expiry}; w2 is granted it at .050. */
    private Story aSecondGrantWhileW1Holds(String grantFields) {
        return s.in("exam", LEARNERS, Mode.Need.REDIS, Mode.Need.POSTGRES, Mode.Need.FENCING_COUNTER)
                .row("w1", 101, "12:00:10", "12:00:10.003", "12:00:10.603")
                .row("w2", 102, "12:00:10", "12:00:10.051", "12:00:10.651")
                .said("12:00:10.001", "w1", 101, FIRED, "12:00:10", CRON)
                .said("12:00:10.002", "w1", 101, ACQUIRED, "12:00:10", EXAM + "owner=w1-101-aa" + grantFields)
                .said("12:00:10.049", "w2", 102, FIRED, "12:00:10", CRON)
                .said("12:00:10.050", "w2", 102, ACQUIRED, "12:00:10", EXAM + "owner=w2-102-bb")
                .said("12:00:10.604", "w1", 101, RELEASED, "12:00:10", KEY + "owner=w1-101-aa how=unlock");
    }

    @Test
    void the_holder_named_is_the_one_granted_first_and_the_second_grant_falls_in_its_hold() {
        aSecondGrantWhileW1Holds(" expires_at=2026-07-07T12:00:15.002Z");

        Finding f = s.explain("12:00:10", "12:00:11").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.GRANTED_WHILE_HELD);
        assertThat(f.sentence())
                .contains(
                        "w1 held scheduler_lock:tick from .002 until .604, and w2 was granted it at .050, in between");
    }

    @Test
    void a_second_grant_within_the_slack_before_the_first_grants_expiry_is_not_granted_while_held() {
        // w1's grant told an expiry of .060, reckoned on the learner's own clock: a grant at .050 may have come after
        // it.
        aSecondGrantWhileW1Holds(" expires_at=2026-07-07T12:00:10.060Z");

        Explanations x = s.explain("12:00:10", "12:00:11");

        assertThat(x.findings()).extracting(Finding::cause).doesNotContain(Cause.GRANTED_WHILE_HELD);
    }
}
