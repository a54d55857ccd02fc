package lab.examiner;

import java.util.List;
import java.util.Optional;

/**
 * One trial of the battery: the fault it plays, by the name its first mark has in {@code docs/exercises/battery.yaml},
 * and the lesson that teaches what a lock must do to pass it, which the report card names beside a failure.
 *
 * @param labsRedis whether it stops or restarts Redis, which the lab does only to a Redis it started itself
 */
public record Trial(String name, String title, String lesson, boolean labsRedis) {
    public Trial(String name, String title, String lesson) {
        this(name, title, lesson, false);
    }

    /** Every trial the battery may have, in the order the exercise page lists them. */
    public static final List<Trial> ALL = List.of(
            new Trial("two-at-once", "two at once", "docs/lessons/03-redis.md"),
            new Trial("fast-job", "the fast job", "docs/lessons/07-fast-job.md"),
            new Trial("long-job", "a job longer than the lease", "docs/lessons/08-short-ttl.md"),
            new Trial("paused-holder", "the holder paused past its lease", "docs/lessons/12-paused-holder.md"),
            new Trial("holder-killed", "the holder killed", "docs/lessons/10-dead-holder.md"),
            new Trial(
                    "server-stopped",
                    "the lock server stopped and started",
                    "docs/lessons/13-lock-server-down.md",
                    true),
            new Trial(
                    "server-restarted",
                    "the lock server restarted without persistence",
                    "docs/lessons/24-redis-restart.md",
                    true));

    public static Optional<Trial> named(String name) {
        return ALL.stream().filter(t -> t.name.equals(name)).findFirst();
    }

    public static String names() {
        return String.join(", ", ALL.stream().map(Trial::name).toList());
    }
}
