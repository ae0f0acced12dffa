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
"""

from __future__ import annotations

import logging
import sqlite3
import threading

log = logging.getLogger("tapete.server.store")

EVERY_S = 1.0


class WalCheckpointer:
    """A thread that checkpoints one SQLite file's WAL every `every` seconds until stopped."""

    def __init__(self, path: str, every: float = EVERY_S) -> None:
        self.path = path
        self.every = every
        self.checkpoints = 0
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
                self._checkpoint(conn, "PASSIVE")
            self._checkpoint(conn, "PASSIVE")
        finally:
            conn.close()

    def _checkpoint(self, conn: sqlite3.Connection, mode: str) -> None:
        try:
            conn.execute(f"PRAGMA wal_checkpoint({mode})").fetchall()
            self.checkpoints += 1
        except sqlite3.Error:
            log.exception("a WAL checkpoint failed (the next one tries again)")
