package lab.check;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import lab.protocol.LabFact;
import lab.protocol.Mode;
import lab.protocol.RedisPersistence;

/**
 * The pair rule about a lock its server forgot: run {@code a} held a Redis lock (granted, not given back, its lease
 * not run out) when the lab's Redis went down, the Redis that came back kept no keys, and run {@code b} was granted
 * the same key after it went down, before a's lease would have ended. {@link TwiceRules} tries it in precedence order.
 */
final class RestartRules {
    /** The name the recording's {@code server} events give the lab's Redis. */
    private static final String REDIS = "redis";

    private static final String NO_PERSISTENCE = "no persistence";

    private RestartRules() {}

    static Optional<Evidence> lostInRestart(JobRun a, JobRun b, RecordingIndex history, Said said) {
        if (a.acquired() == null || b.acquired() == null || !onRedis(a) || !onRedis(b)) {
            return Optional.empty();
        }
        Instant held = a.acquired().ts();
        Instant took = b.acquired().ts();
        Instant free = a.freeAt();
        Instant leaseEnd = LockRules.leaseEnd(a, history);
        List<Heard<LabFact.Server>> redis = history.launcher(LabFact.Server.class).stream()
                .filter(s -> REDIS.equals(s.fact().name()))
                .toList();
        for (int i = 0; i < redis.size(); i++) {
            Heard<LabFact.Server> down = redis.get(i);
            Instant at = down.ts();
            // Down while a held it: after the grant, before a gave it back and before its lease ran out.
            if (down.fact().up()
                    || at.isBefore(held)
                    || free != null && !free.isAfter(at)
                    || leaseEnd != null && !leaseEnd.isAfter(at)) {
                continue;
            }
            Optional<Heard<LabFact.Server>> up = redis.subList(i + 1, redis.size()).stream()
                    .filter(s -> s.fact().up())
                    .findFirst();
            // A grant after the stop came from the server that came back: the launcher says it is back only once it
            // answers and the fencing counter is restored, and a waiting worker may be granted the key before that.
            if (up.isEmpty()
                    || keptKeys(up.get().fact())
                    || took.isBefore(at)
                    || leaseEnd != null && !took.isBefore(leaseEnd)) {
                continue;
            }
            Instant back = up.get().ts();
            // The outage's end is formatted first, as the English sentence always has, so that no kept recording's
            // words change.
            String until = Said.ms(at, back) > 0 && !took.isBefore(back) ? said.at(back) : null;
            String heldFrom = said.at(held);
            String restarted = said.at(at);
            String granted = said.at(took);
            String kept = persistence(up.get().fact());
            return Evidence.of(
                    a.who() + " held " + a.lock() + " from " + heldFrom + "; redis restarted at " + restarted
                            + (until == null ? "" : ", down until " + until) + " (" + kept + ") and forgot it; "
                            + b.who() + " was granted it at " + granted,
                    a.who() + " 从 " + heldFrom + " 起持有 " + a.lockZh() + "；redis 在 " + restarted + " 重启"
                            + (until == null ? "" : "，一直停到 " + until) + "（"
                            + (kept.equals(NO_PERSISTENCE) ? "没有持久化" : kept) + "），忘了这把锁；" + b.who()
                            + " 在 " + granted + " 拿到了它");
        }
        return Optional.empty();
    }

    /** A recording from before the knob says nothing of it: the lab's Redis then kept nothing. */
    private static String persistence(LabFact.Server up) {
        return up.persistence() == null || up.persistence().equals(RedisPersistence.NONE.toString())
                ? NO_PERSISTENCE
                : up.persistence();
    }

    private static boolean keptKeys(LabFact.Server up) {
        return up.persistence() != null && !up.persistence().equals(RedisPersistence.NONE.toString());
    }

    private static boolean onRedis(JobRun r) {
        return r.mode().needs(Mode.Need.REDIS);
    }
}
