"""Tournaments for people: the tournaments, their entries and their games (tapete.server.tournaments).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column(
            "organiser", sa.String(24), sa.ForeignKey("players.id", name="fk_tournaments_organiser"), nullable=False
        ),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("table_options", sa.JSON, nullable=False),
        sa.Column("plan", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("ends_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_entries",
        sa.Column("tournament_id", sa.String(24), sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("entry", sa.Integer, primary_key=True),
        sa.Column("members", sa.JSON, nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
    )
    op.create_table(
        "tournament_games",
        sa.Column("tournament_id", sa.String(24), sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("entries", sa.JSON, nullable=False),
        sa.Column("bye", sa.Boolean, nullable=False),
        sa.Column("match_id", sa.String(24), nullable=True),
        sa.Column("seats", sa.JSON, nullable=True),
        sa.Column("results", sa.JSON, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_index("ix_tournament_games_match_id", "tournament_games", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_tournament_games_match_id", "tournament_games")
    op.drop_table("tournament_games")
    op.drop_table("tournament_entries")
    op.drop_index("ix_tournaments_status", "tournaments")
    op.drop_table("tournaments")
