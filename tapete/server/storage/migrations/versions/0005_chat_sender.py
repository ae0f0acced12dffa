"""Chat lines keep their writer's key (a player, a seat or a numbered spectator), for muting one person.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # lines kept before have none: they are told with a key made from their seat (server/chat.py)
    with op.batch_alter_table("chat_lines") as batch:
        batch.add_column(sa.Column("sender", sa.String(80), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("chat_lines") as batch:
        batch.drop_column("sender")
