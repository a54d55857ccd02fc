package lab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import lab.launcher.Lab;
import lab.launcher.LabSettings;
import lab.launcher.LabView;
import lab.launcher.StartFailure;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;

/**
 * What each mode costs a worker, one mode at a time: a lab started in that mode (its workers fresh JVMs, with the
 * flags the lab gives them, that loaded that mode's client and no other), their memory read from {@code /proc} after
 * their ticks, and, for a lock on a server, each granted tick's acquire and release as the worker that held it timed
 * them, beside the round trip that worker timed after its release on the same thread and client: like for like, every
 * worker firing at once for both. The bench's own warm loop on that server is kept beside, for what the load adds. Which modes are costed follows their declarations ({@link
 * #costed}): a mode whose lock is on the lab's Redis or PostgreSQL is costed from the day it is declared.
 */
final class ModeRuns {
    /** A tick every 500 ms and a job of 50 ms, as the switching run: a granted tick every half second per worker. */
    private static final Duration EVERY = Duration.ofMillis(500);

    private static final Duration TASK = Duration.ofMillis(50);
    /** Round trips of the bench's own warm loop, after its warm-up (RoundTrips): the server alone, unloaded. */
    private static final int ROUND_TRIPS = 500;

    private final Path work;

    ModeRuns(Path work) {
        this.work = work;
    }

    /**
     * The modes the bench costs, in the registry's order: naive, the baseline (no lock, no client beyond the store's),
     * then every mode that guards the job with a lock on one of the lab's servers, as its declaration says (a lock,
     * and Redis or PostgreSQL among its needs), and every mode whose scheduler keeps its state on one of them. The modes left out take no server's lock (local-mutex, host-mutex,
     * idempotent): they load no client beyond naive's.
     */
    static List<Mode> costed() {
        List<Mode> modes = new ArrayList<>(List.of(Mode.NAIVE));
        for (Mode m : Mode.values()) {
            if (roundTrip(m).isPresent() || ownsTheScheduleOnAServer(m)) {
                modes.add(m);
            }
        }
        return modes;
    }

    /**
     * A mode that replaces the worker's scheduler with one that keeps its state on a server (Quartz's clustered store):
     * costed for its memory, the store's client and the scheduler it loads, with no lock to time.
     */
    static boolean ownsTheScheduleOnAServer(Mode m) {
        return m.scheduling() == Mode.Scheduling.OWNS_THE_SCHEDULE
                && (m.needs().contains(Mode.Need.REDIS) || m.needs().contains(Mode.Need.POSTGRES));
    }

    /** The round trip a lock stands on: {@code PING} for a lock on Redis, {@code SELECT 1} on PostgreSQL. */
    static Optional<String> roundTrip(Mode m) {
        if (m.lock().equals(Mode.Lock.NONE) || m.scheduling() != Mode.Scheduling.AROUND_THE_JOB) {
            return Optional.empty();
        }
        if (m.needs().contains(Mode.Need.REDIS)) {
            return Optional.of("PING");
        }
        return m.needs().contains(Mode.Need.POSTGRES) ? Optional.of("SELECT 1") : Optional.empty();
    }

    /**
     * One mode's figures: each worker's RSS and PSS, and, where the lock is on a server ({@code roundTrip} not
     * null), every granted tick's acquire + release in µs, the round trip its holder timed after it in µs, and the
     * bench's own warm loop on that server in µs.
     */
    record Cost(
            Mode mode,
            int workers,
            List<Long> rssKb,
            List<Long> pssKb,
            String roundTrip,
            List<Long> lockMicros,
            List<Long> roundTripMicros,
            List<Long> loopMicros) {}

    /**
     * {@code workers} workers in {@code mode}: ready, then {@code warm} of ticks counted nowhere, then {@code collect}
     * of ticks whose lock cost counts; the memory is read after them, once the lock's code has run many times.
     */
    Cost run(Mode mode, int workers, Duration warm, Duration collect) throws Exception {
        ModeSpec spec = ModeSpec.defaults(mode).with(Knobs.TASK_TIME, TASK);
        Lab lab = new Lab(LabSettings.of(workers, spec, EVERY, Files.createDirectories(work.resolve("runs"))));
        LockCosts costs = new LockCosts();
        lab.onEvent(costs::on);
        try (lab) {
            try {
                lab.start(line -> {});
            } catch (StartFailure e) {
                throw new IOException(mode.cliName() + ": the lab did not start: " + e.getMessage(), e);
            }
            Thread.sleep(warm.toMillis());
            costs.countFromNow();
            Thread.sleep(collect.toMillis());
            List<Long> lock = costs.micros();
            List<Long> rtt = costs.roundTrips();
            List<Long> rss = new ArrayList<>();
            List<Long> pss = new ArrayList<>();
            for (long pid : lab.view().pids()) {
                rss.add(ProcStats.rssKb(pid));
                pss.add(ProcStats.pssKb(pid));
            }
            String raw = roundTrip(mode).orElse(null);
            List<Long> loop = raw == null ? List.of() : roundTrips(raw, lab.view());
            return new Cost(mode, workers, rss, pss, raw, lock, rtt, loop);
        }
    }

    private static List<Long> roundTrips(String raw, LabView view) throws Exception {
        return raw.equals("PING")
                ? RoundTrips.redisPing(view.redisUrl(), ROUND_TRIPS)
                : RoundTrips.postgresSelect1(view.pgUrl(), ROUND_TRIPS);
    }
}
