"""The tables of the server's database, as the Alembic migrations (`migrations/versions`) make them.

Every migration's result is checked against these definitions (tests/server/test_migration_0003.py):
a column added here needs a migration that adds it to existing databases.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

matches = sa.Table(
    "matches",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("table_options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("num_players", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("invite_code", sa.String(16), nullable=False, unique=True),
    sa.Column("public", sa.Boolean, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("started_at", sa.Float, nullable=True),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Column("outcome", sa.JSON, nullable=True),
    sa.Column("rules_version", sa.Integer, nullable=False, server_default="1"),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true()),  # the table option `rated`
    sa.Column("rated_at", sa.Float, nullable=True),  # when the ratings took the finished match into account
    # what fair play made of it then (people.ratings.FairPlay: rated, why not, seats that fell short)
    sa.Column("fair_play", sa.JSON, nullable=True),
    # a private table's finished match one of its players made public (history, record, replay for anyone)
    sa.Column("shared", sa.Boolean, nullable=False, server_default=sa.false()),
    # A chain of rematches shares one chat: the first match's id (null: this match's own).
    sa.Column("room", sa.String(24), nullable=True),
    # At a finished match: who answered "another match?" (`Rematch.to_json`), and the new match's id
    # once every person answered (written before the new match is, so a restart finishes making it).
    sa.Column("rematch", sa.JSON, nullable=True),
    sa.Column("next_match", sa.String(24), nullable=True),
    # A turn-based table (`pace`): when its next turn clock runs out (wall clock; null: none runs), read by
    # the server's sweep instead of a timer per table, and the seats whose decision it awaits.
    sa.Column("due_at", sa.Float, nullable=True, index=True),
    sa.Column("waiting_on", sa.JSON, nullable=True),
    # ... and since when (wall clock) it awaits them: a person's notification goes out once that turn has
    # waited past their set time (tapete.server.people.notify)
    sa.Column("turn_at", sa.Float, nullable=True, index=True),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("match_id", sa.String(24), sa.ForeignKey("matches.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),  # "human" | "bot"
    sa.Column("level", sa.String(32), nullable=True),  # the bot kind, for bot seats
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    # the identity that took the seat (none for bots and anonymous people)
    sa.Column(
        "player_id", sa.String(24), sa.ForeignKey("players.id", name="fk_seats_player_id"), nullable=True, index=True
    ),
)

players = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("password_hash", sa.String(255), nullable=True),  # argon2id, once protected by a password
    sa.Column("login_name", sa.String(64), nullable=True, unique=True),  # casefolded name of a protected player
    # what the name reads as (names.name_key): one identity per name; null for none, or a duplicate before 0006
    sa.Column("name_key", sa.String(96), nullable=True),
    # notifications of a turn-based table's turn: where e-mails go, and the person's choice
    # ({"push": bool, "email": bool, "after": seconds}; null: none)
    sa.Column("email", sa.String(254), nullable=True),
    sa.Column("notify", sa.JSON, nullable=True),
    sa.UniqueConstraint("name_key", name="uq_players_name_key"),
)

# A device's Web Push subscription (people/notify.py): where its browser's push service takes messages
push_subscriptions = sa.Table(
    "push_subscriptions",
    metadata,
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("endpoint_hash", sa.String(64), primary_key=True),  # SHA-256 of the endpoint URL
    sa.Column("endpoint", sa.String(1024), nullable=False),
    sa.Column("p256dh", sa.String(128), nullable=False),  # the browser's public key (base64url)
    sa.Column("auth", sa.String(64), nullable=False),  # its authentication secret (base64url)
    sa.Column("created_at", sa.Float, nullable=False),
)

# The notifications sent: one per person and waiting turn (a match's seat and its `turn_at`), never twice
notices = sa.Table(
    "notices",
    metadata,
    sa.Column("match_id", sa.String(24), sa.ForeignKey("matches.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("turn_at", sa.Float, primary_key=True),
    sa.Column("player_id", sa.String(24), nullable=False),
    sa.Column("channels", sa.JSON, nullable=False),  # ["push", "email"]: what was sent
    sa.Column("sent_at", sa.Float, nullable=False),
)

# The server's own keys, made at first start (the VAPID key pair of Web Push: its private key never leaves)
server_keys = sa.Table(
    "server_keys",
    metadata,
    sa.Column("name", sa.String(32), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

player_secrets = sa.Table(
    "player_secrets",
    metadata,
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("secret_hash", sa.String(64), primary_key=True),  # SHA-256 of a 128-bit random secret, one a device
    sa.Column("created_at", sa.Float, nullable=False),
)

# Devices that signed in with the right password: their sign-ins spend an allowance of their own
# (people/players.py), apart from the guesses of unknown devices. SHA-256 of a random device token.
player_devices = sa.Table(
    "player_devices",
    metadata,
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("device_hash", sa.String(64), primary_key=True),
    sa.Column("created_at", sa.Float, nullable=False),
)

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("subject", sa.String(40), primary_key=True),  # a player id, or "bot:<level>"
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("ordinal", sa.Float, nullable=False),  # mu - 3 sigma: the leaderboard's order
    sa.Column("matches", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Index("ix_ratings_game_ordinal", "game", "ordinal"),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("match_id", sa.String(24), sa.ForeignKey("matches.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    # who made it for a person: "standin" (away) or "clock" (turn clock out); null: the seat's own move
    sa.Column("by_standin", sa.String(8), nullable=True),
)


chat_lines = sa.Table(
    "chat_lines",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("room", sa.String(24), nullable=False),
    sa.Column("match_id", sa.String(24), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),  # null: a spectator
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("spectator", sa.Boolean, nullable=False),
    sa.Column("text", sa.Text, nullable=True),
    sa.Column("phrase", sa.String(16), nullable=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("sender", sa.String(80), nullable=True),  # the writer's key (server/chat.py); null before 0005
    sa.Index("ix_chat_lines_room_id", "room", "id"),
)


# Tournaments for people (tapete.server.tournaments): one row each, its entries (a person, a bot or a
# partnership), and its games (a table of the registry, or a bye), each with its result once read.
tournaments = sa.Table(
    "tournaments",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),  # "swiss" | "arena"
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("organiser", sa.String(24), sa.ForeignKey("players.id", name="fk_tournaments_organiser"), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),  # the game's options, as at a table
    sa.Column("table_options", sa.JSON, nullable=False),  # every game's table options
    sa.Column("plan", sa.JSON, nullable=False),  # seats a table, rounds (Swiss), seconds (arena)
    sa.Column("status", sa.String(16), nullable=False, index=True),  # "open" | "running" | "finished"
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("started_at", sa.Float, nullable=True),
    sa.Column("ends_at", sa.Float, nullable=True),  # an arena's end: no game is seated after it
    sa.Column("finished_at", sa.Float, nullable=True),
)

tournament_entries = sa.Table(
    "tournament_entries",
    metadata,
    sa.Column("tournament_id", sa.String(24), sa.ForeignKey("tournaments.id"), primary_key=True),
    sa.Column("entry", sa.Integer, primary_key=True),  # 0, 1, ... in the order they joined
    # who plays it: [{"player": id, "name": ...}] or [{"bot": level, "name": ...}]; two for a partnership
    sa.Column("members", sa.JSON, nullable=False),
    sa.Column("joined_at", sa.Float, nullable=False),
)

tournament_games = sa.Table(
    "tournament_games",
    metadata,
    sa.Column("tournament_id", sa.String(24), sa.ForeignKey("tournaments.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),  # 0, 1, ... in the order they were seated
    sa.Column("round", sa.Integer, nullable=False),  # a Swiss round (from 1); an arena's games: 0
    sa.Column("entries", sa.JSON, nullable=False),  # the entries in side order; one for a bye
    sa.Column("bye", sa.Boolean, nullable=False),
    # the table (null: a bye, or a game whose table is still to be made after a restart)
    sa.Column("match_id", sa.String(24), nullable=True, index=True),
    # each person's seat and seat token at that table ({player id: [seat, token]}), read back by that person
    sa.Column("seats", sa.JSON, nullable=True),
    sa.Column("results", sa.JSON, nullable=True),  # {entry: "win" | "draw" | "loss"} once the match ended
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
)


__all__ = [
    "actions",
    "chat_lines",
    "matches",
    "metadata",
    "notices",
    "player_devices",
    "player_secrets",
    "players",
    "push_subscriptions",
    "ratings",
    "seats",
    "server_keys",
    "tournament_entries",
    "tournament_games",
    "tournaments",
]
