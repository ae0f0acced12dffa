"""Run the Alembic migrations shipped in `tapete/server/storage/migrations`."""

from __future__ import annotations

from typing import Any

from alembic import command
from alembic.config import Config

SCRIPT_LOCATION = "tapete.server.storage:migrations"


def alembic_config(connection: Any | None = None, url: str | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", SCRIPT_LOCATION)
    if url is not None:
        cfg.set_main_option("sqlalchemy.url", url)
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection: Any) -> None:
    """Upgrade to the newest schema on a synchronous connection (inside `run_sync`)."""
    command.upgrade(alembic_config(connection), "head")
