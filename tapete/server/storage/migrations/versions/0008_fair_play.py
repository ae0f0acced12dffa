"""Fair play: what fair play made of a finished match (`matches.fair_play`), and devices that signed in
(`player_devices`), whose sign-ins are counted apart from guesses.

A finished match keeps whether fair play rated it, why not, and the seats
whose people made less than their share of its decisions (people.ratings);
and whether a player of a private table made it public (`matches.shared`:
its history line, record and replay are then anyone's, as a public table's).

A device that signed in once with the right password keeps a device token
(only its SHA-256 is stored here): its later sign-ins spend an allowance of
its own, so nobody guessing the password elsewhere can lock its owner out.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("fair_play", sa.JSON, nullable=True))
        batch.add_column(sa.Column("shared", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "player_devices",
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("device_hash", sa.String(64), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("player_devices")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("fair_play")
        batch.drop_column("shared")
