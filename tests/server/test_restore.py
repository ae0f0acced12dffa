"""Restoring tables from the store when a process starts (no sockets needed)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from tapete.games import get_game
from tapete.server.settings import ServerSettings
from tapete.server.storage.store import MatchRow, SeatRow, Store
from tapete.server.table.registry import TableRegistry
from tapete.server.table.seats import CLIENT_RETRY_MAX_S, RECONNECT_MARGIN_S, hash_token


def waiting_row(token_hashes: list[str | None], rules_version: int = 1) -> MatchRow:
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
        rules_version=rules_version,
        seats=[
            SeatRow(0, "human", None, "Ana", token_hashes[0]),
            SeatRow(1, "human", None, "Bea", token_hashes[1]),
            SeatRow(2, "bot", "random", None, None),
            SeatRow(3, "bot", "random", None, None),
        ],
    )


async def stored(tmp_path: Path, row: MatchRow) -> Store:
    """A store holding `row` as a killed process left it."""
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'tapete.db'}")
    await store.open()
    await store.create_match(row)
    for seat in row.seats:
        if seat.token_hash is not None:
            await store.set_seat(row.id, seat.seat, seat.name, seat.token_hash)
    return store


async def restore(tmp_path: Path, row: MatchRow) -> tuple[str, str]:
    """Restore `row` in a new TableRegistry; (runner status, stored status)."""
    store = await stored(tmp_path, row)
    tables = TableRegistry(store, ServerSettings())
    assert await tables.restore() == 1
    runner = tables.runners[row.id]
    loaded = await store.load(row.id)
    await tables.close()
    await store.close()
    assert loaded is not None
    return runner.status, loaded.status


async def test_a_table_killed_after_its_last_join_starts_on_restore(tmp_path: Path) -> None:
    """Every seat was taken but the start was never stored: the restored table plays, it does not wait forever."""
    status, stored = await restore(tmp_path, waiting_row([hash_token("a"), hash_token("b")]))
    assert (status, stored) == ("playing", "playing")


async def test_a_table_with_a_free_seat_still_waits_on_restore(tmp_path: Path) -> None:
    status, stored = await restore(tmp_path, waiting_row([hash_token("a"), None]))
    assert (status, stored) == ("waiting", "waiting")


async def test_a_table_of_other_rules_is_not_replayed_on_restore(tmp_path: Path) -> None:
    """A record of another rules version would replay into a wrong state: it is left alone."""
    store = await stored(tmp_path, waiting_row([hash_token("a"), hash_token("b")], rules_version=99))
    tables = TableRegistry(store, ServerSettings())
    try:
        assert await tables.restore() == 0
        assert "t-restore" not in tables.runners
        row = await store.load("t-restore")
        assert row is not None and row.rules_version == 99 and row.status == "waiting"
    finally:
        await tables.close()
        await store.close()


async def test_new_tables_and_their_records_carry_the_rules_version(tmp_path: Path) -> None:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'tapete.db'}")
    await store.open()
    tables = TableRegistry(store, ServerSettings())
    try:
        runner = await tables.create("boon", {}, None, {}, public=False)
        row = await store.load(runner.id)
        assert row is not None and row.rules_version == runner.game.rules_version
    finally:
        await tables.close()
        await store.close()


async def playing_store(tmp_path: Path, seconds_ago: float) -> tuple[Store, int]:
    """A Boon table (two people, two bots) left by a killed process at a person's turn
    that began `seconds_ago`, with a 60 s turn clock; returns the store and that seat."""
    row = waiting_row([hash_token("a"), hash_token("b")])
    row.status, row.table_options = "playing", {"turn_seconds": 60}
    store = await stored(tmp_path, row)
    state = get_game("boon").new_match(4, row.seed, {})
    idx = 0
    while idx == 0 or state.required_actors()[0] not in (0, 1):
        seat = state.required_actors()[0]
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        await store.append_action(row.id, idx, seat, action, time.time() - seconds_ago - 0.01 * (50 - idx))
        idx += 1
    await store.set_status(row.id, "playing")
    return store, state.required_actors()[0]


async def restored_runner(tmp_path: Path, seconds_ago: float, grace: float) -> tuple[TableRegistry, Store, Any, int]:
    store, seat = await playing_store(tmp_path, seconds_ago)
    tables = TableRegistry(store, ServerSettings(disconnect_grace=grace))
    assert await tables.restore() == 1
    return tables, store, tables.runners["t-restore"], seat


async def test_a_turn_clock_keeps_its_time_left_across_a_restart(tmp_path: Path) -> None:
    tables, store, runner, seat = await restored_runner(tmp_path, seconds_ago=20, grace=5)
    try:
        left = runner.core.clock_deadline(seat) - time.monotonic()
        assert 38 < left < 41  # 60 s less the 20 s used before the kill, not a fresh minute
    finally:
        await tables.close()
        await store.close()


async def test_after_a_restart_stand_ins_wait_for_people_to_reconnect(tmp_path: Path) -> None:
    """Clocks that ran out while the server was down, and a short disconnect grace: the
    stand-in still waits the client's longest reconnect pause plus a margin."""
    tables, store, runner, seat = await restored_runner(tmp_path, seconds_ago=100, grace=0.2)
    try:
        await asyncio.sleep(0.5)
        wait = CLIENT_RETRY_MAX_S + RECONNECT_MARGIN_S
        assert not runner._bot_controls(seat) and runner.version == len((await store.load("t-restore")).actions)
        assert runner.core.clock_deadline(seat) - time.monotonic() > wait - 1.0
        gone = runner.seats[seat].gone_since
        assert gone is not None and gone + runner.registry.grace - time.monotonic() > wait - 1.0
    finally:
        await tables.close()
        await store.close()
