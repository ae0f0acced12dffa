"""The match records in a database (SQLite in WAL mode, or PostgreSQL).

Every write goes through one writer task that commits queued writes in
batches (group commit): a table's action is on disk before its runner tells
anyone about it, and 200 busy tables cost a few transactions per tick
instead of one each. Reads use the engine's pool directly.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

# The tables are declared in `schema.py`; the rest of the server may import them from here too.
from .schema import actions, chat_lines, matches, metadata, player_secrets, players, ratings, seats  # noqa: F401

CHAT_KEPT = 100  # lines of a room read back (the history a hello gets)

log = logging.getLogger("tapete.server.store")

T = TypeVar("T")

@dataclass
class SeatRow:
    seat: int
    kind: str
    level: str | None
    name: str | None
    token_hash: str | None
    player_id: str | None = None  # the identity that took the seat


@dataclass
class MatchRow:
    id: str
    game: str
    options: dict[str, Any]
    table_options: dict[str, Any]
    seed: int
    num_players: int
    status: str
    invite_code: str
    public: bool
    created_at: float
    started_at: float | None = None
    finished_at: float | None = None
    outcome: dict[str, Any] | None = None
    rules_version: int = 1
    rated: bool = True
    rated_at: float | None = None
    room: str | None = None
    rematch: dict[str, Any] | None = None
    next_match: str | None = None
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[tuple[int, int]] = field(default_factory=list)
    action_times: list[float] = field(default_factory=list)  # when each action was stored (time.time())
    chat: list[dict[str, Any]] = field(default_factory=list)  # the room's last lines, oldest first

    @property
    def chat_room(self) -> str:
        return self.room or self.id


@dataclass
class Write:
    """One queued write: an insert (rows), an update (values where key) or a delete (where key)."""

    table: sa.Table
    rows: list[dict[str, Any]] | None = None
    values: dict[str, Any] | None = None
    where: dict[str, Any] | None = None
    delete: bool = False
    done: asyncio.Future[None] | None = None
    # A table whose lease this process must hold for the write to happen (several processes).
    fence: str | None = None

    def statement(self) -> sa.Executable:
        assert self.where is not None
        cond = [self.table.c[k] == v for k, v in self.where.items()]
        if self.delete:
            return self.table.delete().where(*cond)
        assert self.values is not None
        return self.table.update().where(*cond).values(**self.values)


Plan = list[tuple[sa.Executable, list[dict[str, Any]] | None]]


def plan(batch: Sequence[Write]) -> Plan:
    """The statements of a batch, in order; consecutive inserts into one table become one executemany."""
    steps: Plan = []
    for write in batch:
        if write.rows is None:
            steps.append((write.statement(), None))
            continue
        last = steps[-1] if steps else None
        if last is not None and last[1] is not None and getattr(last[0], "table", None) is write.table:
            last[1].extend(write.rows)
        else:
            steps.append((write.table.insert(), list(write.rows)))
    return steps


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # NORMAL in WAL mode: a commit survives a killed process; only a power
    # cut may lose the last moments.
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def keep_private(url: str) -> None:
    """A SQLite file readable by its owner only (0600): it holds the seeds of unfinished matches."""
    parsed = sa.engine.make_url(url)
    if not parsed.drivername.startswith("sqlite") or not parsed.database or parsed.database == ":memory:":
        return
    path = Path(parsed.database)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, mode=0o700, exist_ok=True)
    os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))  # created with the mode, never briefly 0644
    os.chmod(path, 0o600)  # an older file made under another umask
    for suffix in ("-wal", "-shm", "-journal"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            os.chmod(companion, 0o600)


def make_engine(url: str) -> AsyncEngine:
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30})
        sa.event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(url, pool_size=5, max_overflow=5)


class AsyncWriter:
    """Commits batches on one async connection (PostgreSQL through asyncpg), from a task."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.conn: AsyncConnection | None = None

    async def commit(self, batch: Sequence[Write]) -> None:
        if self.conn is None:
            self.conn = await self.engine.connect()
        try:
            for statement, rows in plan(await self.admit(self.conn, batch)):
                await self.conn.execute(statement, rows)
            await self.conn.commit()
        except Exception:
            await self.conn.rollback()
            raise

    async def admit(self, conn: AsyncConnection, batch: Sequence[Write]) -> Sequence[Write]:
        """The writes of `batch` that may happen (all; a fenced writer refuses some)."""
        return batch

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()


class _InlineWriter:
    """Commits SQLite batches on the event loop's own thread, once per loop turn.

    The same Core statements as `AsyncWriter`, through the synchronous
    driver. A WAL commit without fsync (synchronous=NORMAL) takes a fraction
    of a millisecond, far less than any hop to a thread and back on a busy
    loop (a thread waits for the GIL, then for a loop turn, at each hop).
    Every write submitted during one turn of the loop goes in one commit.
    """

    def __init__(self, url: str) -> None:
        sync_url = url.replace("sqlite+aiosqlite", "sqlite+pysqlite", 1)
        self.engine = sa.create_engine(sync_url, connect_args={"timeout": 30}, poolclass=sa.pool.StaticPool)
        sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.pending: list[Write] = []

    def submit(self, write: Write) -> None:
        if not self.pending:
            asyncio.get_running_loop().call_soon(self.flush)
        self.pending.append(write)

    def flush(self) -> None:
        batch, self.pending = self.pending, []
        if batch:
            _settle(batch, self._commit_or_split(batch))

    def _commit_or_split(self, batch: list[Write]) -> list[BaseException | None]:
        try:
            self._commit(batch)
            return [None] * len(batch)
        except Exception:
            # One bad write must not fail its neighbours: retry alone.
            errors: list[BaseException | None] = []
            for write in batch:
                try:
                    self._commit([write])
                    errors.append(None)
                except Exception as err:
                    log.exception("write failed", extra={"table": write.table.name})
                    errors.append(err)
            return errors

    def _commit(self, batch: Sequence[Write]) -> None:
        with self.engine.begin() as conn:
            for statement, rows in plan(batch):
                conn.execute(statement, rows)

    def close(self) -> None:
        self.flush()
        self.engine.dispose()


def _settle(batch: Sequence[Write], errors: Sequence[BaseException | None]) -> None:
    for write, error in zip(batch, errors, strict=True):
        if write.done is None or write.done.done():
            continue
        if error is None:
            write.done.set_result(None)
        else:
            write.done.set_exception(error)


class Store:
    """Async access to matches, seats and actions."""

    BATCH = 1000

    def __init__(self, url: str) -> None:
        self.url = url
        keep_private(url)  # before anything opens it: SQLite gives its -wal and -shm files the same mode
        self.engine = make_engine(url)
        self._inline = _InlineWriter(url) if url.startswith("sqlite+aiosqlite") else None
        self._writer_impl = AsyncWriter(self.engine)
        self._queue: asyncio.Queue[Write] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None

    # -- lifecycle ----------------------------------------------------------
    async def open(self) -> None:
        """Bring the schema to the newest migration and start the writer."""
        from .migrate import upgrade

        async with self.engine.begin() as conn:
            await conn.run_sync(upgrade)
        if self._inline is None:
            self._writer = asyncio.create_task(self._write_loop(), name="tapete-store-writer")

    async def close(self) -> None:
        if self._writer is not None:
            await self._queue.join()
            self._writer.cancel()
            await asyncio.gather(self._writer, return_exceptions=True)
        await self._writer_impl.close()
        if self._inline is not None:
            self._inline.close()
        await self.engine.dispose()

    # -- the writer -----------------------------------------------------------
    async def _submit(self, *writes: Write) -> None:
        """Queue writes (several at once go in one batch, so one transaction) and wait for them."""
        loop = asyncio.get_running_loop()
        waits: list[asyncio.Future[None]] = []
        for write in writes:
            write.done = loop.create_future()
            waits.append(write.done)
            if self._inline is not None:
                self._inline.submit(write)
            else:
                self._queue.put_nowait(write)
        for done in waits:
            await done

    async def _write_loop(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < self.BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await self._writer_impl.commit(batch)
            except Exception:
                # One bad write must not fail its neighbours: retry alone.
                for write in batch:
                    try:
                        await self._writer_impl.commit([write])
                    except Exception as err:
                        log.exception("write failed", extra={"table": write.table.name})
                        if write.done is not None and not write.done.done():
                            write.done.set_exception(err)
            for write in batch:
                if write.done is not None and not write.done.done():
                    write.done.set_result(None)
                self._queue.task_done()

    # -- writes ---------------------------------------------------------------
    async def create_match(self, row: MatchRow) -> None:
        # the match and its seats in one batch (one transaction): never a match without seats
        await self._submit(
            Write(
                matches,
                rows=[
                    {
                        "id": row.id,
                        "game": row.game,
                        "options": row.options,
                        "table_options": row.table_options,
                        "seed": row.seed,
                        "num_players": row.num_players,
                        "status": row.status,
                        "invite_code": row.invite_code,
                        "public": row.public,
                        "created_at": row.created_at,
                        "rules_version": row.rules_version,
                        "rated": row.rated,
                        "room": row.room,
                    }
                ],
            ),
            Write(
                seats,
                rows=[
                    {"match_id": row.id, "seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
                     "token_hash": s.token_hash, "player_id": s.player_id}
                    for s in row.seats
                ],
            ),
        )

    def _fence(self, match_id: str) -> str | None:
        """The lease a write of this table needs (none with one process)."""
        return None

    async def set_seat(self, match_id: str, seat: int, name: str | None, token_hash: str | None,
                       player_id: str | None = None) -> None:
        await self._submit(
            Write(seats, values={"name": name, "token_hash": token_hash, "player_id": player_id},
                  where={"match_id": match_id, "seat": seat}, fence=self._fence(match_id))
        )

    async def set_status(self, match_id: str, status: str, **values: Any) -> None:
        await self._submit(Write(matches, values={"status": status, **values}, where={"id": match_id},
                                  fence=self._fence(match_id)))

    async def append_action(self, match_id: str, idx: int, seat: int, action: int, at: float) -> None:
        await self._submit(
            Write(actions, rows=[{"match_id": match_id, "idx": idx, "seat": seat, "action": action, "at": at}],
                   fence=self._fence(match_id))
        )

    async def delete_action(self, match_id: str, idx: int) -> None:
        await self._submit(Write(actions, where={"match_id": match_id, "idx": idx}, delete=True,
                                  fence=self._fence(match_id)))

    # -- players and ratings: transactions of their own, beside the writer's batches --
    async def transact(self, work: Callable[[sa.Connection], T]) -> T:
        """Run `work` in one transaction of its own (committed when it returns, rolled back if it raises).

        On SQLite it runs on the writer's own connection, on the loop's thread,
        after the writes already queued (one writer: no lock waits between the two).
        """
        if self._inline is not None:
            self._inline.flush()
            with self._inline.engine.begin() as conn:
                return work(conn)
        async with self.engine.begin() as aconn:
            return await aconn.run_sync(work)

    async def read(self, work: Callable[[sa.Connection], T]) -> T:
        """Run the reads of `work` on a pooled connection."""
        async with self.engine.connect() as aconn:
            return await aconn.run_sync(work)

    async def add_chat(self, match_id: str, room: str, line: dict[str, Any]) -> None:
        await self._submit(Write(chat_lines, rows=[{"room": room, "match_id": match_id, **line}],
                                 fence=self._fence(match_id)))

    async def set_rematch(self, match_id: str, rematch: dict[str, Any], next_match: str | None = None) -> None:
        """The answers to "another match?"; with `next_match` once it is decided (one write: both or neither)."""
        values: dict[str, Any] = {"rematch": rematch}
        if next_match is not None:
            values["next_match"] = next_match
        await self._submit(Write(matches, values=values, where={"id": match_id}, fence=self._fence(match_id)))

    async def rematches_due(self) -> list[str]:
        """Finished matches whose rematch was decided but whose new match was never made (a crash between)."""
        made = sa.select(matches.c.id).scalar_subquery()
        query = sa.select(matches.c.id).where(matches.c.next_match.is_not(None), matches.c.next_match.not_in(made))
        async with self.engine.connect() as conn:
            return [str(r.id) for r in await conn.execute(query)]

    async def match_exists(self, match_id: str) -> bool:
        async with self.engine.connect() as conn:
            return (await conn.scalar(sa.select(matches.c.id).where(matches.c.id == match_id))) is not None

    # -- reads ----------------------------------------------------------------
    async def load(self, match_id: str) -> MatchRow | None:
        rows = await self._load(sa.select(matches).where(matches.c.id == match_id))
        return rows[0] if rows else None

    async def load_unfinished(self) -> list[MatchRow]:
        return await self._load(sa.select(matches).where(matches.c.status.in_(("waiting", "playing"))))

    async def _load(self, query: sa.Select[Any]) -> list[MatchRow]:
        async with self.engine.connect() as conn:
            found = [MatchRow(**dict(r._mapping)) for r in await conn.execute(query)]
            for row in found:
                seat_rows = await conn.execute(
                    sa.select(seats).where(seats.c.match_id == row.id).order_by(seats.c.seat)
                )
                row.seats = [
                    SeatRow(r.seat, r.kind, r.level, r.name, r.token_hash, r.player_id) for r in seat_rows
                ]
                action_rows = await conn.execute(
                    sa.select(actions.c.idx, actions.c.seat, actions.c.action, actions.c.at)
                    .where(actions.c.match_id == row.id)
                    .order_by(actions.c.idx)
                )
                listed = list(action_rows)
                if any(r.idx != i for i, r in enumerate(listed)):
                    raise RuntimeError(f"match {row.id}: the action record has a gap")
                row.actions = [(r.seat, r.action) for r in listed]
                row.action_times = [r.at for r in listed]
                row.chat = await self._chat(conn, row.chat_room)
        return found

    @staticmethod
    async def _chat(conn: AsyncConnection, room: str) -> list[dict[str, Any]]:
        c = chat_lines.c
        newest = await conn.execute(
            sa.select(c.seat, c.name, c.spectator, c.text, c.phrase, c.at, c.sender)
            .where(c.room == room).order_by(c.id.desc()).limit(CHAT_KEPT)
        )
        return [dict(r._mapping) for r in reversed(list(newest))]
