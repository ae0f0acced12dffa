"""Fenced group commit: the writes of many tables go in one transaction, each still fenced by its lease."""

from __future__ import annotations

import asyncio
import time

import pytest
import sqlalchemy as sa

from tapete.server.cluster.leases import ClusterStore, FencedWriter
from tapete.server.errors import TableMoved
from tapete.server.settings import async_db_url
from tapete.server.storage.store import MatchRow, SeatRow

pytestmark = pytest.mark.cluster


def row(table_id: str) -> MatchRow:
    return MatchRow(
        id=table_id,
        game="boon",
        options={},
        table_options={},
        seed=1,
        num_players=2,
        status="playing",
        invite_code=f"C{table_id}",
        public=False,
        created_at=time.time(),
        seats=[SeatRow(0, "bot", "random", None, None), SeatRow(1, "bot", "random", None, None)],
    )


async def stored_actions(store: ClusterStore) -> list[tuple[str, int]]:
    async with store.engine.connect() as conn:
        result = await conn.execute(sa.text("SELECT match_id, idx FROM actions ORDER BY match_id, idx"))
        return [(r.match_id, r.idx) for r in result]


async def fenced_batch(url: str) -> None:
    store = ClusterStore(async_db_url(url), owner="process-a", lease_seconds=30)
    lost: list[str] = []
    store.on_lost = lost.append
    await store.open()
    try:
        for table_id in ("kept1", "kept2", "taken"):
            await store.create_match(row(table_id))
        # another process took "taken" over (its lease expired while this one paused)
        async with store.engine.begin() as conn:
            await conn.execute(sa.text("UPDATE table_leases SET owner = 'process-b' WHERE match_id = 'taken'"))
        writes = [store.append_action(t, i, 0, 5, time.time()) for t in ("kept1", "taken", "kept2") for i in (0, 1)]
        results = await asyncio.gather(*writes, return_exceptions=True)
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(refused) == 2 and all(isinstance(r, TableMoved) for r in refused)
        assert await stored_actions(store) == [("kept1", 0), ("kept1", 1), ("kept2", 0), ("kept2", 1)]
        assert lost == ["taken"]  # heard once, though two of its writes were refused
        assert "taken" not in store.leases.held
    finally:
        await store.close()


def test_a_batch_commits_the_tables_it_holds_and_refuses_the_one_it_lost(database: str) -> None:
    asyncio.run(fenced_batch(database))


async def renewal_race(url: str) -> None:
    from sqlalchemy.ext.asyncio import create_async_engine

    from tapete.server.cluster.leases import CREATE_LEASES, RENEW, Leases

    engine = create_async_engine(async_db_url(url))
    async with engine.begin() as conn:
        await conn.execute(sa.text(CREATE_LEASES))
    leases = Leases(engine, "process-a", 30)
    try:
        assert await leases.acquire("old")
        plain_rows = leases._rows

        async def rows(sql: str, **params: object) -> list[object]:
            found = await plain_rows(sql, **params)
            if sql == RENEW:
                assert await leases.acquire("new")  # a table created while the renewal was out
            return found

        leases._rows = rows  # type: ignore[method-assign]
        assert await leases.renew() == set()
        assert leases.held == {"old", "new"}
    finally:
        await engine.dispose()


def test_a_table_acquired_during_a_renewal_is_not_taken_for_lost(database: str) -> None:
    asyncio.run(renewal_race(database))


async def other_writes(url: str) -> None:
    """The writes beside the actions (statuses, seats, rematches, deletes) go through asyncpg with
    SQLAlchemy's compiled statements: what is read back is what was written, JSON and NULLs
    included, and a table this process lost refuses them."""
    store = ClusterStore(async_db_url(url), owner="process-a", lease_seconds=30)
    await store.open()
    try:
        made = row("kept")
        made.options, made.table_options = {"target": 30, "deals": [1, 2]}, {"bot_delay_ms": 0}
        await store.create_match(made)
        await store.create_match(row("taken"))
        await store.set_seat("kept", 1, "Aitana", "f" * 64, None)
        outcome = {"winners": [1], "scores": [3.5, -1], "text": 'ñ "quoted"'}
        await store.set_status("kept", "finished", finished_at=12.5, outcome=outcome)
        await store.set_rematch("kept", {"yes": [0, 1], "no": []}, next_match="kept2")
        for idx in range(3):
            await store.append_action("kept", idx, 0, 5, 1.0)
        await store.delete_action("kept", 2)
        loaded = await store.load("kept")
        assert loaded is not None
        assert (loaded.options, loaded.table_options) == (made.options, made.table_options)
        assert (loaded.status, loaded.finished_at, loaded.outcome) == ("finished", 12.5, outcome)
        assert (loaded.rematch, loaded.next_match, loaded.started_at) == ({"yes": [0, 1], "no": []}, "kept2", None)
        assert [(s.seat, s.name, s.token_hash, s.player_id) for s in loaded.seats] == [
            (0, None, None, None),
            (1, "Aitana", "f" * 64, None),
        ]
        assert loaded.actions == [(0, 5), (0, 5)]

        async with store.engine.begin() as conn:
            await conn.execute(sa.text("UPDATE table_leases SET owner = 'process-b' WHERE match_id = 'taken'"))
        with pytest.raises(TableMoved):
            await store.set_status("taken", "finished")
        with pytest.raises(TableMoved):
            await store.set_seat("taken", 0, "Beto", None)
        taken = await store.load("taken")
        assert taken is not None and taken.status == "playing" and taken.seats[0].name is None
    finally:
        await store.close()


def test_other_writes_read_back_as_written_and_are_fenced(database: str) -> None:
    asyncio.run(other_writes(database))


async def database_restart(url: str) -> None:
    """Every connection of the writer killed by the database (as a restart does): the next writes
    still commit, on new connections (the batch's retry finds the broken ones dropped)."""
    import asyncpg

    store = ClusterStore(async_db_url(url), owner="process-a", lease_seconds=30)
    await store.open()
    try:
        await store.create_match(row("kept"))
        await store.create_match(row("other"))
        # two tables' writes at once, in both lanes: two connections
        await asyncio.gather(store.append_action("kept", 0, 0, 5, 1.0), store.set_seat("other", 1, "Aitana", None))
        await store.append_action("kept", 1, 0, 5, 1.0)
        writer = store._writer_impl
        assert isinstance(writer, FencedWriter) and len(writer._raw_free) >= 2
        admin = await asyncpg.connect(url)
        try:
            killed = await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        finally:
            await admin.close()
        assert killed >= 2
        await asyncio.sleep(0.2)  # the database's goodbye reaches each connection, as after a restart
        await store.append_action("kept", 2, 0, 5, 1.0)
        await store.set_status("kept", "finished", finished_at=3.0)
        reader = await asyncpg.connect(url)
        try:
            assert await reader.fetchval("SELECT count(*) FROM actions WHERE match_id = 'kept'") == 3
            assert await reader.fetchval("SELECT status FROM matches WHERE id = 'kept'") == "finished"
        finally:
            await reader.close()
    finally:
        await store.close()


def test_writes_go_on_after_the_database_drops_every_connection(database: str) -> None:
    asyncio.run(database_restart(database))
