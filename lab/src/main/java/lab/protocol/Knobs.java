package lab.protocol;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The knobs every mode shares, each declared once, and every knob of the lab in {@link #ALL}. A shared knob is one
 * declaration here; a knob one mode reads alone is declared in that mode's package and named by its declaration
 * ({@link Mode#ownKnobs()}). Either way the command line, {@code PUT /mode}, scenarios, the knob panel, help and
 * summaries find it in {@link #ALL}; a live
 * knob's value travels in {@link ModeSpec} under its declaration ({@code spec.get(Knobs.LOCK_TTL)}), so nothing
 * else is written for it. Whether every mode's guard reads a
 * knob is the flag before its steps; a knob only some read is named by their declarations ({@link Mode#concerns}).
 */
public final class Knobs {
    /** Every guard reads it (the job's own knobs). */
    private static final boolean EVERY_MODE = true;
    /** The modes that read it name it in their declarations ({@link Mode#concerns}). */
    private static final boolean ITS_MODES = false;

    public static final Knob<Mode> MODE = new Knob<>(
            "mode",
            Scope.LIVE,
            "MODE",
            "what each worker does around the job: " + Mode.names(),
            Mode.NAIVE,
            "a mode (" + Mode.names() + ")",
            Mode::parse,
            m -> true,
            Mode::cliName,
            ITS_MODES,
            Modes.live());
    public static final Knob<Duration> TASK_TIME = new Knob<>(
            "task-time",
            Scope.LIVE,
            "DURATION",
            "how long the simulated job works before writing its row",
            // Longer than the spread of the workers' fire times (tens of ms), so that a lock held for the job
            // alone shows one row per tick; 0 (key t) shows the fast-job trap.
            Duration.ofMillis(300),
            "a duration of 0 or more, such as 300ms",
            Durations::parse,
            d -> !d.isNegative(),
            Durations::format,
            EVERY_MODE,
            List.of(Duration.ZERO, Duration.ofMillis(300), Duration.ofSeconds(1), Duration.ofSeconds(3)));
    public static final Knob<Duration> LOCK_TTL = new Knob<>(
            "lock-ttl",
            Scope.LIVE,
            "DURATION",
            "the Redis lock's expiry (PX); ShedLock's lockAtMostFor; Redisson's lease (its lockWatchdogTimeout with"
                    + " renew on)",
            Duration.ofSeconds(60),
            "a duration above 0, such as 500ms or 2s",
            Durations::parse,
            d -> d.toMillis() > 0,
            Durations::format,
            ITS_MODES,
            List.of(Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(60)));
    public static final Knob<Hold> HOLD_AT_LEAST = new Knob<>(
            "hold-at-least",
            Scope.LIVE,
            "window|DURATION",
            "keep the lock at least this long once taken: 0, a duration (as lockAtLeastFor), or window (to the"
                    + " tick's end)",
            Hold.NONE,
            "window, 0 or a duration such as 800ms",
            Hold::parse,
            h -> !h.atLeast().isNegative(),
            Hold::toString,
            ITS_MODES,
            List.of(Hold.NONE, Hold.of(Duration.ofMillis(800)), Hold.WINDOW));
    public static final Knob<LockKey> LOCK_KEY = new Knob<>(
            "lock-key",
            Scope.LIVE,
            "KEY",
            "fixed (one lock for the job) or per-tick (the key is the tick; never released, it expires)",
            LockKey.FIXED,
            KnobTexts.choices(LockKey.values()),
            t -> KnobTexts.choose(LockKey.values(), t),
            k -> true,
            LockKey::toString,
            ITS_MODES,
            List.of(LockKey.values()));
    public static final Knob<Duration> LOCK_WAIT = new Knob<>(
            "lock-wait",
            Scope.LIVE,
            "DURATION",
            "how long a worker waits for a Redis lock someone holds before it skips, as Redisson's tryLock(wait,"
                    + " lease): 0 skips at once",
            Duration.ZERO,
            "a duration from 0 to 60s, such as 4s",
            Durations::parse,
            d -> !d.isNegative() && d.compareTo(Duration.ofSeconds(60)) <= 0,
            Durations::format,
            ITS_MODES,
            List.of(Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(4)));
    public static final Knob<Boolean> RENEW = Knob.onOff(
            "renew",
            "a watchdog extends the Redis lease every third of its TTL while the job runs; ShedLock's"
                    + " KeepAliveLockProvider, every half of a lockAtMostFor of 30s or more; Redisson's watchdog, every"
                    + " third of lock-ttl",
            false,
            ITS_MODES);
    public static final Knob<Boolean> RELEASE_ON_SHUTDOWN = Knob.onOff(
            "release-on-shutdown",
            "a worker stopped gracefully (SIGTERM) gives back its lock before it exits",
            true,
            ITS_MODES);
    public static final Knob<OnLockError> ON_LOCK_ERROR = new Knob<>(
            "on-lock-error",
            Scope.LIVE,
            "WHAT",
            "with the lock's server down: skip (fail closed) or local (the seed's fallback to an in-process lock)",
            OnLockError.SKIP,
            KnobTexts.choices(OnLockError.values()),
            t -> KnobTexts.choose(OnLockError.values(), t),
            o -> true,
            OnLockError::toString,
            ITS_MODES,
            List.of(OnLockError.values()));
    public static final Knob<Integer> LOCK_SERVERS = new Knob<>(
            "lock-servers",
            Scope.LIVE,
            "N",
            "1, or 2: the even-numbered workers take their lock on a second lock server (a second Redis database, a"
                    + " second PostgreSQL database), as behind a replica or a pooler",
            1,
            "1 or 2",
            KnobTexts::wholeNumber,
            n -> n == 1 || n == 2,
            String::valueOf,
            ITS_MODES,
            List.of(1, 2));
    public static final Knob<Release> RELEASE = new Knob<>(
            "release",
            Scope.LIVE,
            "HOW",
            "safe (compare-and-delete) or unsafe (plain DEL)",
            Release.SAFE,
            KnobTexts.choices(Release.values()),
            t -> KnobTexts.choose(Release.values(), t),
            r -> true,
            Release::toString,
            ITS_MODES,
            List.of(Release.values()));
    public static final Knob<PgLock> PG_LOCK = new Knob<>(
            "pg-lock",
            Scope.LIVE,
            "HOW",
            "try (skip when taken) or wait (queue, as one seed wrote it)",
            PgLock.TRY,
            KnobTexts.choices(PgLock.values()),
            t -> KnobTexts.choose(PgLock.values(), t),
            p -> true,
            PgLock::toString,
            ITS_MODES,
            List.of(PgLock.values()));
    public static final Knob<Boolean> RECHECK =
            Knob.onOff("recheck", "under the lock, write only if the tick has no row yet", false, EVERY_MODE);
    public static final Knob<Integer> WORKERS = new Knob<>(
            "workers",
            Scope.SETUP,
            "N",
            "worker processes",
            4,
            "a whole number from 1 to 64",
            KnobTexts::wholeNumber,
            n -> n >= 1 && n <= 64,
            String::valueOf);
    public static final Knob<Integer> HOSTS = new Knob<>(
            "hosts",
            Scope.SETUP,
            "H",
            "simulated hosts the workers are spread over, in blocks (w1 w2 on host1, w3 w4 on host2); each host has a"
                    + " lock folder of its own, so a host-mutex stops at its edge, and, where the lab may, a network"
                    + " namespace of its own that reaches the servers over a veth link",
            1,
            "a whole number from 1 to 8, and no more than the workers",
            KnobTexts::wholeNumber,
            n -> n >= 1 && n <= 8,
            String::valueOf);
    public static final Knob<Duration> EVERY = new Knob<>(
            "every",
            Scope.SETUP,
            "DURATION",
            "tick period",
            Duration.ofSeconds(2),
            "a period of " + Durations.format(Durations.MIN_PERIOD) + " or more, such as 1s or 500ms",
            Durations::parse,
            d -> d.compareTo(Durations.MIN_PERIOD) >= 0,
            Durations::format);
    public static final Knob<Trigger> TRIGGER = new Knob<>(
            "trigger",
            Scope.SETUP,
            "TRIGGER",
            "cron (every worker fires at the same wall-clock instants) or interval (each on its own phase, from its"
                    + " own start)",
            Trigger.CRON,
            KnobTexts.choices(Trigger.values()),
            t -> KnobTexts.choose(Trigger.values(), t),
            t -> true,
            Trigger::toString);
    public static final Knob<Duration> JITTER = new Knob<>(
            "jitter",
            Scope.SETUP,
            "DURATION",
            "each fire comes up to this much after its time, at random, as in a busy app process (APScheduler's"
                    + " jitter)",
            // Java's idle workers fire within a few ms of each other, closer than busy app processes do, which would
            // hide the fast-job trap the lessons show: a default spread of tens of ms keeps it visible.
            Duration.ofMillis(50),
            "a duration from 0 to 500ms, such as 50ms",
            Durations::parse,
            d -> !d.isNegative() && d.toMillis() <= 500,
            Durations::format);
    public static final Knob<Store> STORE = new Knob<>(
            "store",
            Scope.SETUP,
            "STORE",
            "where the counter table lives",
            Store.H2,
            KnobTexts.choices(Store.values()),
            t -> KnobTexts.choose(Store.values(), t),
            s -> true,
            Store::toString);
    public static final Knob<ServerSource> SERVERS = new Knob<>(
            "servers",
            Scope.COMMAND_LINE,
            "SOURCE",
            "where the lab's own Redis and PostgreSQL come from: auto (the machine's, else Maven Central's),"
                    + " machine or embedded",
            ServerSource.AUTO,
            KnobTexts.choices(ServerSource.values()),
            t -> KnobTexts.choose(ServerSource.values(), t),
            s -> true,
            ServerSource::toString);

    /** The shared knobs before the modes' own, in the order the help, the scenario format and the summary list them. */
    private static final List<Knob<?>> BEFORE_MODES = List.of(
            WORKERS,
            HOSTS,
            MODE,
            EVERY,
            TRIGGER,
            JITTER,
            TASK_TIME,
            LOCK_TTL,
            RELEASE,
            PG_LOCK,
            RECHECK,
            HOLD_AT_LEAST,
            LOCK_KEY,
            LOCK_WAIT,
            RENEW);

    /** The shared knobs after the modes' own: the lab's failures, then its set-up. */
    private static final List<Knob<?>> AFTER_MODES =
            List.of(RELEASE_ON_SHUTDOWN, ON_LOCK_ERROR, LOCK_SERVERS, STORE, SERVERS, ServerKnobs.REDIS_PERSISTENCE);

    /**
     * Every knob: the shared ones declared here, and between them each registered mode's own ({@link Mode#ownKnobs()}), in
     * mode order. A read-only view that a mode registered at run time joins, as {@link Modes#live()} is: the command
     * line, a scenario, {@code PUT /mode} and the knob panel all know a mode's knobs without a line here.
     */
    public static final List<Knob<?>> ALL = new AllKnobs(BEFORE_MODES, AFTER_MODES);

    private Knobs() {}

    public static Optional<Knob<?>> byName(String name) {
        return ALL.stream().filter(k -> k.name().equals(name)).findFirst();
    }

    /** The knobs that may be set where {@code scope} says: live ones for a mode step, setup ones for a setup. */
    public static List<Knob<?>> live() {
        return ALL.stream().filter(k -> k.scope().live()).toList();
    }

    public static String names(List<Knob<?>> knobs) {
        return knobs.stream().map(Knob::name).collect(Collectors.joining(", "));
    }
}
