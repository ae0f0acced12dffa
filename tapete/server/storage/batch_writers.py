"""How the store's writes reach the database: the queued `Write`, the statements of a batch
(`plan`), and the batch writers (`AsyncWriter` through SQLAlchemy's async engine, `PgWriter` with
a batch's actions in one asyncpg statement, `InlineWriter` committing SQLite batches on the
loop's own thread). `tapete.server.storage.store.Store` queues the writes and hands them out in batches.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from .checkpoint import EVERY_S, RESTART_FRAMES, SIZE_LIMIT, WalCheckpointer
from .schema import actions

log = logging.getLogger("tapete.server.store")
T = TypeVar("T")
# the writer's page cache (SQLite's default: 2 MB): each move's insert touches its match's leaf of the
# actions' key, and 2,000 tables' leaves did not fit (a read from the file, or the WAL, for most inserts)
WRITER_CACHE_KB = 64 * 1024
GATE_RETRY_S = 0.001  # a commit held by a checkpoint catching up tries again this soon


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
    # The writes submitted with this one (itself included): they commit in one transaction.
    unit: list[Write] | None = field(default=None, repr=False)
    # A further condition of an update or delete, beside `where`'s equalities (a subquery, say).
    also: Any = None

    @property
    def key(self) -> str:
        """The table (match) this write belongs to; "" when it names none (such writes keep their order too)."""
        found = self.rows[0] if self.rows else self.where or {}
        return str(found.get("match_id", found.get("id", "")) if self.table.name in TABLE_KEYED else "")

    def statement(self) -> sa.Update | sa.Delete:
        assert self.where is not None
        cond = [self.table.c[k] == v for k, v in self.where.items()]
        if self.also is not None:
            cond.append(self.also)
        if self.delete:
            return self.table.delete().where(*cond)
        assert self.values is not None
        return self.table.update().where(*cond).values(**self.values)


TABLE_KEYED = frozenset({"matches", "seats", "actions"})  # tables whose rows belong to one match


@dataclass
class Step:
    """One statement of a batch: executed once per row of `rows` (an executemany), or once with the
    values it carries (`rows` None). Steps of one `shape` compile to the same SQL (None: unlike any)."""

    statement: sa.Insert | sa.Update | sa.Delete
    rows: list[dict[str, Any]] | None
    shape: Hashable | None


def plan(batch: Sequence[Write]) -> list[Step]:
    """The statements of a batch, in order; consecutive inserts into one table (of the same columns),
    and consecutive updates of the same columns of one table, become one executemany each (one round
    trip)."""
    steps: list[Step] = []
    last_shape: Hashable | None = None
    for write in batch:
        if write.rows is not None:
            if not write.rows:
                continue  # nothing to insert
            shape: Hashable | None = ("insert", write.table.name, tuple(write.rows[0]))
            if shape == last_shape:
                steps[-1].rows.extend(write.rows)  # type: ignore[union-attr]
            else:
                steps.append(Step(write.table.insert(), list(write.rows), shape))
        elif write.delete or write.values is None or write.where is None or write.also is not None:
            shape = None
            steps.append(Step(write.statement(), None, None))
        else:
            values, where = tuple(sorted(write.values)), tuple(sorted(write.where))
            shape = ("update", write.table.name, values, where)
            params = {**{f"w_{k}": v for k, v in write.where.items()}, **{f"v_{k}": v for k, v in write.values.items()}}
            if shape == last_shape:
                steps[-1].rows.append(params)  # type: ignore[union-attr]
            else:
                table = write.table
                statement = (
                    table.update()
                    .where(*(table.c[k] == sa.bindparam(f"w_{k}") for k in where))
                    .values({k: sa.bindparam(f"v_{k}", type_=table.c[k].type) for k in values})
                )
                steps.append(Step(statement, [params], shape))
        last_shape = shape
    return steps


def sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """The settings every SQLite connection gets (async engine and inline writer alike)."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # NORMAL in WAL mode: a commit survives a killed process; only a power
    # cut may lose the last moments.
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


class AsyncWriter:
    """Commits batches through SQLAlchemy's async engine, one connection per batch in flight."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._free: list[AsyncConnection] = []
        self._open: list[AsyncConnection] = []

    async def _connection(self) -> AsyncConnection:
        if self._free:
            return self._free.pop()
        conn = await self.engine.connect()
        self._open.append(conn)
        return conn

    async def commit(self, batch: Sequence[Write]) -> None:
        conn = await self._connection()
        try:
            for step in plan(batch):
                await conn.execute(step.statement, step.rows)
            await conn.commit()
        except Exception:
            await conn.rollback()
            raise
        finally:
            self._free.append(conn)

    async def close(self) -> None:
        for conn in self._open:
            await conn.close()
        self._open.clear()
        self._free.clear()


INSERT_ACTIONS = """INSERT INTO actions (match_id, idx, seat, action, "at", by_standin)
SELECT * FROM unnest($1::varchar[], $2::int[], $3::int[], $4::int[], $5::float8[], $6::varchar[])"""


INSERT_ACTIONS_SQLITE = 'INSERT INTO actions (match_id, idx, seat, action, "at", by_standin) VALUES (?, ?, ?, ?, ?, ?)'

ActionColumns = tuple[list[str], list[int], list[int], list[int], list[float], list[str | None]]


def action_columns(writes: Sequence[Write]) -> ActionColumns:
    """The rows of action inserts as six arrays (the parameters of INSERT_ACTIONS)."""
    rows = [row for write in writes for row in write.rows or ()]
    return (
        [r["match_id"] for r in rows],
        [r["idx"] for r in rows],
        [r["seat"] for r in rows],
        [r["action"] for r in rows],
        [r["at"] for r in rows],
        [r.get("by_standin") for r in rows],
    )


def lane_of(unit: Sequence[Write]) -> str:
    """`actions` for one action of a move (the writes people wait for), `other` for the rest."""
    return "actions" if len(unit) == 1 and unit[0].table is actions and unit[0].rows is not None else "other"


def units_of(writes: Sequence[Write]) -> list[list[Write]]:
    """The writes grouped as they were submitted together (in order)."""
    units: dict[int, list[Write]] = {}
    for write in writes:
        units.setdefault(id(write.unit) if write.unit is not None else id(write), []).append(write)
    return list(units.values())


async def _each_alone_on_failure(writes: Sequence[Write], commit: Callable[[Sequence[Write]], Any]) -> None:
    """`commit(writes)`; if it fails, each unit (writes submitted together) alone, and a unit that
    still fails gets its error."""
    try:
        await commit(writes)
        return
    except Exception as err:
        units = units_of(writes)
        if len(units) == 1:
            log.exception("write failed", extra={"table": writes[0].table.name})
            settle(writes, [err] * len(writes))
            return
    for unit in units:
        try:
            await commit(unit)
        except Exception as err:
            log.exception("write failed", extra={"table": unit[0].table.name})
            settle(unit, [err] * len(unit))


@dataclass(frozen=True)
class RawStatement:
    """A Core statement compiled for asyncpg: its SQL, and how a row of parameters becomes its
    arguments (in order, each through its type's processor: JSON to text, say)."""

    sql: str
    names: tuple[str, ...]
    processors: tuple[Callable[[Any], Any] | None, ...]

    @classmethod
    def of(cls, compiled: sa.engine.Compiled, dialect: sa.Dialect) -> RawStatement:
        assert isinstance(compiled, sa.sql.compiler.SQLCompiler)
        if compiled.insert_prefetch or compiled.update_prefetch:  # values SQLAlchemy would compute here
            raise NotImplementedError(f"{compiled.string[:60]!r}: a column default computed in Python")
        names = tuple(compiled.positiontup or ())
        binds = compiled.binds
        processors = tuple(binds[n].type.dialect_impl(dialect).bind_processor(dialect) for n in names)
        return cls(compiled.string, names, processors)

    def args(self, params: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(
            params[name] if process is None else process(params[name])
            for name, process in zip(self.names, self.processors, strict=True)
        )


class PgWriter(AsyncWriter):
    """PostgreSQL: each batch on a plain asyncpg connection, without SQLAlchemy's execution layer.

    A batch's actions go in one statement: without a transaction block it
    commits itself, so they cost one round trip (the statement is prepared
    once per connection). The other writes (new matches, seats, statuses: a
    few per match) go in one transaction, each statement compiled by
    SQLAlchemy once per shape (`Step.shape`) and run by asyncpg: through
    SQLAlchemy's async engine a transaction of two updates cost ~630 µs of
    this process's CPU, ~370 so (bench/bench_pg_writes.py).
    """

    def __init__(self, engine: AsyncEngine) -> None:
        super().__init__(engine)
        self.dialect = engine.dialect
        self.dsn = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._raw_free: list[Any] = []
        self._raw_open: list[Any] = []
        self._compiled: dict[Hashable, RawStatement] = {}

    async def commit(self, batch: Sequence[Write]) -> None:
        """Commit a batch (of one write per table, see `Store._take_batch`): the actions first, then
        the rest in a transaction; a part that fails is retried write by write, and a write that
        still fails fails alone (the rest of the batch is committed once, never again)."""
        inserts = [w for w in batch if w.table is actions and w.rows is not None and len(w.unit or ()) <= 1]
        taken = {id(w) for w in inserts}
        # the rest in one transaction, grouped by statement shape (a unit's writes are of distinct
        # tables here, and its matches row sorts before its seats rows)
        others = sorted(
            (w for w in batch if id(w) not in taken),
            key=lambda w: (w.table.name, w.rows is None, sorted(w.values or ()), sorted(w.where or ())),
        )
        if inserts:
            await _each_alone_on_failure(inserts, self._insert)
        if others:
            await _each_alone_on_failure(others, self._transact)

    async def _insert(self, writes: Sequence[Write]) -> None:
        conn = await self._raw()
        try:
            await self.insert_actions(conn, writes)
        finally:
            self._give_back(conn)

    async def _transact(self, writes: Sequence[Write]) -> None:
        conn = await self._raw()
        try:
            async with conn.transaction():
                for step in plan(await self.admit(conn, writes)):
                    await self._execute(conn, step)
        finally:
            self._give_back(conn)

    async def _execute(self, conn: Any, step: Step) -> None:
        if step.shape is None:  # values of its own (a delete, say): compiled for this once
            compiled = step.statement.compile(dialect=self.dialect)
            raw = RawStatement.of(compiled, self.dialect)
            await conn.execute(raw.sql, *raw.args(compiled.params))
            return
        assert step.rows, "a shaped step has rows"
        cached = self._compiled.get(step.shape)
        if cached is None:
            compiled = step.statement.compile(dialect=self.dialect, column_keys=list(step.rows[0]))
            cached = self._compiled[step.shape] = RawStatement.of(compiled, self.dialect)
        raw = cached
        if len(step.rows) == 1:
            await conn.execute(raw.sql, *raw.args(step.rows[0]))
        else:
            await conn.executemany(raw.sql, [raw.args(row) for row in step.rows])

    async def admit(self, conn: Any, batch: Sequence[Write]) -> Sequence[Write]:
        """The writes of `batch` that may happen (all; a fenced writer refuses some)."""
        return batch

    async def _raw(self) -> Any:
        """A free connection, or a new one. One the database closed meanwhile (a restart tells every
        client) is dropped here rather than failing a batch."""
        while self._raw_free:
            conn = self._raw_free.pop()
            if not conn.is_closed():
                return conn
            self._raw_open.remove(conn)
        import asyncpg

        conn = await asyncpg.connect(self.dsn)
        self._raw_open.append(conn)
        return conn

    def _give_back(self, conn: Any) -> None:
        """A connection back to the free ones; one that broke, or that a cancelled batch left inside
        its transaction, is dropped (the next batch opens another)."""
        if conn.is_closed() or conn.is_in_transaction():
            conn.terminate()
            self._raw_open.remove(conn)
        else:
            self._raw_free.append(conn)

    async def insert_actions(self, conn: Any, writes: Sequence[Write]) -> None:
        await conn.execute(INSERT_ACTIONS, *action_columns(writes))

    async def close(self) -> None:
        for conn in self._raw_open:
            await conn.close()
        self._raw_open.clear()
        self._raw_free.clear()
        await super().close()


class InlineWriter:
    """Commits SQLite batches on the event loop's own thread, once per loop turn.

    The same Core statements as `AsyncWriter`, through the synchronous
    driver. A WAL commit without fsync (synchronous=NORMAL) takes a fraction
    of a millisecond, far less than any hop to a thread and back on a busy
    loop (a thread waits for the GIL, then for a loop turn, at each hop).
    Every write submitted during one turn of the loop goes in one commit.
    """

    def __init__(self, url: str, checkpoint_every: float = EVERY_S, restart_frames: int = RESTART_FRAMES) -> None:
        sync_url = url.replace("sqlite+aiosqlite", "sqlite+pysqlite", 1)
        self.engine = sa.create_engine(sync_url, connect_args={"timeout": 30}, poolclass=sa.pool.StaticPool)
        sa.event.listen(self.engine, "connect", sqlite_pragmas)
        database = sa.engine.make_url(sync_url).database
        # a file's checkpoints (and their flush to disk) happen on a thread, never in a commit here
        self.checkpointer = (
            WalCheckpointer(database, checkpoint_every, restart_frames) if database and database != ":memory:" else None
        )
        if self.checkpointer is not None:
            sa.event.listen(self.engine, "connect", _writer_pragmas)
            self.checkpointer.start()
        # a commit holds the checkpointer's gate (a checkpoint catching up holds it as well)
        self.gate = self.checkpointer.gate if self.checkpointer is not None else None
        self.pending: list[Write] = []
        self.on_batch: Callable[[int, int], None] = lambda _writes, _in_flight: None
        self._conn: sa.Connection | None = None
        self._armed = False  # a flush is scheduled

    def submit(self, write: Write) -> None:
        if not self._armed:
            self._armed = True
            asyncio.get_running_loop().call_soon(self.flush)
        self.pending.append(write)

    def flush(self) -> None:
        """Commit the writes queued (the loop's turn is over): now, unless a checkpoint is catching up
        with the WAL (`WalCheckpointer.gate`, a few milliseconds), and then as soon as it is done."""
        self._armed = False
        if not self.pending:
            return
        gate = self.gate
        if gate is not None and not gate.acquire(blocking=False):
            self._armed = True
            asyncio.get_running_loop().call_later(GATE_RETRY_S, self.flush)
            return
        try:
            self._flush_now()
        finally:
            if gate is not None:
                gate.release()

    def _flush_now(self) -> None:
        batch, self.pending = self.pending, []
        if batch:
            self.on_batch(len(batch), 1)
            settle(batch, self._commit_or_split(batch))

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
        inserts = [w for w in batch if w.table is actions and w.rows is not None]
        others = [w for w in batch if not (w.table is actions and w.rows is not None)]
        conn = self._connection()
        # the driver's executemany with a fixed statement: compiling the Core insert and building its
        # parameters cost more than the insert itself (profiled at people's pace); a batch of moves
        # alone (the usual one) is the driver's statement and commit, nothing more
        rows = list(zip(*action_columns(inserts), strict=True)) if inserts else []
        if not others:
            driver = conn.connection.dbapi_connection
            assert driver is not None
            try:
                driver.executemany(INSERT_ACTIONS_SQLITE, rows)
                driver.commit()
            except BaseException:
                driver.rollback()
                raise
            return
        with conn.begin():
            for step in plan(others):
                conn.execute(step.statement, step.rows)
            if rows:
                conn.exec_driver_sql(INSERT_ACTIONS_SQLITE, rows)

    def transact(self, work: Callable[[sa.Connection], T]) -> T:
        """`work` in one transaction of its own on this connection, after the writes queued."""
        with self.gate or contextlib.nullcontext():  # (a catch-up holds it a few milliseconds)
            self._flush_now()
            conn = self._connection()
            with conn.begin():
                return work(conn)

    def _connection(self) -> sa.Connection:
        """One connection for the writer's life (a batch taking one from the pool cost as much as
        its insert); SQLite's own file lock orders it with the other connections' writes."""
        if self._conn is None or self._conn.closed or self._conn.invalidated:
            self._conn = self.engine.connect()
        return self._conn

    def close(self) -> None:
        with self.gate or contextlib.nullcontext():
            self._flush_now()
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self.engine.dispose()
        if self.checkpointer is not None:
            self.checkpointer.stop()


def _writer_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """The inline writer's connection: it leaves checkpoints to `WalCheckpointer` (see checkpoint.py),
    cuts the WAL's file back when it starts it over, and keeps a page cache of `WRITER_CACHE_KB`."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.execute(f"PRAGMA journal_size_limit={SIZE_LIMIT}")
    cur.execute(f"PRAGMA cache_size={-WRITER_CACHE_KB}")
    cur.close()


def settle(batch: Sequence[Write], errors: Sequence[BaseException | None]) -> None:
    for write, error in zip(batch, errors, strict=True):
        if write.done is None or write.done.done():
            continue
        if error is None:
            write.done.set_result(None)
        else:
            write.done.set_exception(error)
