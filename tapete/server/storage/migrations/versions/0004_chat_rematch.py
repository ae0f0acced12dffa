"""Table chat (the last lines of each table, kept) and rematches (the answers, the next match).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        # the chat of a chain of rematches is one: the first match's id
        sa.Column("room", sa.String(24), nullable=False),
        sa.Column("match_id", sa.String(24), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("spectator", sa.Boolean, nullable=False),
        sa.Column("text", sa.Text, nullable=True),
        sa.Column("phrase", sa.String(16), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_lines_room_id", "chat_lines", ["room", "id"])
    # every match stored before these columns existed is its own room, with no rematch asked
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("room", sa.String(24), nullable=True))
        batch.add_column(sa.Column("rematch", sa.JSON, nullable=True))
        batch.add_column(sa.Column("next_match", sa.String(24), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("next_match")
        batch.drop_column("rematch")
        batch.drop_column("room")
    op.drop_index("ix_chat_lines_room_id", "chat_lines")
    op.drop_table("chat_lines")
