"""Migration 0006 on PostgreSQL: each name as people read it keyed once, the protected one first."""

from __future__ import annotations

import asyncio

import pytest

from tests.server.test_migration_0006 import check_keys, upgrade

pytestmark = pytest.mark.cluster


def test_postgresql_upgrade_keys_each_name_once(database: str) -> None:
    check_keys(asyncio.run(upgrade(database.replace("postgresql://", "postgresql+asyncpg://", 1))))
