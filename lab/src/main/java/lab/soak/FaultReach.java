package lab.soak;

import java.time.Duration;
import java.time.Instant;

/**
 * How far a fault's consequences may reach in the counter table, and so how many ticks it may cost at most: a missed
 * tick inside its reach is the fault's, one outside every fault's reach is a defect of the lab.
 *
 * <ul>
 *   <li>Every reach begins one period before the fault: the tick in progress when it landed.
 *   <li>{@code kill}, {@code pause}: a lock its worker held lives at most one lease (the TTL) from when it was taken,
 *       which was before the fault; the worker is back (restarted, resumed) after that or before. So the reach ends
 *       one period after the later of the two: the tick that fires as the key expires. A killed holder costs at most
 *       TTL / period + 2 ticks (12 with a 2 s lease and 200 ms ticks); in mode {@code idempotent}, nothing.
 *   <li>{@code redis-stop}, {@code postgres-restart}: the ticks while the server is down, then two periods: the tick
 *       that fired while it came back, and the one whose first call on a broken connection finds it broken.
 * </ul>
 */
public record FaultReach(Instant from, Instant to) {
    public static FaultReach of(InjectedFault f, Duration period, Duration ttl) {
        Instant from = f.startedAt().minus(period);
        Instant to =
                switch (f.planned().kind()) {
                    case KILL, PAUSE -> later(f.endedAt(), f.startedAt().plus(ttl))
                            .plus(period);
                    case REDIS_STOP, POSTGRES_RESTART -> f.endedAt().plus(period.multipliedBy(2));
                };
        return new FaultReach(from, to);
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    /** Whether the window that begins at {@code tick} shares a moment with this reach. */
    public boolean covers(Instant tick, Duration period) {
        return tick.plus(period).isAfter(from) && !tick.isAfter(to);
    }

    /**
     * The most ticks a fault of {@code f}'s kind may cost, planned, not measured: a reach that grew because a restart
     * or a resume was slow must not grow the allowance with it. A lock outlives its holder by at most one lease, plus
     * the tick in progress and the one that fires as the key expires; a server is down for its planned outage (Redis:
     * {@link SoakSettings#REDIS_DOWN}; a PostgreSQL restart: {@link #RESTART_BUDGET}), plus the tick in progress and
     * the two after it comes back.
     */
    public static int boundTicks(InjectedFault f, Duration period, Duration ttl) {
        Duration down =
                switch (f.planned().kind()) {
                    case KILL, PAUSE -> ttl;
                    case REDIS_STOP -> SoakSettings.REDIS_DOWN.plus(period);
                    case POSTGRES_RESTART -> RESTART_BUDGET.plus(period);
                };
        return (int) (down.toMillis() / period.toMillis()) + 2;
    }

    /** What a PostgreSQL restart may take, stop to accepting again: it takes 50 ms to 1.5 s here. */
    public static final Duration RESTART_BUDGET = Duration.ofSeconds(2);
}
