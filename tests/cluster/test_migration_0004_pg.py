"""Migration 0004 on PostgreSQL: a database at revision 0003 keeps everything and gains the chat and rematch."""

from __future__ import annotations

import asyncio

import pytest

from tests.server.test_migration_0004 import check_0004, upgrade_from_0003

pytestmark = pytest.mark.cluster


def test_postgresql_upgrade_from_0003_loses_nothing(database: str) -> None:
    read, chat = asyncio.run(upgrade_from_0003(database.replace("postgresql://", "postgresql+asyncpg://", 1)))
    check_0004(read)
    assert [(line["room"], line["text"]) for line in chat] == [("m-finished", "hola")]
