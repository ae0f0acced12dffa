"""A room's chat lines stay bounded on PostgreSQL too (fenced writes, a batch of many lines at once)."""

from __future__ import annotations

import asyncio
import time

import pytest
import sqlalchemy as sa

from tapete.protocol import CHAT_HISTORY
from tapete.server.cluster.leases import ClusterStore
from tapete.server.settings import async_db_url
from tapete.server.storage.store import MatchRow, SeatRow
from tapete.server.table.chat import PRUNE_EVERY, ChatLine, TableChat

pytestmark = pytest.mark.cluster


async def kept(store: ClusterStore, room: str) -> list[str]:
    async with store.engine.connect() as conn:
        result = await conn.execute(sa.text("SELECT text FROM chat_lines WHERE room = :r ORDER BY id"), {"r": room})
        return [r.text for r in result]


async def written(store: ClusterStore, room: str, newest: str) -> list[str]:
    for _ in range(500):
        lines = await kept(store, room)
        if lines and lines[-1] == newest:
            return lines
        await asyncio.sleep(0.02)
    raise AssertionError(f"{newest!r} was never written")


async def flood(url: str) -> None:
    store = ClusterStore(async_db_url(url), owner="process-a", lease_seconds=30)
    await store.open()
    try:
        await store.create_match(
            MatchRow(
                id="talked",
                game="boon",
                options={},
                table_options={},
                seed=1,
                num_players=2,
                status="playing",
                invite_code="Ctalked",
                public=False,
                created_at=time.time(),
                seats=[SeatRow(0, "human", None, "Ana", None), SeatRow(1, "bot", "random", None, None)],
            )
        )
        chat = TableChat("talked", "talked", (), store)
        total = 3 * (CHAT_HISTORY + PRUNE_EVERY)
        for i in range(total):  # all in one turn of the loop: they commit in a few batches
            chat.keep(ChatLine(0, "Ana", False, f"line {i}", None, time.time()))
        lines = await written(store, "talked", f"line {total - 1}")
        assert len(lines) <= CHAT_HISTORY + PRUNE_EVERY
        assert lines == [f"line {i}" for i in range(total - len(lines), total)]
        most = 0
        for i in range(total, 2 * total):  # one at a time, each written before the next
            chat.keep(ChatLine(0, "Ana", False, f"line {i}", None, time.time()))
            most = max(most, len(await written(store, "talked", f"line {i}")))
        assert most <= CHAT_HISTORY + PRUNE_EVERY, most
    finally:
        await store.close()


def test_a_flood_leaves_a_bounded_number_of_lines_on_postgresql(database: str) -> None:
    asyncio.run(flood(database))
