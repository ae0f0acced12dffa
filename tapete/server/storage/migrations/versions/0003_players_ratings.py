"""Players (an identity without a password, optionally protected by one), their seats and ratings.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        # argon2id, only once the person protects the identity with a password
        sa.Column("password_hash", sa.String(255), nullable=True),
        # the casefolded name of a protected player: unique among them (NULL for the others)
        sa.Column("login_name", sa.String(64), nullable=True, unique=True),
    )
    op.create_table(
        "player_secrets",
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("secret_hash", sa.String(64), primary_key=True),  # SHA-256 of a 128-bit random secret
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("subject", sa.String(40), primary_key=True),  # a player id, or "bot:<level>"
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),  # mu - 3 sigma: the leaderboard's order
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_game_ordinal", "ratings", ["game", "ordinal"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(24), nullable=True))
        batch.create_foreign_key("fk_seats_player_id", "players", ["player_id"], ["id"])
        batch.create_index("ix_seats_player_id", ["player_id"])
    with op.batch_alter_table("matches") as batch:
        # every match stored before this column existed counts as rated (none of them has a player)
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true()))
        # when the ratings took this finished match into account: set once, by whoever sets it first
        batch.add_column(sa.Column("rated_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rated_at")
        batch.drop_column("rated")
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_player_id")
        batch.drop_constraint("fk_seats_player_id", type_="foreignkey")
        batch.drop_column("player_id")
    op.drop_index("ix_ratings_game_ordinal", "ratings")
    op.drop_table("ratings")
    op.drop_table("player_secrets")
    op.drop_table("players")
