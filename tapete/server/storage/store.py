"""The match records in a database (SQLite in WAL mode, or PostgreSQL).

Every write is committed in batches (group commit): a table's action is on
disk before its runner tells anyone about it, and 200 busy tables cost a
few transactions per tick instead of one each. On SQLite the batch of each
loop turn commits inline (see `InlineWriter`). On PostgreSQL up to
`Store.IN_FLIGHT` batches commit at once, each on a connection of its own
(one for moves' actions, two for the rest), and a batch's actions go in one
statement (arrays unnested: one round trip that inserts and commits, see
`PgWriter`); the
writes of one table still commit in the order they were submitted (a table's
next write waits for its batch). Reads use the engine's pool directly.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from tapete.protocol import CHAT_HISTORY  # lines of a room read back (the history a hello gets)

from .batch_writers import (
    AsyncWriter,
    InlineWriter,
    PgWriter,
    Write,
    lane_of,
    plan,  # noqa: F401  (imported from here too)
    settle,
    sqlite_pragmas,
    units_of,
)

# The tables are declared in `schema.py`; the rest of the server may import them from here too.
from .schema import actions, chat_lines, matches, metadata, player_secrets, players, ratings, seats  # noqa: F401

ACTIONS_PAGE = 500  # actions read at once by `Store.actions_of`

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
    fair_play: dict[str, Any] | None = None  # people.ratings.FairPlay, once the ratings took the match in
    shared: bool = False  # a private table's finished match that one of its players made public
    room: str | None = None
    rematch: dict[str, Any] | None = None
    next_match: str | None = None
    due_at: float | None = None  # a turn-based table's next clock (wall clock)
    waiting_on: list[int] | None = None  # ... and the seats whose decision it awaits
    turn_at: float | None = None  # ... since when (wall clock): notifications (people/notify.py)
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[tuple[int, int]] = field(default_factory=list)
    action_times: list[float] = field(default_factory=list)  # when each action was stored (time.time())
    by_standin: dict[int, str] = field(default_factory=dict)  # index -> who made it for a person (engine.standin)
    chat: list[dict[str, Any]] = field(default_factory=list)  # the room's last lines, oldest first

    @property
    def chat_room(self) -> str:
        return self.room or self.id


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
        sa.event.listen(engine.sync_engine, "connect", sqlite_pragmas)
        return engine
    return create_async_engine(url, pool_size=5, max_overflow=5)


class Store:
    """Async access to matches, seats and actions."""

    BATCH = 1000
    # batches committing at once (a connection each), per lane: a move's action, and the rest. One
    # batch of actions at a time: while it is out the next one fills (7 actions a batch against 3.5
    # with two at full speed, and 60 µs of PostgreSQL's CPU an action against 87; docs/cluster.md).
    LANES: ClassVar[dict[str, int]] = {"actions": 1, "other": 2}
    IN_FLIGHT = sum(LANES.values())

    def __init__(self, url: str) -> None:
        self.url = url
        keep_private(url)  # before anything opens it: SQLite gives its -wal and -shm files the same mode
        self.engine = make_engine(url)
        self._inline = InlineWriter(url) if url.startswith("sqlite+aiosqlite") else None
        self._writer_impl: AsyncWriter = (
            PgWriter(self.engine) if url.startswith("postgresql") else AsyncWriter(self.engine)
        )
        self._pending: deque[list[Write]] = deque()  # units: the writes submitted together
        self._busy: set[str] = set()  # tables with a batch in flight: their next write waits for it
        self._in_flight: set[asyncio.Task[None]] = set()
        self._lanes: dict[str, set[asyncio.Task[None]]] = {}
        self._armed: set[str] = set()  # lanes whose next batch starts at the next turn of the loop
        # told of each committed batch: its writes, and the batches in flight meanwhile (Stats.batch)
        self.on_batch: Callable[[int, int], None] = lambda _writes, _in_flight: None
        if self._inline is not None:
            self._inline.on_batch = lambda writes, in_flight: self.on_batch(writes, in_flight)

    # -- lifecycle ----------------------------------------------------------
    async def open(self) -> None:
        """Bring the schema to the newest migration and start the writer."""
        from .migrate import upgrade

        async with self.engine.begin() as conn:
            await conn.run_sync(upgrade)

    async def close(self) -> None:
        while self._pending or self._in_flight:  # every write submitted is committed first
            await asyncio.sleep(0.005)
        await self._writer_impl.close()
        if self._inline is not None:
            self._inline.close()
        await self.engine.dispose()

    # -- the writer -----------------------------------------------------------
    def wal_summary(self) -> dict[str, float | int] | None:
        """SQLite's WAL checkpoints (`WalCheckpointer.summary`); None on PostgreSQL or in memory."""
        checkpointer = self._inline.checkpointer if self._inline is not None else None
        return checkpointer.summary() if checkpointer is not None else None

    async def _submit(self, *writes: Write) -> None:
        """Queue writes (several at once go in one batch, so one transaction) and wait for them."""
        loop = asyncio.get_running_loop()
        unit = list(writes)
        for write in unit:
            write.done = loop.create_future()
            write.unit = unit
        if self._inline is not None:
            for write in unit:
                self._inline.submit(write)
        else:
            self._pending.append(unit)
            self._arm(lane_of(unit))
        for write in unit:
            assert write.done is not None
            await write.done
        for write in unit:  # a unit lists each of its writes, and each write its unit: a cycle per action,
            write.unit = None  # left to the collector (and frozen with what survives, gcsetup.Aging) otherwise

    def _arm(self, lane: str) -> None:
        """A batch of `lane` starts in the next turn of the loop, with every write of `lane` queued
        by then (the writes of this turn commit together), if a connection of the lane is free and
        no batch is armed already; otherwise the batch that ends next takes them (`_kick`)."""
        running = self._lanes.setdefault(lane, set())
        if lane in self._armed or len(running) >= self.LANES[lane]:
            return
        self._armed.add(lane)
        task = asyncio.create_task(self._commit_armed(lane), name=f"tapete-store-{lane}")
        self._in_flight.add(task)
        running.add(task)

    async def _commit_armed(self, lane: str) -> None:
        """An armed batch: its writes are taken at the task's first step (the query leaves in that
        same turn: a callback that then started a task cost one more turn of a busy loop)."""
        self._armed.discard(lane)
        batch = self._take_batch(lane)
        if batch:
            await self._commit(batch)
            return
        task = asyncio.current_task()
        self._in_flight.discard(task)
        self._lanes[lane].discard(task)

    def _kick(self) -> None:
        """Start batches while a connection of their lane is free and writes wait. Actions have
        lanes of their own: a table opening its seats (a transaction of several round trips)
        never holds up another table's moves."""
        for lane, limit in self.LANES.items():
            running = self._lanes.setdefault(lane, set())
            while len(running) < limit and (batch := self._take_batch(lane)):
                task = asyncio.create_task(self._commit(batch), name=f"tapete-store-{lane}")
                self._in_flight.add(task)
                running.add(task)
                task.add_done_callback(self._in_flight.discard)
                task.add_done_callback(running.discard)

    def _take_batch(self, lane: str | None = None) -> list[Write]:
        """The waiting writes that may commit now (of `lane`, if given): not those of a table that
        has a write in flight or earlier in the queue (a table's writes commit in order). Writes
        submitted together stay together."""
        batch: list[Write] = []
        later: list[list[Write]] = []
        blocked: set[str] = set()
        while self._pending and len(batch) < self.BATCH:
            unit = self._pending.popleft()
            keys = {write.key for write in unit}
            if keys & self._busy or keys & blocked or (lane is not None and lane_of(unit) != lane):
                later.append(unit)
                blocked |= keys  # what comes after it waits too
                continue
            batch.extend(unit)
            blocked |= keys
        self._pending.extendleft(reversed(later))
        self._busy |= {write.key for write in batch}
        return batch

    async def _commit(self, batch: list[Write]) -> None:
        try:
            try:
                await self._writer_impl.commit(batch)
                self.on_batch(len(batch), len(self._in_flight))
            except Exception:
                # One bad write must not fail its neighbours: retry each unit alone.
                for unit in units_of(batch):
                    try:
                        await self._writer_impl.commit(unit)
                    except Exception as err:
                        log.exception("write failed", extra={"table": unit[0].table.name})
                        settle(unit, [err] * len(unit))
            settle(batch, [None] * len(batch))
        finally:
            self._busy.difference_update(w.key for w in batch)
            task = asyncio.current_task()
            self._in_flight.discard(task)
            for running in self._lanes.values():
                running.discard(task)
            self._kick()  # the writes that waited for this connection, or for this batch's tables

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
                        "shared": row.shared,
                        "room": row.room,
                    }
                ],
            ),
            Write(
                seats,
                rows=[
                    {
                        "match_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "level": s.level,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "player_id": s.player_id,
                    }
                    for s in row.seats
                ],
            ),
        )

    def _fence(self, match_id: str) -> str | None:
        """The lease a write of this table needs (none with one process)."""
        return None

    async def set_seat(
        self, match_id: str, seat: int, name: str | None, token_hash: str | None, player_id: str | None = None
    ) -> None:
        await self._submit(
            Write(
                seats,
                values={"name": name, "token_hash": token_hash, "player_id": player_id},
                where={"match_id": match_id, "seat": seat},
                fence=self._fence(match_id),
            )
        )

    async def set_status(self, match_id: str, status: str, **values: Any) -> None:
        await self._submit(
            Write(matches, values={"status": status, **values}, where={"id": match_id}, fence=self._fence(match_id))
        )

    async def set_due(
        self, match_id: str, due_at: float | None, waiting_on: list[int], turn_at: float | None = None
    ) -> None:
        """A turn-based table's next clock (wall clock; None: none runs), the seats it awaits and since when."""
        await self._submit(
            Write(
                matches,
                values={"due_at": due_at, "waiting_on": waiting_on, "turn_at": turn_at},
                where={"id": match_id},
                fence=self._fence(match_id),
            )
        )

    async def due_tables(self, now: float) -> list[str]:
        """The tables being played whose turn-based clock ran out by `now` (wall clock)."""
        m = matches.c
        query = sa.select(m.id).where(m.due_at <= now, m.status == "playing").order_by(m.due_at)
        async with self.engine.connect() as conn:
            return [str(r.id) for r in await conn.execute(query)]

    async def append_action(
        self, match_id: str, idx: int, seat: int, action: int, at: float, by_standin: str | None = None
    ) -> None:
        """Store an action; `by_standin`: made for the seat's person by their stand-in ("standin", "clock")."""
        row = {"match_id": match_id, "idx": idx, "seat": seat, "action": action, "at": at, "by_standin": by_standin}
        await self._submit(Write(actions, rows=[row], fence=self._fence(match_id)))

    async def delete_action(self, match_id: str, idx: int) -> None:
        await self._submit(
            Write(actions, where={"match_id": match_id, "idx": idx}, delete=True, fence=self._fence(match_id))
        )

    # -- players and ratings: transactions of their own, beside the writer's batches --
    async def transact(self, work: Callable[[sa.Connection], T]) -> T:
        """Run `work` in one transaction of its own (committed when it returns, rolled back if it raises).

        On SQLite it runs on the writer's own connection, on the loop's thread,
        after the writes already queued (one writer: no lock waits between the two).
        """
        if self._inline is not None:
            return self._inline.transact(work)
        async with self.engine.begin() as aconn:
            return await aconn.run_sync(work)

    async def read(self, work: Callable[[sa.Connection], T]) -> T:
        """Run the reads of `work` on a pooled connection."""
        async with self.engine.connect() as aconn:
            return await aconn.run_sync(work)

    async def add_chat(self, match_id: str, room: str, line: dict[str, Any], prune: bool = False) -> None:
        """Keep a chat line; with `prune`, in the same transaction forget all but the room's newest
        CHAT_HISTORY lines (the caller prunes now and then, so a room's lines stay bounded)."""
        fence = self._fence(match_id)
        writes = [Write(chat_lines, rows=[{"room": room, "match_id": match_id, **line}], fence=fence)]
        if prune:
            c = chat_lines.c
            oldest_kept = sa.select(c.id).where(c.room == room).order_by(c.id.desc()).offset(CHAT_HISTORY).limit(1)
            writes.append(
                Write(
                    chat_lines,
                    where={"room": room},
                    delete=True,
                    fence=fence,
                    also=c.id <= oldest_kept.scalar_subquery(),
                )
            )  # NULL (nothing) while fewer
        await self._submit(*writes)

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
    async def recorded_action(self, match_id: str, idx: int) -> tuple[int, int] | None:
        """The (seat, action) recorded at index `idx` of a match, if any (after a write whose
        answer was lost: it may have been committed all the same)."""
        query = sa.select(actions.c.seat, actions.c.action).where(actions.c.match_id == match_id, actions.c.idx == idx)
        async with self.engine.connect() as conn:
            found = (await conn.execute(query)).first()
        return None if found is None else (int(found.seat), int(found.action))

    async def load(self, match_id: str, with_actions: bool = True) -> MatchRow | None:
        """The match, its seats, chat and (unless not asked for) its actions."""
        rows = await self._load(sa.select(matches).where(matches.c.id == match_id), with_actions)
        return rows[0] if rows else None

    async def actions_of(self, match_id: str) -> tuple[list[tuple[int, int]], dict[int, str]]:
        """A match's actions in order and the moves stand-ins made for people among them (index ->
        who, as `MatchRow.by_standin`), read a page at a time, the event loop let go between two
        pages: the rows of a long record took it ~100 ms at once (8,000 actions)."""
        found: list[tuple[int, int]] = []
        made: dict[int, str] = {}
        while True:
            async with self.engine.connect() as conn:
                page = list(
                    await conn.execute(
                        sa.select(actions.c.idx, actions.c.seat, actions.c.action, actions.c.by_standin)
                        .where(actions.c.match_id == match_id, actions.c.idx >= len(found))
                        .order_by(actions.c.idx)
                        .limit(ACTIONS_PAGE)
                    )
                )
            if any(r.idx != len(found) + i for i, r in enumerate(page)):
                raise RuntimeError(f"match {match_id}: the action record has a gap")
            made.update((r.idx, r.by_standin) for r in page if r.by_standin is not None)
            found += [(r.seat, r.action) for r in page]
            if len(page) < ACTIONS_PAGE:
                return found, made
            await asyncio.sleep(0)

    async def tables_of(self, player_id: str, limit: int) -> list[MatchRow]:
        """The tables being played or waiting at which the player has a seat, newest first (no actions)."""
        mine = sa.select(seats.c.match_id).where(seats.c.player_id == player_id)
        query = (
            sa.select(matches)
            .where(matches.c.id.in_(mine), matches.c.status.in_(("waiting", "playing")))
            .order_by(matches.c.created_at.desc())
            .limit(limit)
        )
        return await self._load(query, with_actions=False)

    async def load_unfinished(self) -> list[MatchRow]:
        return await self._load(sa.select(matches).where(matches.c.status.in_(("waiting", "playing"))))

    async def _load(self, query: sa.Select[Any], with_actions: bool = True) -> list[MatchRow]:
        async with self.engine.connect() as conn:
            found = [MatchRow(**dict(r._mapping)) for r in await conn.execute(query)]
            for row in found:
                seat_rows = await conn.execute(
                    sa.select(seats).where(seats.c.match_id == row.id).order_by(seats.c.seat)
                )
                row.seats = [SeatRow(r.seat, r.kind, r.level, r.name, r.token_hash, r.player_id) for r in seat_rows]
                row.chat = await self._chat(conn, row.chat_room)
                if not with_actions:
                    continue
                action_rows = await conn.execute(
                    sa.select(actions.c.idx, actions.c.seat, actions.c.action, actions.c.at, actions.c.by_standin)
                    .where(actions.c.match_id == row.id)
                    .order_by(actions.c.idx)
                )
                listed = list(action_rows)
                if any(r.idx != i for i, r in enumerate(listed)):
                    raise RuntimeError(f"match {row.id}: the action record has a gap")
                row.actions = [(r.seat, r.action) for r in listed]
                row.action_times = [r.at for r in listed]
                row.by_standin = {r.idx: r.by_standin for r in listed if r.by_standin is not None}
        return found

    @staticmethod
    async def _chat(conn: AsyncConnection, room: str) -> list[dict[str, Any]]:
        c = chat_lines.c
        newest = await conn.execute(
            sa.select(c.seat, c.name, c.spectator, c.text, c.phrase, c.at, c.sender)
            .where(c.room == room)
            .order_by(c.id.desc())
            .limit(CHAT_HISTORY)
        )
        return [dict(r._mapping) for r in reversed(list(newest))]
