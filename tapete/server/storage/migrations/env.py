"""Alembic environment: migrations run on a connection the server hands over.

From the command line (to write a new migration), set `sqlalchemy.url` to an
async URL (sqlite+aiosqlite://... or postgresql+asyncpg://...).
"""

from __future__ import annotations

import asyncio
from typing import Any

from alembic import context
from sqlalchemy.ext.asyncio import create_async_engine

from tapete.server.storage.store import metadata


def _run(connection: Any) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


async def _run_from_url(url: str) -> None:
    engine = create_async_engine(url)
    async with engine.begin() as conn:
        await conn.run_sync(_run)
    await engine.dispose()


given = context.config.attributes.get("connection")
if given is not None:
    _run(given)
else:
    asyncio.run(_run_from_url(context.config.get_main_option("sqlalchemy.url") or ""))
