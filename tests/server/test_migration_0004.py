"""Migration 0004 (chat, rematch): a database at revision 0003 keeps everything and gains the chat and rematch.

The same check runs on PostgreSQL in tests/cluster/test_migration_0004_pg.py.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from sqlalchemy.ext.asyncio import create_async_engine

from tapete.server.storage.migrate import alembic_config

from .test_migration_0003 import _fill_at_0002, _upgrade_and_read, check_nothing_lost


def _fill_at_0003(conn: Any) -> None:
    _fill_at_0002(conn)
    command.upgrade(alembic_config(conn), "0003")


def _read_chat(conn: Any) -> list[dict[str, Any]]:
    return [dict(r._mapping) for r in conn.execute(sa.text("SELECT * FROM chat_lines ORDER BY id"))]


async def upgrade_from_0003(url: str, down_and_up: bool = False) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A database at 0003 holding the old matches, upgraded to head (and, if asked, down to 0003 and up again)."""
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_fill_at_0003)
        async with engine.begin() as conn:
            await conn.run_sync(lambda c: command.upgrade(alembic_config(c), "head"))
            await conn.execute(
                sa.text(
                    "INSERT INTO chat_lines (room, match_id, seat, name, spectator, text, phrase, at)"
                    " VALUES ('m-finished', 'm-finished', 0, 'Ana', false, 'hola', NULL, 100.0)"
                )
            )
        if down_and_up:
            async with engine.begin() as conn:
                await conn.run_sync(lambda c: command.downgrade(alembic_config(c), "0003"))
        async with engine.begin() as conn:
            read = await conn.run_sync(_upgrade_and_read)
            chat = await conn.run_sync(_read_chat)
        return read, chat
    finally:
        await engine.dispose()


def check_0004(read: dict[str, Any]) -> None:
    check_nothing_lost(read)  # every match, seat and action, and the schema store.py declares
    assert read["revision"] == "0011"  # head: 0005 to 0011 follow (0007 by_standin, 0008 fair play, 0010 due times)
    for match in read["matches"]:
        assert (match["room"], match["rematch"], match["next_match"]) == (None, None, None)


def test_sqlite_upgrade_from_0003_loses_nothing(tmp_path: Path) -> None:
    read, chat = asyncio.run(upgrade_from_0003(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"))
    check_0004(read)
    assert [(line["room"], line["text"]) for line in chat] == [("m-finished", "hola")]


def test_sqlite_downgrade_to_0003_and_back(tmp_path: Path) -> None:
    read, chat = asyncio.run(upgrade_from_0003(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}", down_and_up=True))
    check_0004(read)
    assert chat == []  # the chat table went with the downgrade
