"""Turn-based tables: `matches.due_at`, when the table's next turn clock runs out (wall clock; null: no
clock runs, or a live table), read by the server's sweep instead of a timer per table; and
`matches.waiting_on`, the seats whose decision the table awaits (a person's list of games says
"your turn" from it, whichever process holds the table).

Matches stored before have neither (none of them was turn-based).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("due_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("waiting_on", sa.JSON, nullable=True))
    op.create_index("ix_matches_due_at", "matches", ["due_at"])


def downgrade() -> None:
    op.drop_index("ix_matches_due_at", table_name="matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("waiting_on")
        batch.drop_column("due_at")
