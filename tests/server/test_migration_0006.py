"""Migration 0006 (name keys): identities stored before keep their names; one of each name holds its key.

Where two identities already read alike ("Ana" and "ana"), the protected one
(else the oldest) holds the key, and the other keeps its name without it.
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

OLD_PLAYERS = [  # id, name, created_at, protected
    ("p-ana-old", "Ana", 1.0, False),
    ("p-ana-protected", "ANA", 2.0, True),
    ("p-cyrillic", "\u0410na", 3.0, False),
    ("p-bea", "Bea", 4.0, False),
    ("p-nameless", None, 5.0, False),
    ("p-bea-late", "bea", 6.0, False),
]


def _fill_and_upgrade(conn: Any) -> list[dict[str, Any]]:
    command.upgrade(alembic_config(conn), "0005")
    conn.execute(
        sa.text(
            "INSERT INTO players (id, name, created_at, password_hash, login_name)"
            " VALUES (:id, :name, :at, :hash, :login)"
        ),
        [
            {
                "id": pid,
                "name": name,
                "at": at,
                "hash": "$argon2id$x" if protected else None,
                "login": name.casefold() if protected and name else None,
            }
            for pid, name, at, protected in OLD_PLAYERS
        ],
    )
    command.upgrade(alembic_config(conn), "head")
    found = [dict(r._mapping) for r in conn.execute(sa.text("SELECT id, name, name_key FROM players ORDER BY id"))]
    diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert not [d for d in diff if "players" in repr(d)], diff
    return found


async def upgrade(url: str) -> list[dict[str, Any]]:
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            return await conn.run_sync(_fill_and_upgrade)
    finally:
        await engine.dispose()


def check_keys(rows: list[dict[str, Any]]) -> None:
    assert {r["id"]: (r["name"], r["name_key"]) for r in rows} == {
        "p-ana-old": ("Ana", None),
        "p-ana-protected": ("ANA", "ana"),  # the protected one holds it, though younger
        "p-cyrillic": ("\u0410na", None),
        "p-bea": ("Bea", "bea"),  # else the oldest
        "p-bea-late": ("bea", None),
        "p-nameless": (None, None),
    }


def test_sqlite_upgrade_keys_each_name_once(tmp_path: Path) -> None:
    check_keys(asyncio.run(upgrade(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")))
