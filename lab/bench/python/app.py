"""The Python app that the lab's worker JVMs imitate, kept as a benchmark baseline.

A FastAPI app with an APScheduler job embedded in it: the app's startup hook starts
a scheduler that inserts one row into a `counter` table every 2 s. Run it with
`uvicorn app:app --workers N` and every worker process runs the startup hook, so
every worker has its own scheduler and the table gets N rows per tick instead of
one. That duplicate is the bug the lab is about; this file keeps it on purpose
and has no lock.

Written for Debian bookworm's packages (fastapi 0.92, uvicorn 0.17.6,
apscheduler 3.9.1). FastAPI 0.92 has no `lifespan=` argument, so the scheduler
is started and stopped with `@app.on_event`, which uvicorn runs in each worker
before it logs "Application startup complete.".
"""

import logging
import os
import sqlite3

from apscheduler.schedulers.background import BackgroundScheduler
from fastapi import FastAPI

# SQLite is in Python's standard library, so the bench needs no database server.
# The file is shared by all workers, which is what lets the duplicates be counted.
DB_PATH = os.environ.get("BENCH_DB", "counter.db")

# Several workers write to the same file at nearly the same moment; SQLite lets
# one writer in at a time, so the others wait this long for the lock instead of
# failing at once with "database is locked".
LOCK_TIMEOUT_S = 5.0

# uvicorn configures this logger in each worker (stderr, its own format), so our
# lines come out next to uvicorn's without setting up logging ourselves.
log = logging.getLogger("uvicorn.error")

app = FastAPI()

# One scheduler per process: module state is not shared between workers, which
# is exactly why each worker ends up with its own copy of the job.
scheduler = BackgroundScheduler(timezone="UTC")  # UTC: no dependence on the host's zone


def connect() -> sqlite3.Connection:
    # A connection per call: the job runs in the scheduler's thread pool, and a
    # short-lived connection is never shared between threads.
    return sqlite3.connect(DB_PATH, timeout=LOCK_TIMEOUT_S)


def tick() -> None:
    # The job: one row per run. The pid column shows which worker wrote it.
    conn = connect()
    try:
        with conn:  # commits on success, rolls back on error
            conn.execute("INSERT INTO counter (pid) VALUES (?)", (os.getpid(),))
    finally:
        conn.close()


@app.on_event("startup")
def start_scheduler() -> None:
    conn = connect()
    try:
        with conn:
            # IF NOT EXISTS: every worker runs this at start-up; the first creates
            # the table and the others find it there.
            conn.execute(
                "CREATE TABLE IF NOT EXISTS counter ("
                " id INTEGER PRIMARY KEY AUTOINCREMENT,"
                " created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')),"
                " pid INTEGER NOT NULL)"
            )
    finally:
        conn.close()
    # A background thread, as in the seed app: the blocking SQLite call then never
    # stalls the event loop that serves requests.
    scheduler.add_job(tick, "interval", seconds=2, id="tick")
    scheduler.start()
    log.info("scheduler started in pid %d", os.getpid())


@app.on_event("shutdown")
def stop_scheduler() -> None:
    # Waits for a running insert to finish, so a stop never leaves half a tick.
    scheduler.shutdown(wait=True)


@app.get("/healthz")
async def healthz() -> dict:
    # async: nothing blocks here, so no thread pool hop. The pid tells which worker
    # answered: the workers share one listening socket.
    return {"ok": True, "pid": os.getpid()}
