"""Migration 0007 (who made each action): actions stored before keep everything and count as their
seats' own moves; a stand-in's move is stored and read back as the stand-in's."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.ext.asyncio import create_async_engine

from tapete.server.storage.migrate import alembic_config
from tapete.server.storage.store import MatchRow, SeatRow, Store, metadata

OLD_ACTIONS = [{"match_id": "m-old", "idx": i, "seat": i % 2, "action": 40 + i, "at": 5.0 + i} for i in range(6)]


def _fill_at_0006_and_upgrade(conn: Any) -> dict[str, Any]:
    command.upgrade(alembic_config(conn), "0006")
    conn.execute(
        sa.text(
            "INSERT INTO matches (id, game, options, table_options, seed, num_players, status, invite_code, public,"
            " created_at, rules_version, rated) VALUES ('m-old', 'boon', '{}', '{}', 3, 2, 'playing', 'CODE0007',"
            " true, 1.0, 1, true)"
        )
    )
    conn.execute(
        sa.text(
            'INSERT INTO actions (match_id, idx, seat, action, "at") VALUES (:match_id, :idx, :seat, :action, :at)'
        ),
        OLD_ACTIONS,
    )
    command.upgrade(alembic_config(conn), "head")
    rows = [dict(r._mapping) for r in conn.execute(sa.text("SELECT * FROM actions ORDER BY idx"))]
    return {
        "rows": rows,
        "diff": compare_metadata(MigrationContext.configure(conn), metadata),
        "revision": MigrationContext.configure(conn).get_current_revision(),
    }


async def upgrade(url: str) -> dict[str, Any]:
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            return await conn.run_sync(_fill_at_0006_and_upgrade)
    finally:
        await engine.dispose()


def test_sqlite_upgrade_keeps_actions_as_the_seats_own(tmp_path: Path) -> None:
    read = asyncio.run(upgrade(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"))
    assert (
        read["diff"] == [] and read["revision"] == "0011"
    )  # head: 0008 fair play, 0009 tournaments, 0010 due times, 0011 notifications
    assert [{k: r[k] for k in OLD_ACTIONS[0]} for r in read["rows"]] == OLD_ACTIONS
    assert all(r["by_standin"] is None for r in read["rows"])


async def test_a_stand_ins_move_is_read_back_as_its_own(tmp_path: Path) -> None:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'new.db'}")
    await store.open()
    try:
        await store.create_match(
            MatchRow(
                "m-new",
                "boon",
                {},
                {},
                3,
                2,
                "playing",
                "CODE0008",
                True,
                1.0,
                seats=[SeatRow(0, "human", None, "Ana", None), SeatRow(1, "bot", "random", None, None)],
            )
        )
        for idx, by in enumerate([None, None, "clock", None, "standin"]):
            await store.append_action("m-new", idx, idx % 2, 40 + idx, 5.0 + idx, by)
        row = await store.load("m-new")
        assert row is not None and row.by_standin == {2: "clock", 4: "standin"}
        assert row.actions == [(i % 2, 40 + i) for i in range(5)]
    finally:
        await store.close()
