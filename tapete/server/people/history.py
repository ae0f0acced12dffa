"""What the server remembers of a player: matches and wins per game, and the matches one by one.

Public facts only: names, seats, outcomes, ratings; never a secret nor a token.
A match counts once it is finished; a player seated twice at one table counts it once.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from tapete.engine.bot_names import bot_name

from ..storage.schema import matches, players, seats
from .names import clean_name
from .ratings import ranks_of


def _won(outcome: Any, my_seats: set[int], judged: Any = None) -> bool:
    """A win of these seats: as played, or as fair play settled it when somebody fell short of their
    share of a rated match (they take the loss, whatever their stand-in did; people.ratings)."""
    winners = outcome.get("winners") if isinstance(outcome, dict) else None
    if isinstance(judged, dict) and judged.get("rated") and judged.get("winners") is not None:
        winners = judged["winners"]
    return bool(my_seats & set(winners or ()))


def _rated(match: Any) -> bool:
    """The match moved ratings, or will: a rated table's, unless fair play rated it for nobody."""
    judged = match.fair_play
    return bool(match.rated) and not (isinstance(judged, dict) and not judged.get("rated", True))


def profile(conn: sa.Connection, player_id: str) -> dict[str, Any] | None:
    """`GET /api/players/{id}`: name, matches and wins per game, ratings; None for an unknown id."""
    name = conn.execute(sa.select(players.c.name).where(players.c.id == player_id)).first()
    if name is None:
        return None
    rows = conn.execute(
        sa.select(matches.c.id, matches.c.game, matches.c.outcome, matches.c.fair_play, seats.c.seat)
        .select_from(seats.join(matches, matches.c.id == seats.c.match_id))
        .where(seats.c.player_id == player_id, matches.c.status == "finished")
    )
    mine: dict[str, tuple[str, Any, Any, set[int]]] = {}
    for row in rows:
        mine.setdefault(row.id, (row.game, row.outcome, row.fair_play, set()))[3].add(row.seat)
    games: dict[str, dict[str, int]] = {}
    for game, outcome, judged, my_seats in mine.values():
        counts = games.setdefault(game, {"matches": 0, "wins": 0})
        counts["matches"] += 1
        counts["wins"] += _won(outcome, my_seats, judged)
    return {
        "player_id": player_id,
        "name": name.name,
        "games": dict(sorted(games.items())),
        "ratings": ranks_of(conn, player_id),
    }


def seen_by(viewer: str | None) -> sa.ColumnElement[bool]:
    """Matches `viewer` (a player id, or None: anonymous) may see: a public table's, one made public, or
    one of a private table at which the viewer held a seat."""
    held = seats.alias("held")
    among = sa.exists().where(held.c.match_id == matches.c.id, held.c.player_id == viewer).correlate(matches)
    return (
        sa.or_(matches.c.public, matches.c.shared, among)
        if viewer is not None
        else sa.or_(matches.c.public, matches.c.shared)
    )


def match_page(
    conn: sa.Connection, player_id: str, offset: int, limit: int, viewer: str | None = None
) -> dict[str, Any] | None:
    """`GET /api/players/{id}/matches`: finished matches, newest first, those `viewer` may see (a private
    table's match only by its players, unless made public); None for an unknown id."""
    if conn.scalar(sa.select(players.c.id).where(players.c.id == player_id)) is None:
        return None
    theirs = (
        sa.select(matches.c.id, matches.c.finished_at)
        .select_from(seats.join(matches, matches.c.id == seats.c.match_id))
        .where(seats.c.player_id == player_id, matches.c.status == "finished", seen_by(viewer))
        .distinct()
        .subquery()
    )
    total = conn.scalar(sa.select(sa.func.count()).select_from(theirs)) or 0
    page = list(
        conn.execute(
            sa.select(matches)
            .where(matches.c.id.in_(sa.select(theirs.c.id)))
            .order_by(matches.c.finished_at.desc(), matches.c.id)
            .offset(offset)
            .limit(limit)
        )
    )
    seat_rows = (
        list(
            conn.execute(
                sa.select(seats.c.match_id, seats.c.seat, seats.c.kind, seats.c.level, seats.c.name, seats.c.player_id)
                .where(seats.c.match_id.in_([m.id for m in page]))
                .order_by(seats.c.match_id, seats.c.seat)
            )
        )
        if page
        else []
    )
    by_match: dict[str, list[Any]] = {}
    for s in seat_rows:
        by_match.setdefault(s.match_id, []).append(s)
    items = [_item(m, by_match.get(m.id, []), player_id) for m in page]
    return {"items": items, "total": int(total), "offset": offset, "limit": limit}


def share(conn: sa.Connection, match_id: str, player_id: str) -> str:
    """`POST /api/matches/{id}/share`: a player of the finished match makes it public. "shared", or why
    not: "unknown", "not_yours" (no seat of the caller's), "not_finished"."""
    status = conn.scalar(sa.select(matches.c.status).where(matches.c.id == match_id))
    if status is None:
        return "unknown"
    if (
        conn.scalar(
            sa.select(seats.c.seat).where(seats.c.match_id == match_id, seats.c.player_id == player_id).limit(1)
        )
        is None
    ):
        return "not_yours"
    if status != "finished":
        return "not_finished"
    conn.execute(matches.update().where(matches.c.id == match_id).values(shared=True))
    return "shared"


def _item(match: Any, seat_rows: list[Any], player_id: str) -> dict[str, Any]:
    people = [clean_name(s.name) for s in seat_rows if s.kind == "human"]
    listed = [
        {
            "seat": s.seat,
            "name": clean_name(s.name) if s.kind == "human" else (clean_name(s.name) or bot_name(s.seat, people)),
            "kind": s.kind,
            "level": s.level if s.kind == "bot" else None,
            "player_id": s.player_id,
        }
        for s in seat_rows
    ]
    my_seats = [s.seat for s in seat_rows if s.player_id == player_id]
    return {
        "match_id": match.id,
        "game": match.game,
        "finished_at": match.finished_at,
        "rated": _rated(match),
        "public": bool(match.public or match.shared),
        "fair_play": match.fair_play,
        "seats": listed,
        "your_seats": my_seats,
        "won": _won(match.outcome, set(my_seats), match.fair_play),
        "replay": f"/replay/{match.id}",
        "record": f"/api/matches/{match.id}/record",
    }
