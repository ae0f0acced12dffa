"""Leases on tables and fenced writes, for several server processes sharing PostgreSQL.

Each table is owned by one process at a time: the owner holds a lease row
(`table_leases`: table, owner, expiry, on the database's clock). Writes of
tables are committed in batches, in a transaction that first locks the
batch's lease rows and checks that this process still owns them (a write
of a table it lost fails, the others commit). See `cluster` for the rest.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from ..errors import error
from ..storage.batch_writers import PgWriter, Write, action_columns
from ..storage.store import MatchRow, Store, matches

NOW = "extract(epoch from clock_timestamp())"
SCHEMA_LOCK = 0x7A9E7E  # advisory lock: one process at a time migrates the schema

CREATE_LEASES = """CREATE TABLE IF NOT EXISTS table_leases (
    match_id varchar(24) PRIMARY KEY,
    owner varchar(96) NOT NULL,
    expires_at double precision NOT NULL
)"""
ACQUIRE = f"""INSERT INTO table_leases (match_id, owner, expires_at) VALUES (:m, :o, {NOW} + :ttl)
ON CONFLICT (match_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
WHERE table_leases.owner = EXCLUDED.owner OR table_leases.expires_at < {NOW}
RETURNING match_id"""
RENEW = f"""UPDATE table_leases SET expires_at = {NOW} + :ttl WHERE owner = :o AND match_id = ANY(:ids)
RETURNING match_id"""
RELEASE = "DELETE FROM table_leases WHERE owner = :o AND match_id = ANY(:ids)"
OWNERS = f"SELECT match_id, owner, expires_at > {NOW} AS alive FROM table_leases WHERE match_id = ANY(:ids)"
ORPHANS = f"""SELECT m.id FROM matches m LEFT JOIN table_leases l ON l.match_id = m.id
WHERE m.status IN ('waiting', 'playing') AND (l.match_id IS NULL OR l.expires_at < {NOW})
ORDER BY m.created_at LIMIT :k"""
# Row locks on leases: a fenced write holds FOR KEY SHARE, which a renewal (an update of
# expires_at only) does not wait for, while a takeover first locks the row FOR UPDATE and so
# waits for every write of the old owner still in flight. Locked in table order.
HOLD = """SELECT match_id FROM table_leases WHERE owner = $1 AND match_id = ANY($2::varchar[])
ORDER BY match_id FOR KEY SHARE"""
LOCK_ONE = "SELECT 1 FROM table_leases WHERE match_id = :m FOR UPDATE"
# A batch of actions with its fence, in one statement (one round trip, committed by itself): lock
# the batch's lease rows held by this process (as HOLD), insert the actions of those tables only,
# and name them; a table missing from the answer was lost. A locking CTE referenced twice is
# evaluated once, before the insert that reads it.
FENCED_INSERT_ACTIONS = """WITH held AS (
    SELECT match_id FROM table_leases WHERE owner = $7 AND match_id = ANY($1::varchar[])
    ORDER BY match_id FOR KEY SHARE
), written AS (
    INSERT INTO actions (match_id, idx, seat, action, "at", by_standin)
    SELECT u.m, u.i, u.s, u.a, u.t, u.b
    FROM unnest($1::varchar[], $2::int[], $3::int[], $4::int[], $5::float8[], $6::varchar[])
        AS u(m, i, s, a, t, b)
    WHERE u.m IN (SELECT match_id FROM held)
    RETURNING 1
)
SELECT match_id FROM held"""


def new_owner_id() -> str:
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


class Leases:
    """This process's leases on tables, in PostgreSQL."""

    def __init__(self, engine: AsyncEngine, owner: str, seconds: float) -> None:
        self.engine, self.owner, self.seconds = engine, owner, seconds
        self.held: set[str] = set()

    async def _rows(self, sql: str, **params: Any) -> list[Any]:
        async with self.engine.begin() as conn:
            result = await conn.execute(sa.text(sql), params)
            return list(result) if result.returns_rows else []

    async def acquire(self, table_id: str) -> bool:
        async with self.engine.begin() as conn:
            await conn.execute(sa.text(LOCK_ONE), {"m": table_id})
            params = {"m": table_id, "o": self.owner, "ttl": self.seconds}
            got = bool(list(await conn.execute(sa.text(ACQUIRE), params)))
        if got:
            self.held.add(table_id)
        return got

    async def renew(self) -> set[str]:
        """Renew every lease held; return the tables whose lease another process took."""
        if not self.held:
            return set()
        asked = sorted(self.held)
        kept = {r.match_id for r in await self._rows(RENEW, o=self.owner, ids=asked, ttl=self.seconds)}
        # only what was asked can be lost: a table acquired meanwhile is not in `asked`
        lost = set(asked) - kept
        self.held -= lost
        return lost

    async def release(self, table_ids: list[str]) -> None:
        self.held.difference_update(table_ids)
        if table_ids:
            await self._rows(RELEASE, o=self.owner, ids=table_ids)

    async def owners(self, table_ids: list[str]) -> dict[str, tuple[str, bool]]:
        """Each table's owner and whether its lease is still alive (absent: no lease)."""
        if not table_ids:
            return {}
        return {r.match_id: (r.owner, bool(r.alive)) for r in await self._rows(OWNERS, ids=table_ids)}

    async def orphans(self, limit: int) -> list[str]:
        """Unfinished tables whose lease expired (their owner died) or that never had one."""
        return [r.id for r in await self._rows(ORPHANS, k=limit)]


class FencedWriter(PgWriter):
    """Group commit with fences: a batch's statement locks the leases of every table in it.

    A write of a table whose lease this process no longer holds fails with
    `table_moved` (and the store hears of the loss); the others commit
    together, as with one process. A batch's actions and their fence are one
    statement (FENCED_INSERT_ACTIONS); other writes lock the leases first in
    their transaction (HOLD).
    """

    def __init__(self, engine: AsyncEngine, store: ClusterStore) -> None:
        super().__init__(engine)
        self.store = store

    async def admit(self, conn: Any, batch: Sequence[Write]) -> Sequence[Write]:
        fences = sorted({w.fence for w in batch if w.fence is not None})
        if not fences:
            return batch
        rows = await conn.fetch(HOLD, self.store.leases.owner, fences)
        return self._refuse_lost(batch, fences, {r["match_id"] for r in rows})

    async def insert_actions(self, conn: Any, writes: Sequence[Write]) -> None:
        if any(w.fence is None for w in writes):  # not fenced (none are, today): as with one process
            await super().insert_actions(conn, [w for w in writes if w.fence is None])
            writes = [w for w in writes if w.fence is not None]
            if not writes:
                return
        rows = await conn.fetch(FENCED_INSERT_ACTIONS, *action_columns(writes), self.store.leases.owner)
        self._refuse_lost(writes, sorted({str(w.fence) for w in writes}), {r["match_id"] for r in rows})

    def _refuse_lost(self, batch: Sequence[Write], fences: list[str], held: set[str]) -> list[Write]:
        """The writes whose table's lease is `held`; the others fail with `table_moved`."""
        for lost in set(fences) - held:
            if lost in self.store.leases.held:
                self.store.leases.held.discard(lost)
                self.store.on_lost(lost)
        admitted: list[Write] = []
        for write in batch:
            if write.fence is None or write.fence in held:
                admitted.append(write)
            elif write.done is not None and not write.done.done():
                write.done.set_exception(error("table_moved", table=write.fence))
        return admitted


class ClusterStore(Store):
    """The store, with every write of a table fenced by its lease."""

    def __init__(self, url: str, owner: str, lease_seconds: float) -> None:
        super().__init__(url)
        self.leases = Leases(self.engine, owner, lease_seconds)
        self.on_lost: Callable[[str], None] = lambda _table_id: None  # a write found the lease gone
        self._writer_impl = FencedWriter(self.engine, self)

    async def open(self) -> None:
        """Migrate and create the lease table, one process at a time."""
        async with self.engine.connect() as lock:
            await lock.execute(sa.text("SELECT pg_advisory_lock(:k)"), {"k": SCHEMA_LOCK})
            try:
                await super().open()
                async with self.engine.begin() as conn:
                    await conn.execute(sa.text(CREATE_LEASES))
            finally:
                await lock.execute(sa.text("SELECT pg_advisory_unlock(:k)"), {"k": SCHEMA_LOCK})
                await lock.commit()

    def _fence(self, match_id: str) -> str | None:
        return match_id

    async def create_match(self, row: MatchRow) -> None:
        # the lease comes first: no other process may take a table being created
        if not await self.leases.acquire(row.id):
            raise error("table_moved", table=row.id)
        await super().create_match(row)

    async def status(self, table_id: str) -> str | None:
        """A table's status (None: no such table), without loading its record."""
        async with self.engine.connect() as conn:
            found = await conn.scalar(sa.select(matches.c.status).where(matches.c.id == table_id))
        return None if found is None else str(found)

    async def table_for_code(self, code: str) -> str | None:
        async with self.engine.connect() as conn:
            found = await conn.scalar(sa.select(matches.c.id).where(matches.c.invite_code == code))
        return None if found is None else str(found)
