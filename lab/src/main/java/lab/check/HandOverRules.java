package lab.check;

import java.time.Instant;
import java.util.Optional;
import lab.protocol.GivenBack;

/**
 * The pair rules about a lock handed over cleanly, yet too soon: {@code a} gave it back (or never kept b out) before
 * {@code b} asked, so both ran the tick: each trigger on its own phase, a queue behind a blocking lock, a release
 * before the tick's window ended. The lease's own rules are {@link LockRules}'; {@link TwiceRules} tries both.
 */
final class HandOverRules {
    private HandOverRules() {}

    /**
     * Both fire on an interval trigger, each on its own phase: b asked for the lock once a's was free again, as in
     * {@link #releasedEarly}, but the gap between them is their phases, not the jitter of one instant.
     */
    static Optional<Evidence> ownPhase(JobRun a, JobRun b, RecordingIndex history, Said said) {
        Instant free = a.freeAt();
        if (!a.onInterval() || !b.onInterval() || !freeWhenAsked(a, b)) {
            return Optional.empty();
        }
        Long aPhase = a.fired().fact().phaseMs();
        Long bPhase = b.fired().fact().phaseMs();
        String freed = said.at(free);
        String fired = said.at(b.fired().ts());
        String took = b.acquired() == null ? null : said.at(b.acquired().ts());
        return Evidence.of(
                a.who() + " and " + b.who() + " fire on their own phases (interval trigger, " + aPhase + " ms and "
                        + bPhase + " ms into the period): " + a.who() + " freed " + a.lock() + " at " + freed + ", "
                        + b.who() + " fired " + fired + " and took it" + (took == null ? "" : " at " + took),
                a.who() + " 和 " + b.who() + " 按各自的相位触发（interval 触发器，分别在触发间隔开始后 " + aPhase + " ms 和 "
                        + bPhase + " ms）：" + a.who() + " 在 " + freed + " 释放了 " + a.lockZh() + "，" + b.who()
                        + " 在 " + fired + " 触发" + (took == null ? "并拿到了它" : "，在 " + took + " 拿到了它"));
    }

    /**
     * A blocking lock only queued b behind a: b asked while a held it, and was granted it once a released it. Only
     * a lock call that waits ({@code blocking}) can queue; a try-lock that got the lock found it free.
     */
    static Optional<Evidence> queued(JobRun a, JobRun b, RecordingIndex history, Said said) {
        Instant free = a.freeAt();
        if (free == null || b.fired() == null || b.acquired() == null || !blocking(b)) {
            return Optional.empty();
        }
        Long waited = b.acquired().fact().waitedMs();
        if (!b.fired().ts().isBefore(free) || waited == null || waited <= 0) {
            return Optional.empty();
        }
        String fired = said.at(b.fired().ts());
        String released = said.at(free);
        String took = said.at(b.acquired().ts());
        return Evidence.of(
                b.who() + " fired " + fired + " while " + a.who() + " held " + a.lock() + "; " + a.who()
                        + " released it at " + released + " and " + b.who() + ", queued behind it for " + waited
                        + " ms, took it at " + took,
                b.who() + " 在 " + fired + " 触发，当时 " + a.who() + " 持有 " + a.lockZh() + "；" + a.who() + " 在 "
                        + released + " 释放了它，" + b.who() + " 在它后面排队等了 " + waited + " ms，在 " + took
                        + " 拿到了它");
    }

    /**
     * a's lock was free again when b asked for it: held for less than the spread of the fire times. A try-lock that
     * b got proves it was free then, whatever the two processes' event times say to the millisecond (a's released
     * line is stamped after its release returned, b's grant may fall in between); without a grant, b must have fired
     * after a's lock was free.
     */
    static Optional<Evidence> releasedEarly(JobRun a, JobRun b, RecordingIndex history, Said said) {
        Instant free = a.freeAt();
        if (free == null || b.fired() == null || blocking(b) && b.fired().ts().isBefore(free)) {
            return Optional.empty();
        }
        boolean tookIt = b.acquired() != null
                && !b.acquired()
                        .ts()
                        .isBefore(a.acquired() == null ? free : a.acquired().ts());
        if (!tookIt && free.isAfter(b.fired().ts())) {
            return Optional.empty();
        }
        Long held = a.released().fact().heldMs();
        long heldMs = held != null
                ? held
                : a.acquired() != null ? Said.ms(a.acquired().ts(), free) : -1;
        boolean expired = a.released().fact().how() == GivenBack.How.EXPIRES;
        long later =
                Said.ms(a.fired() == null ? free : a.fired().ts(), b.fired().ts());
        String freed = said.at(free);
        String fired = said.at(b.fired().ts());
        String took = b.acquired() == null ? null : said.at(b.acquired().ts());
        return Evidence.of(
                a.who() + " held " + a.lock() + (heldMs >= 0 ? " for " + heldMs + " ms" : "") + " ("
                        + (expired ? "its key expired " : "released ") + freed + "); " + b.who() + " fired " + fired
                        + " — " + later + " ms after " + a.who() + " — and "
                        + (took == null ? "ran it" : "took it at " + took),
                a.who() + " 持有 " + a.lockZh() + (heldMs >= 0 ? " 共 " + heldMs + " ms" : "") + "（"
                        + (expired ? "它的 key 在 " + freed + " 过期" : "在 " + freed + " 释放") + "）；" + b.who() + " 在 "
                        + fired + " 触发——比 " + a.who() + " 晚 " + later + " ms——"
                        + (took == null ? "然后跑了它" : "然后在 " + took + " 拿到了它"));
    }

    /** a's lock was free when b asked for it: b fired after it was, or b's try-lock got it after a had it. */
    static boolean freeWhenAsked(JobRun a, JobRun b) {
        Instant free = a.freeAt();
        if (free == null || b.fired() == null || blocking(b) && b.fired().ts().isBefore(free)) {
            return false;
        }
        boolean tookIt = b.acquired() != null
                && !b.acquired()
                        .ts()
                        .isBefore(a.acquired() == null ? free : a.acquired().ts());
        return tookIt || !free.isAfter(b.fired().ts());
    }

    private static boolean blocking(JobRun b) {
        return b.acquired() != null && Boolean.TRUE.equals(b.acquired().fact().blocking());
    }
}
