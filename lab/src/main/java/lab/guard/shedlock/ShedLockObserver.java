package lab.guard.shedlock;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import lab.guard.Clients;
import lab.guard.LockObserver;
import lab.guard.LockState;
import lab.guard.postgres.PostgresLocks;

/**
 * Reads ShedLock's row from outside, as a learner would with {@code psql}: {@code SELECT name, lock_until, locked_at,
 * locked_by FROM shedlock}. A row whose {@code lock_until} has passed is a free lock, though its last holder is still
 * written in it.
 */
final class ShedLockObserver implements LockObserver {
    private final String url;
    private final String name;
    private final Clients clients = new Clients();
    private final Clock clock = Clock.systemUTC();

    ShedLockObserver(String url, String name) {
        this.url = url;
        this.name = name;
    }

    @Override
    public LockState observe() {
        Optional<ShedLockTable.Row> row;
        try {
            row = ShedLockTable.read(PostgresLocks.dataSource(clients, url, "lab-shedlock-observer"), name);
        } catch (SQLException e) {
            // No table yet (no worker has opened the mode): nobody holds it.
            if ("42P01".equals(e.getSQLState())) {
                return new LockState(ShedLockMode.LOCK, name, null, -1, List.of());
            }
            throw new IllegalStateException("postgres: the shedlock row cannot be read: " + e.getMessage(), e);
        }
        Instant now = clock.instant();
        if (row.isEmpty() || !row.get().heldAt(now)) {
            return new LockState(ShedLockMode.LOCK, name, null, -1, List.of());
        }
        ShedLockTable.Row r = row.get();
        // The holder with the row's own times: a new grant (its locked_at) is a new line on the lock panel.
        String holder = r.lockedBy() + " (locked_at " + ShedLockTable.time(r.lockedAt()) + ", lock_until "
                + ShedLockTable.time(r.lockUntil()) + ")";
        return new LockState(
                ShedLockMode.LOCK,
                name,
                holder,
                Duration.between(now, r.lockUntil()).toMillis(),
                List.of());
    }

    @Override
    public void close() {
        clients.close();
    }
}
