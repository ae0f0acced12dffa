"""Schema migrations: a database made by an older tapete keeps its matches and gains the new columns."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command

from tapete.server.storage.migrate import alembic_config
from tapete.server.storage.store import metadata


def test_matches_stored_before_rules_versions_count_as_version_1(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0001")
        conn.execute(
            sa.text(
                "INSERT INTO matches (id, game, options, table_options, seed, num_players, status, invite_code, public,"
                " created_at) VALUES ('old', 'boon', '{}', '{}', 1, 4, 'playing', 'OLDCODE2', 0, 0)"
            )
        )
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "head")
        assert conn.execute(sa.text("SELECT rules_version FROM matches WHERE id = 'old'")).scalar_one() == 1
        columns = {c["name"] for c in sa.inspect(conn).get_columns("matches")}
    assert columns == {c.name for c in metadata.tables["matches"].columns}
    engine.dispose()
