"""SQLite's WAL is checkpointed by a thread of its own, never by a commit on the event loop, and starts
over from its beginning even while commits never stop."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import sqlalchemy as sa

from tapete.server.storage.batch_writers import InlineWriter, Write
from tapete.server.storage.checkpoint import WalCheckpointer
from tapete.server.storage.schema import actions, matches, metadata


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


def _writer_with_a_match(path: Path, **checkpoints: float) -> InlineWriter:
    writer = InlineWriter(f"sqlite+aiosqlite:///{path}", **checkpoints)  # type: ignore[arg-type]
    metadata.create_all(writer.engine, tables=[matches, actions])
    with writer.engine.begin() as conn:
        conn.execute(
            matches.insert(),
            {
                "id": "m",
                "game": "boon",
                "options": {},
                "table_options": {},
                "seed": 1,
                "num_players": 2,
                "status": "playing",
                "invite_code": "C",
                "public": False,
                "created_at": 0.0,
            },
        )
    return writer


def _action(idx: int) -> Write:
    return Write(actions, rows=[{"match_id": "m", "idx": idx, "seat": 0, "action": 1, "at": 0.0}])


async def _commit(writer: InlineWriter, write: Write) -> None:
    write.done = asyncio.get_running_loop().create_future()
    writer.submit(write)
    await write.done


def test_the_wal_starts_over_while_commits_go_on(tmp_path: Path) -> None:
    """A commit every loop turn, as at a busy server: a checkpoint beside them never catches up on
    its own (the WAL grew by megabytes a second, without end); caught up with the commits held, the
    WAL starts over, and its file stays small. Every row is kept."""
    path = tmp_path / "busy.db"
    writer = _writer_with_a_match(path, checkpoint_every=0.02, restart_frames=32)
    wal = Path(f"{path}-wal")

    async def commit_for(seconds: float) -> int:
        idx, end = 0, time.monotonic() + seconds
        while time.monotonic() < end:
            await _commit(writer, _action(idx))
            idx += 1
            await asyncio.sleep(0.0005)  # (other tables' turns)
        return idx

    try:
        written = asyncio.run(commit_for(2.0))
        assert writer.checkpointer is not None
        summary = writer.checkpointer.summary()
        assert written > 500  # (a commit writes two or three pages of the WAL: megabytes in all)
        assert summary["restarts"] >= 3, summary
        assert wal.stat().st_size < 1_000_000, (wal.stat().st_size, written, summary)
        with writer.engine.connect() as conn:
            assert conn.execute(sa.select(sa.func.count()).select_from(actions)).scalar() == written
    finally:
        writer.close()


def test_a_commit_waits_while_a_catch_up_holds_the_gate(tmp_path: Path) -> None:
    """The writer never blocks the loop on the gate: its writes wait, then commit once it is free."""
    writer = _writer_with_a_match(tmp_path / "held.db")

    async def held_then_freed() -> None:
        assert writer.gate is not None
        writer.gate.acquire()
        try:
            write = _action(0)
            committing = asyncio.ensure_future(_commit(writer, write))
            await asyncio.sleep(0.05)  # the loop turns on meanwhile
            assert not committing.done()
        finally:
            writer.gate.release()
        await asyncio.wait_for(committing, 1)

    try:
        asyncio.run(held_then_freed())
        with writer.engine.connect() as conn:
            assert conn.execute(sa.select(sa.func.count()).select_from(actions)).scalar() == 1
    finally:
        writer.close()
