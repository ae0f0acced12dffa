"""Tournaments in the store: what is kept of each (storage/schema.py: `tournaments`,
`tournament_entries`, `tournament_games`), read and written on a synchronous connection (inside
`Store.transact` and `Store.read`). What is written here is what survives a restart: a game's
result is written once its match is over, a round's games before their tables are made."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from ..storage.schema import matches, tournament_entries, tournament_games, tournaments
from .pairing import Played, Result


@dataclass
class GameRow:
    number: int
    round: int
    entries: tuple[int, ...]
    bye: bool
    created_at: float
    match_id: str | None = None
    seats: dict[str, list[Any]] | None = None  # {player id: [seat, token]}
    results: dict[int, Result] | None = None
    finished_at: float | None = None

    def played(self) -> Played:
        return Played(self.number, self.round, self.entries, self.results, self.bye)

    @property
    def over(self) -> bool:
        return self.bye or self.results is not None


@dataclass
class TournamentRow:
    id: str
    kind: str
    game: str
    name: str | None
    organiser: str
    options: dict[str, Any]
    table_options: dict[str, Any]
    plan: dict[str, Any]
    status: str
    created_at: float
    started_at: float | None = None
    ends_at: float | None = None
    finished_at: float | None = None
    entries: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # entry -> its members
    games: dict[int, GameRow] = field(default_factory=dict)

    def played(self) -> list[Played]:
        return [g.played() for g in self.games.values()]


def _game_from(r: Any) -> GameRow:
    results = None if r.results is None else {int(k): v for k, v in r.results.items()}
    return GameRow(
        r.number, r.round, tuple(r.entries), bool(r.bye), r.created_at, r.match_id, r.seats, results, r.finished_at
    )


def load(conn: sa.Connection, ids: list[str] | None = None, statuses: tuple[str, ...] = ()) -> list[TournamentRow]:
    """The tournaments of `ids`, or of `statuses`, with their entries and games."""
    t = tournaments.c
    query = sa.select(tournaments)
    if ids is not None:
        query = query.where(t.id.in_(ids))
    if statuses:
        query = query.where(t.status.in_(statuses))
    found = {r.id: TournamentRow(**dict(r._mapping)) for r in conn.execute(query)}
    if not found:
        return []
    e, g = tournament_entries.c, tournament_games.c
    for r in conn.execute(sa.select(tournament_entries).where(e.tournament_id.in_(found)).order_by(e.entry)):
        found[r.tournament_id].entries[r.entry] = list(r.members)
    for r in conn.execute(sa.select(tournament_games).where(g.tournament_id.in_(found)).order_by(g.number)):
        found[r.tournament_id].games[r.number] = _game_from(r)
    return list(found.values())


def page(conn: sa.Connection, offset: int, limit: int) -> tuple[list[dict[str, Any]], int]:
    """Tournaments newest first, a page of them, with each one's number of entries; and how many in all."""
    t, e = tournaments.c, tournament_entries.c
    counted = (
        sa.select(sa.func.count())
        .where(e.tournament_id == t.id)
        .correlate(tournaments)
        .scalar_subquery()
        .label("entries")
    )
    rows = conn.execute(
        sa.select(
            t.id,
            t.kind,
            t.game,
            t.name,
            t.status,
            t.created_at,
            t.started_at,
            t.ends_at,
            t.finished_at,
            t.plan,
            counted,
        )
        .order_by(t.created_at.desc(), t.id)
        .offset(offset)
        .limit(limit)
    )
    total = conn.scalar(sa.select(sa.func.count()).select_from(tournaments)) or 0
    return [dict(r._mapping) for r in rows], int(total)


def insert(conn: sa.Connection, row: TournamentRow) -> None:
    conn.execute(
        tournaments.insert().values(
            id=row.id,
            kind=row.kind,
            game=row.game,
            name=row.name,
            organiser=row.organiser,
            options=row.options,
            table_options=row.table_options,
            plan=row.plan,
            status=row.status,
            created_at=row.created_at,
        )
    )
    for entry, members in row.entries.items():
        add_entry(conn, row.id, entry, members, row.created_at)


def add_entry(conn: sa.Connection, tournament_id: str, entry: int, members: list[dict[str, Any]], at: float) -> None:
    conn.execute(
        tournament_entries.insert().values(tournament_id=tournament_id, entry=entry, members=members, joined_at=at)
    )


def set_members(conn: sa.Connection, tournament_id: str, entry: int, members: list[dict[str, Any]]) -> None:
    e = tournament_entries.c
    conn.execute(
        tournament_entries.update().where(e.tournament_id == tournament_id, e.entry == entry).values(members=members)
    )


def add_games(conn: sa.Connection, tournament_id: str, games: list[GameRow]) -> None:
    """Games just paired (a Swiss round's tables and byes at once: one transaction)."""
    if games:
        conn.execute(
            tournament_games.insert(),
            [
                {
                    "tournament_id": tournament_id,
                    "number": g.number,
                    "round": g.round,
                    "entries": list(g.entries),
                    "bye": g.bye,
                    "match_id": None,
                    "seats": None,
                    "results": None,
                    "created_at": g.created_at,
                    "finished_at": g.finished_at,
                }
                for g in games
            ],
        )


def set_table(conn: sa.Connection, tournament_id: str, number: int, match_id: str, seats: dict[str, list[Any]]) -> None:
    g = tournament_games.c
    conn.execute(
        tournament_games.update()
        .where(g.tournament_id == tournament_id, g.number == number)
        .values(match_id=match_id, seats=seats)
    )


def set_results(conn: sa.Connection, tournament_id: str, number: int, results: dict[int, Result], at: float) -> None:
    g = tournament_games.c
    conn.execute(
        tournament_games.update()
        .where(g.tournament_id == tournament_id, g.number == number)
        .values(results={str(k): v for k, v in results.items()}, finished_at=at)
    )


def set_status(conn: sa.Connection, tournament_id: str, status: str, **values: Any) -> None:
    conn.execute(tournaments.update().where(tournaments.c.id == tournament_id).values(status=status, **values))


def match_ends(conn: sa.Connection, match_ids: list[str]) -> dict[str, tuple[str, dict[str, Any] | None]]:
    """The status and outcome of each of these matches (a finished one has its outcome)."""
    if not match_ids:
        return {}
    m = matches.c
    rows = conn.execute(sa.select(m.id, m.status, m.outcome).where(m.id.in_(match_ids)))
    return {r.id: (r.status, r.outcome) for r in rows}
