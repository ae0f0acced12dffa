"""SQLite's WAL is checkpointed by a thread of its own, never by a commit on the event loop."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from tapete.server.batch_writers import InlineWriter
from tapete.server.checkpoint import WalCheckpointer


def test_the_inline_writers_connection_never_checkpoints(tmp_path: Path) -> None:
    writer = InlineWriter(f"sqlite+aiosqlite:///{tmp_path / 't.db'}")
    try:
        with writer.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert writer.checkpointer is not None
    finally:
        writer.close()


def test_the_checkpointer_copies_the_wal_into_the_database(tmp_path: Path) -> None:
    """The writer never checkpoints; the thread's checkpoints bring its rows into the database file."""
    path = tmp_path / "c.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute("CREATE TABLE t (x BLOB)")
    for _ in range(200):
        conn.execute("INSERT INTO t VALUES (?)", (b"x" * 4000,))
        conn.commit()
    assert path.stat().st_size < 100_000  # all of it is in the WAL yet
    checkpointer = WalCheckpointer(str(path), every=0.05)
    checkpointer.start()
    try:
        deadline = time.monotonic() + 10
        while path.stat().st_size < 200 * 4000:
            assert time.monotonic() < deadline, checkpointer.checkpoints
            time.sleep(0.05)
        assert checkpointer.checkpoints >= 1
    finally:
        checkpointer.stop()
        conn.close()
