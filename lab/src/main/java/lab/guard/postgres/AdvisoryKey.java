package lab.guard.postgres;

import java.time.Duration;
import lab.guard.Tick;

/**
 * One advisory lock, as SQL takes it and as {@code pg_locks} shows it: the seed's single key 42, or the two-key
 * form {@code (42, <window number>)} that names one tick, so a worker that fires late for a tick finds that
 * tick's lock taken while the next tick's is free.
 *
 * @param args     the lock call's arguments: {@code 42} or {@code 42, 882460215}
 * @param classid  {@code pg_locks.classid}: the high half of a bigint key, or the first of two int keys
 * @param objid    {@code pg_locks.objid}: the low half, or the second key
 * @param objsubid {@code pg_locks.objsubid}: 1 for a bigint key, 2 for two int keys
 */
record AdvisoryKey(String args, long classid, long objid, int objsubid) {
    static AdvisoryKey fixed() {
        return new AdvisoryKey(Long.toString(PostgresLocks.KEY), 0, PostgresLocks.KEY, 1);
    }

    /** The window's number since the epoch, folded into an int4 as the two-key form needs. */
    static AdvisoryKey ofTick(Tick tick) {
        long period = Duration.between(tick.at(), tick.end()).toMillis();
        int window = (int) Math.floorMod(Math.floorDiv(tick.at().toEpochMilli(), period), Integer.MAX_VALUE);
        return new AdvisoryKey(PostgresLocks.KEY + ", " + window, PostgresLocks.KEY, window, 2);
    }

    /** The recording's {@code key}: {@code 42}, or {@code 42,882460215} for a tick's. */
    String field() {
        return args.replace(" ", "");
    }

    /** {@code advisory lock 42}, {@code advisory lock (42, 882460215)}: the panel's and the sentences' name. */
    String label() {
        return objsubid == 1 ? "advisory lock " + args : "advisory lock (" + args + ")";
    }
}
