"""Migration 0003 (players, ratings): a database made at revision 0002 keeps every match, seat and action.

The same check runs on PostgreSQL in tests/cluster/test_migration_0003_pg.py.
"""

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
from tapete.server.storage.store import metadata

OLD_MATCHES = [
    {
        "id": "m-finished",
        "game": "buracco",
        "options": '{"target": 1500}',
        "table_options": '{"clock": null}',
        "seed": 7,
        "num_players": 4,
        "status": "finished",
        "invite_code": "CODEA123",
        "public": True,
        "created_at": 10.0,
        "started_at": 11.0,
        "finished_at": 99.5,
        "outcome": '{"winners": [0, 2]}',
        "rules_version": 1,
    },
    {
        "id": "m-playing",
        "game": "boon",
        "options": "{}",
        "table_options": "{}",
        "seed": 8,
        "num_players": 2,
        "status": "playing",
        "invite_code": "CODEB123",
        "public": False,
        "created_at": 20.0,
        "started_at": 21.0,
        "finished_at": None,
        "outcome": None,
        "rules_version": 1,
    },
]
OLD_SEATS = [
    {
        "match_id": "m-finished",
        "seat": s,
        "kind": "human" if s < 2 else "bot",
        "level": None if s < 2 else "greedy",
        "name": ["Ana", "Bea", None, None][s],
        "token_hash": "ab" * 32 if s < 2 else None,
    }
    for s in range(4)
] + [
    {"match_id": "m-playing", "seat": s, "kind": "human", "level": None, "name": "Caro", "token_hash": None}
    for s in range(2)
]
OLD_ACTIONS = [
    {"match_id": "m-finished", "idx": i, "seat": i % 4, "action": 100 + i, "at": 12.0 + i} for i in range(30)
] + [{"match_id": "m-playing", "idx": 0, "seat": 0, "action": 5, "at": 22.0}]


def _fill_at_0002(conn: Any) -> None:
    command.upgrade(alembic_config(conn), "0002")
    for table, rows in (("matches", OLD_MATCHES), ("seats", OLD_SEATS), ("actions", OLD_ACTIONS)):
        names = list(rows[0])
        sql = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join(':' + n for n in names)})"
        conn.execute(sa.text(sql), rows)


def _upgrade_and_read(conn: Any) -> dict[str, Any]:
    command.upgrade(alembic_config(conn), "head")
    read = {
        table: [dict(r._mapping) for r in conn.execute(sa.text(f"SELECT * FROM {table} ORDER BY {order}"))]
        for table, order in (("matches", "id"), ("seats", "match_id, seat"), ("actions", "match_id, idx"))
    }
    read["schema_diff"] = compare_metadata(MigrationContext.configure(conn), metadata)
    read["revision"] = MigrationContext.configure(conn).get_current_revision()
    return read


async def upgrade_from_0002(url: str) -> dict[str, Any]:
    """Make a database at 0002 holding OLD_*, upgrade it to head, and read everything back."""
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_fill_at_0002)
        async with engine.begin() as conn:
            return await conn.run_sync(_upgrade_and_read)
    finally:
        await engine.dispose()


def check_nothing_lost(read: dict[str, Any]) -> None:
    assert read["schema_diff"] == []  # the migrated schema is the one store.py declares
    assert len(read["matches"]) == len(OLD_MATCHES)
    for old, new in zip(sorted(OLD_MATCHES, key=lambda m: m["id"]), read["matches"], strict=True):
        for key, value in old.items():
            if key in ("options", "table_options", "outcome") and value is not None:
                assert _as_json(new[key]) == _as_json(value), key
            else:
                assert new[key] == value, key
        assert bool(new["rated"]) is True  # matches stored before count as rated
        assert new["rated_at"] is None
    assert [{k: r[k] for k in OLD_SEATS[0]} for r in read["seats"]] == sorted(
        OLD_SEATS, key=lambda s: (s["match_id"], s["seat"])
    )
    assert all(r["player_id"] is None for r in read["seats"])
    assert [{k: r[k] for k in OLD_ACTIONS[0]} for r in read["actions"]] == sorted(
        OLD_ACTIONS, key=lambda a: (a["match_id"], a["idx"])
    )
    assert all(r["by_standin"] is None for r in read["actions"])  # (0007) stored before: the seats' own


def _as_json(value: Any) -> Any:
    import json

    return json.loads(value) if isinstance(value, str) else value


def test_sqlite_upgrade_from_0002_loses_nothing(tmp_path: Path) -> None:
    read = asyncio.run(upgrade_from_0002(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"))
    assert read["revision"] is not None
    check_nothing_lost(read)


def test_sqlite_downgrade_to_0002_and_back(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    asyncio.run(upgrade_from_0002(url))

    async def down_and_up() -> dict[str, Any]:
        engine = create_async_engine(url)
        try:
            async with engine.begin() as conn:
                await conn.run_sync(lambda c: command.downgrade(alembic_config(c), "0002"))
            async with engine.begin() as conn:
                return await conn.run_sync(_upgrade_and_read)
        finally:
            await engine.dispose()

    check_nothing_lost(asyncio.run(down_and_up()))
