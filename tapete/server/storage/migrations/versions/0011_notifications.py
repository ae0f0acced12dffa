"""Notifications of a turn-based table's turn: `matches.turn_at` (since when the table awaits its
`waiting_on`), a person's e-mail address and choice of channels (`players.email`, `players.notify`),
their devices' Web Push subscriptions, the notifications sent (one per person and waiting turn) and
the server's own keys (the VAPID key pair, made at first start).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("turn_at", sa.Float, nullable=True))
    op.create_index("ix_matches_turn_at", "matches", ["turn_at"])
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("notify", sa.JSON, nullable=True))
    op.create_table(
        "push_subscriptions",
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("endpoint_hash", sa.String(64), primary_key=True),
        sa.Column("endpoint", sa.String(1024), nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "notices",
        sa.Column("match_id", sa.String(24), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("turn_at", sa.Float, primary_key=True),
        sa.Column("player_id", sa.String(24), nullable=False),
        sa.Column("channels", sa.JSON, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=False),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_keys")
    op.drop_table("notices")
    op.drop_table("push_subscriptions")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("notify")
        batch.drop_column("email")
    op.drop_index("ix_matches_turn_at", table_name="matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("turn_at")
