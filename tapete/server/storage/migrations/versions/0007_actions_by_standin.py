"""Each action says who made it when not the seat's own player: `actions.by_standin` is "standin"
(the person was away) or "clock" (their turn clock ran out), null for the seat's own move.

Actions stored before count as their seats' own (nothing else was known).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("by_standin", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("by_standin")
