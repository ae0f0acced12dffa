"""Migration 0003 on PostgreSQL: a database made at revision 0002 keeps every match, seat and action."""

from __future__ import annotations

import asyncio

import pytest

from tests.server.test_migration_0003 import check_nothing_lost, upgrade_from_0002

pytestmark = pytest.mark.cluster


def test_postgresql_upgrade_from_0002_loses_nothing(database: str) -> None:
    read = asyncio.run(upgrade_from_0002(database.replace("postgresql://", "postgresql+asyncpg://", 1)))
    check_nothing_lost(read)
