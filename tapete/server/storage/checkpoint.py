"""SQLite's WAL checkpoints, off the event loop.

By default the connection that commits runs a checkpoint whenever the WAL
passes 1,000 pages: it copies the WAL's pages into the database file and
flushes that file to disk (fsync) before returning. The inline writer
commits on the event loop's thread (`batch_writers.InlineWriter`), so that
flush stalled every table of the process: measured at full speed, 200
tables, one stall every few seconds and a client p99 of ~300 ms.

So the inline writer's connection never checkpoints (`wal_autocheckpoint
= 0`), and a thread of its own with a connection of its own runs a PASSIVE
checkpoint every `EVERY_S`: it waits for no reader or writer and none waits
for it (the sqlite3 module lets go of the GIL while SQLite works), and the
WAL is reused from its start once a checkpoint has caught up.

A checkpoint that runs beside the writer never quite catches up: the
commits made while it copies and flushes are still in the WAL when it ends,
and SQLite starts the WAL over only when a write transaction begins with
every frame of it copied. Measured at a person's pace (2,000 tables, a
commit every 2 ms), the WAL grew by 7 MB a second with no end (550 MB after
75 s, the database 5 MB), and every commit wrote to new blocks of the file
(ext4 allocating and zeroing them: 4% of the process's CPU). So once the
WAL is `RESTART_FRAMES` long, the thread checkpoints once more with the
writer's commits held (`gate`): only the frames written since, a few
milliseconds' work; the writer's next commit then starts the WAL over
(and `journal_size_limit` gives back the file's space beyond it).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time

log = logging.getLogger("tapete.server.store")

EVERY_S = 1.0
RESTART_FRAMES = 8192  # a WAL this long (32 MB of 4 kB pages) is caught up with and started over
SIZE_LIMIT = 64 * 1024 * 1024  # journal_size_limit: the WAL's file, started over, is cut back to this


class WalCheckpointer:
    """A thread that checkpoints one SQLite file's WAL every `every` seconds until stopped, and
    lets the WAL start over whenever it is `restart_frames` long (see the module's note)."""

    def __init__(self, path: str, every: float = EVERY_S, restart_frames: int = RESTART_FRAMES) -> None:
        self.path = path
        self.every = every
        self.restart_frames = restart_frames
        self.checkpoints = 0
        # held by a commit of the writer's (`InlineWriter`), and by a checkpoint catching up with it
        self.gate = threading.Lock()
        self.catch_ups = 0
        self.longest_hold = 0.0  # seconds the writer's commits waited for a catch-up, at most
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tapete-wal-checkpoint", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread; one last checkpoint, so the file is whole on its own."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=30)

    def _run(self) -> None:
        conn = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
        try:
            while not self._stop.wait(self.every):
                frames = self._checkpoint(conn, "PASSIVE")
                if frames >= self.restart_frames:
                    self._catch_up(conn)
            self._checkpoint(conn, "PASSIVE")
        finally:
            conn.close()

    def _catch_up(self, conn: sqlite3.Connection) -> None:
        """Checkpoint what was written during the last checkpoint, with the writer's commits held:
        then all of the WAL is in the database, and the next commit starts it over."""
        with self.gate:
            began = time.perf_counter()
            self._checkpoint(conn, "PASSIVE")
            held = time.perf_counter() - began
        self.catch_ups += 1
        self.longest_hold = max(self.longest_hold, held)

    def _checkpoint(self, conn: sqlite3.Connection, mode: str) -> int:
        """One checkpoint; the frames the WAL holds (0 if it failed)."""
        try:
            _busy, frames, _copied = conn.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
            self.checkpoints += 1
            return int(frames)
        except sqlite3.Error:
            log.exception("a WAL checkpoint failed (the next one tries again)")
            return 0

    def summary(self) -> dict[str, float | int]:
        """For /api/stats: the checkpoints, the catch-ups and the longest hold of the writer's commits."""
        return {
            "checkpoints": self.checkpoints,
            "restarts": self.catch_ups,
            "longest_hold_ms": round(self.longest_hold * 1000, 3),
        }
