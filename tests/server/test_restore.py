"""Restoring tables from the store when a process starts (no sockets needed)."""

from __future__ import annotations

import time
from pathlib import Path

from tapete.server.runner import hash_token
from tapete.server.settings import ServerSettings
from tapete.server.store import MatchRow, SeatRow, Store
from tapete.server.tables import Tables


def waiting_row(token_hashes: list[str | None]) -> MatchRow:
    return MatchRow(
        id="t-restore",
        game="boon",
        options={},
        table_options={},
        seed=7,
        num_players=4,
        status="waiting",
        invite_code="RESTORE2",
        public=False,
        created_at=time.time(),
        seats=[SeatRow(0, "human", None, "Ana", token_hashes[0]), SeatRow(1, "human", None, "Bea", token_hashes[1]),
               SeatRow(2, "bot", "random", None, None), SeatRow(3, "bot", "random", None, None)],
    )


async def restore(tmp_path: Path, row: MatchRow) -> tuple[str, str]:
    """Store `row` as a killed process left it, restore it in a new Tables; (runner status, stored status)."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'tapete.db'}"
    store = Store(url)
    await store.open()
    await store.create_match(row)
    for seat in row.seats:
        if seat.token_hash is not None:
            await store.set_seat(row.id, seat.seat, seat.name, seat.token_hash)
    tables = Tables(store, ServerSettings())
    assert await tables.restore() == 1
    runner = tables.runners[row.id]
    stored = await store.load(row.id)
    await tables.close()
    await store.close()
    assert stored is not None
    return runner.status, stored.status


async def test_a_table_killed_after_its_last_join_starts_on_restore(tmp_path: Path) -> None:
    """Every seat was taken but the start was never stored: the restored table plays, it does not wait forever."""
    status, stored = await restore(tmp_path, waiting_row([hash_token("a"), hash_token("b")]))
    assert (status, stored) == ("playing", "playing")


async def test_a_table_with_a_free_seat_still_waits_on_restore(tmp_path: Path) -> None:
    status, stored = await restore(tmp_path, waiting_row([hash_token("a"), None]))
    assert (status, stored) == ("waiting", "waiting")
