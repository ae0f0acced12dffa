"""The tables-per-address quota counts an address's open tables, not every table in memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapete.server.errors import TooManyTables
from tapete.server.settings import ServerSettings
from tapete.server.storage.store import Store
from tapete.server.table.registry import SeatSpec, TableRegistry

TWO_HUMANS = [SeatSpec("human"), SeatSpec("human")]


async def test_a_finished_table_in_memory_frees_its_place_and_others_count_apart(tmp_path: Path) -> None:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'tapete.db'}")
    await store.open()
    tables = TableRegistry(store, ServerSettings(max_tables_per_address=2))
    try:
        first = await tables.create("bacan", {}, TWO_HUMANS, {}, False, client="10.0.0.1")
        await tables.create("bacan", {}, TWO_HUMANS, {}, False, client="10.0.0.1")
        await tables.create("bacan", {}, TWO_HUMANS, {}, False, client="10.0.0.2")  # another address: its own count
        with pytest.raises(TooManyTables):
            await tables.create("bacan", {}, TWO_HUMANS, {}, False, client="10.0.0.1")
        first.status = "finished"  # as a match that ended, still in memory for its last readers
        await tables.create("bacan", {}, TWO_HUMANS, {}, False, client="10.0.0.1")
        with pytest.raises(TooManyTables):
            await tables.create("bacan", {}, TWO_HUMANS, {}, False, client="10.0.0.1")
        tables._forget(first)  # the finished table leaves memory: it leaves the address's count too
        assert tables.created_by["10.0.0.1"] == {t for t, who in tables.creator.items() if who == "10.0.0.1"}
        assert first.id not in tables.created_by["10.0.0.1"]
    finally:
        await tables.close()
        await store.close()
