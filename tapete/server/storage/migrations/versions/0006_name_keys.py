"""Players' names are one each as people read them: `players.name_key` (unique) is what a name reads as.

A name already used by an earlier identity, read alike ("Ana" and "ana", a
Cyrillic "А"...), can no longer be taken by another. Identities stored
before keep their names; where two already read alike, the protected one
(else the oldest) holds the key and the others keep the name without it
until they rename.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from tapete.server.people.names import name_key

    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("name_key", sa.String(96), nullable=True))
    players = sa.table(
        "players",
        sa.column("id", sa.String),
        sa.column("name", sa.String),
        sa.column("password_hash", sa.String),
        sa.column("created_at", sa.Float),
        sa.column("name_key", sa.String),
    )
    conn = op.get_bind()
    named = conn.execute(
        sa.select(players.c.id, players.c.name)
        .where(players.c.name.is_not(None))
        .order_by(players.c.password_hash.is_(None), players.c.created_at, players.c.id)
    )
    held: set[str] = set()
    keys = []
    for row in named:
        key = name_key(row.name)
        if key and key not in held:
            held.add(key)
            keys.append({"pid": row.id, "key": key})
    if keys:
        conn.execute(
            players.update().where(players.c.id == sa.bindparam("pid")).values(name_key=sa.bindparam("key")), keys
        )
    with op.batch_alter_table("players") as batch:
        batch.create_unique_constraint("uq_players_name_key", ["name_key"])


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_constraint("uq_players_name_key", type_="unique")
        batch.drop_column("name_key")
