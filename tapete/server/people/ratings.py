"""Ratings per game (OpenSkill, Plackett-Luce), for people and for each bot level.

A finished match updates the ratings once, if its table was rated and at
least one seat was taken by a person with an identity. Each side (a
partnership, or a seat alone: `Game.sides`) is a team; the sides are
ranked by the outcome (the winners first, then by score). A person without
an identity plays at the default rating and keeps nothing; a bot level is
rated as its own entry, "bot:<level>".

Fair play (`fair_play`, written down in docs/protocol.md and on the rules
page, as lichess and Board Game Arena do): a seat's person must make at
least `min_share` of the seat's own decisions (the record says who made
each: `actions.by_standin`); leaving counts as playing on. A match whose
people all left before its end (or that its record marks abandoned) is
rated for nobody; one where somebody fell short of their share is rated
only if some other seat played its own (a person who made their share, or
a bot), and then those who fell short take the loss: their sides rank last.
If nobody made their share, it is rated for nobody. What was decided is
kept with the match (`matches.fair_play`) for the histories.

Exactly once, with any number of processes: the update runs in the same
transaction as a conditional write that marks the match (`rated_at`, from
NULL to the time); whoever marks it first updates, any later try changes
nothing. A match whose process died before that is found by `sweep`.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import sqlalchemy as sa
from openskill.models import PlackettLuce

from tapete.engine import Game

from ..ops import logs
from ..storage.schema import actions, matches, players, ratings, seats
from ..storage.store import Store

MODEL = PlackettLuce()
BOT_PREFIX = "bot:"
SWEEP_BATCH = 200
MIN_SHARE = 0.5  # of a seat's decisions its person must make (ServerSettings.rated_min_share)

GameLookup = Callable[[str], Game]


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard ranks by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def default_rating() -> Rating:
    fresh = MODEL.rating()
    return Rating(fresh.mu, fresh.sigma)


def subject_of(kind: str, level: str | None, player_id: str | None) -> str | None:
    """Whose rating a seat moves: its player's, its bot level's, or nobody's (a person without identity)."""
    if kind == "bot":
        return f"{BOT_PREFIX}{level}" if level else None
    return player_id


def side_ranks(sides: Sequence[Sequence[int]], outcome: Mapping[str, Any], score_sense: int) -> list[int]:
    """Each side's place (1 = best, equal places tie): winners first, then by score."""
    winners = set(outcome.get("winners") or ())
    scores = list(outcome.get("scores") or ())

    def key(side: Sequence[int]) -> tuple[int, float]:
        won = any(seat in winners for seat in side)
        known = [float(scores[seat]) for seat in side if seat < len(scores)]
        score = sum(known) / len(known) if known else 0.0
        return (0 if won else 1, -score_sense * score)

    keys = [key(side) for side in sides]
    ordered = sorted(set(keys))
    return [ordered.index(k) + 1 for k in keys]


def updated(
    teams: Sequence[Sequence[str | None]], ranks: Sequence[int], current: Mapping[str, Rating]
) -> dict[str, Rating]:
    """The new rating of every subject in `teams` (None: a person without identity, kept nowhere).

    A subject seated more than once (two bots of one level) gets the mean of its seats' new ratings.
    """
    before = [
        [MODEL.rating(mu=r.mu, sigma=r.sigma) for r in (current.get(s or "") or default_rating() for s in team)]
        for team in teams
    ]
    after = MODEL.rate(before, ranks=list(ranks))
    found: dict[str, list[Rating]] = {}
    for team, new_team in zip(teams, after, strict=True):
        for subject, new in zip(team, new_team, strict=True):
            if subject is not None:
                found.setdefault(subject, []).append(Rating(new.mu, new.sigma))
    return {
        subject: Rating(sum(r.mu for r in got) / len(got), sum(r.sigma for r in got) / len(got))
        for subject, got in found.items()
    }


def _sides_of(game: Game | None, num_players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
    alone = tuple((seat,) for seat in range(num_players))
    if game is None:
        return alone
    try:
        return game.sides(num_players, game.parse_options(options))
    except Exception:  # options this server's game no longer reads: better alone than never settled
        return alone


@dataclass(frozen=True)
class FairPlay:
    """What fair play made of a finished match: rated or not, why not, and the seats whose people fell
    short of their share of decisions (they take the loss when the match is rated)."""

    rated: bool
    why: str | None = None  # "abandoned" (every person left) | "unplayed" (nobody made their share)
    short: tuple[int, ...] = ()
    winners: tuple[int, ...] | None = None  # who won once those who fell short took the loss (None: as played)

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"rated": self.rated, "why": self.why, "short": list(self.short)}
        if self.winners is not None:
            found["winners"] = list(self.winners)
        return found


def winners_after(
    sides: Sequence[Sequence[int]], ranks: Sequence[int], outcome: Mapping[str, Any], short: Sequence[int]
) -> tuple[int, ...]:
    """The winners of a rated match once the sides of `short` took the loss (`ranks`, theirs last): the
    winners as played without them, else every seat of the best side left."""
    lost = {seat for side in sides if set(side) & set(short) for seat in side}
    kept = tuple(sorted(seat for seat in outcome.get("winners") or () if seat not in lost))
    if kept:
        return kept
    best = min((rank for side, rank in zip(sides, ranks, strict=True) if not set(side) & lost), default=None)
    return tuple(sorted(seat for side, rank in zip(sides, ranks, strict=True) if rank == best for seat in side))


def fair_play(
    kinds: Mapping[int, str],
    decisions: Mapping[int, tuple[int, int]],
    left: set[int],
    outcome: Mapping[str, Any],
    min_share: float,
) -> FairPlay:
    """The rules above, for one match: `kinds` each seat's kind ("human" | "bot"), `decisions` each
    seat's (own, all) decisions, `left` the human seats whose person was gone at the end (left, or
    away past the reconnect grace: their stand-in made their last decision)."""
    people = [seat for seat, kind in kinds.items() if kind == "human"]
    if outcome.get("abandoned") or (people and all(seat in left for seat in people)):
        return FairPlay(False, "abandoned")

    def played(seat: int) -> bool:
        own, total = decisions.get(seat, (0, 0))
        return kinds[seat] != "human" or total == 0 or own >= min_share * total

    short = tuple(sorted(seat for seat in people if not played(seat)))
    if short and not any(played(seat) for seat in kinds):
        return FairPlay(False, "unplayed", short)
    return FairPlay(True, None, short)


def _decisions(conn: sa.Connection, match_id: str) -> tuple[dict[int, tuple[int, int]], set[int]]:
    """Each seat's (own, all) decisions in the record (own ones: no stand-in made them), and the seats
    whose last decision their stand-in made while their person was away."""
    counts: dict[int, list[int]] = {}
    last: dict[int, str | None] = {}
    query = (
        sa.select(actions.c.seat, actions.c.by_standin).where(actions.c.match_id == match_id).order_by(actions.c.idx)
    )
    for seat, by in conn.execute(query):
        counted = counts.setdefault(int(seat), [0, 0])
        counted[0] += by is None
        counted[1] += 1
        last[int(seat)] = by
    away = {seat for seat, by in last.items() if by == "standin"}
    return {seat: (own, total) for seat, (own, total) in counts.items()}, away


def _lock_game(conn: sa.Connection, game_id: str) -> None:
    """One rating update per game at a time across processes (PostgreSQL; SQLite has one writer)."""
    if conn.dialect.name == "postgresql":
        key = int.from_bytes(hashlib.sha256(f"tapete-ratings:{game_id}".encode()).digest()[:8], "big", signed=True)
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": key})


def settle(conn: sa.Connection, match_id: str, lookup: GameLookup, min_share: float = MIN_SHARE) -> bool:
    """Mark a finished match as taken into account and, if it counts (its table rated, fair play),
    update its ratings.

    True when ratings changed. Inside one transaction (`Store.transact`).
    """
    now = time.time()
    marked = conn.execute(
        matches.update()
        .where(matches.c.id == match_id, matches.c.status == "finished", matches.c.rated_at.is_(None))
        .values(rated_at=now)
    )
    if marked.rowcount != 1:
        return False  # not finished, or already taken into account (by this or another process)
    match = conn.execute(
        sa.select(matches.c.game, matches.c.rated, matches.c.outcome, matches.c.num_players, matches.c.options).where(
            matches.c.id == match_id
        )
    ).one()
    seat_rows = list(
        conn.execute(
            sa.select(seats.c.seat, seats.c.kind, seats.c.level, seats.c.player_id)
            .where(seats.c.match_id == match_id)
            .order_by(seats.c.seat)
        )
    )
    if not match.rated or match.outcome is None or not any(s.player_id for s in seat_rows):
        return False
    # a person gone at the end (left: the seat keeps its player, seating.TableSeating.leave; or away past
    # the grace): their stand-in made their last decision
    decisions, away_at_end = _decisions(conn, match_id)
    left = {s.seat for s in seat_rows if s.kind == "human" and s.seat in away_at_end}
    judged = fair_play({s.seat: s.kind for s in seat_rows}, decisions, left, match.outcome, min_share)
    if not judged.rated:
        conn.execute(matches.update().where(matches.c.id == match_id).values(fair_play=judged.to_json()))
        return False
    try:
        game: Game | None = lookup(match.game)
    except Exception:
        game = None  # a game no longer served: each seat alone, scores higher-is-better
    sides = _sides_of(game, match.num_players, match.options)
    by_seat = {s.seat: subject_of(s.kind, s.level, s.player_id) for s in seat_rows}
    teams = [[by_seat.get(seat) for seat in side] for side in sides]
    ranks = side_ranks(sides, match.outcome, game.score_sense if game else 1)
    if judged.short:  # those who fell short of their share take the loss: their sides rank last
        last = max(ranks) + 1
        ranks = [last if set(side) & set(judged.short) else rank for side, rank in zip(sides, ranks, strict=True)]
        judged = replace(judged, winners=winners_after(sides, ranks, match.outcome, judged.short))
    conn.execute(matches.update().where(matches.c.id == match_id).values(fair_play=judged.to_json()))
    _lock_game(conn, match.game)
    subjects = sorted({s for team in teams for s in team if s is not None})
    stored = {
        r.subject: (Rating(r.mu, r.sigma), r.matches)
        for r in conn.execute(
            sa.select(ratings.c.subject, ratings.c.mu, ratings.c.sigma, ratings.c.matches).where(
                ratings.c.game == match.game, ratings.c.subject.in_(subjects)
            )
        )
    }
    new = updated(teams, ranks, {s: r for s, (r, _n) in stored.items()})
    for subject, rating in new.items():
        values = {"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal, "updated_at": now}
        if subject in stored:
            conn.execute(
                ratings.update()
                .where(ratings.c.game == match.game, ratings.c.subject == subject)
                .values(**values, matches=stored[subject][1] + 1)
            )
        else:
            conn.execute(ratings.insert().values(game=match.game, subject=subject, matches=1, **values))
    return True


async def match_finished(store: Store, match_id: str, lookup: GameLookup, min_share: float = MIN_SHARE) -> bool:
    """Take a just finished match into account (called by the table that finished it)."""
    try:
        changed = await store.transact(lambda conn: settle(conn, match_id, lookup, min_share))
    except Exception:
        # the sweep tries again later: the mark was rolled back with the rest
        logs.log.exception("could not update the ratings", extra={"table": match_id})
        return False
    if changed:
        logs.event("ratings updated", table=match_id)
    return changed


_settling: set[asyncio.Task[bool]] = set()  # held until done (the loop keeps only weak references)


def settle_ratings(store: Store, match_id: str, game: Game, min_share: float = MIN_SHARE) -> None:
    """A table's match just finished: update the ratings beside the table, without holding it up."""
    task = asyncio.create_task(
        match_finished(store, match_id, lambda _game_id: game, min_share), name=f"ratings-{match_id}"
    )
    _settling.add(task)
    task.add_done_callback(_settling.discard)


def _unsettled(conn: sa.Connection, limit: int) -> list[str]:
    query = (
        sa.select(matches.c.id)
        .where(matches.c.status == "finished", matches.c.rated_at.is_(None))
        .order_by(matches.c.finished_at)
        .limit(limit)
    )
    return [str(r.id) for r in conn.execute(query)]


def _mark_unratable(conn: sa.Connection) -> int:
    """Mark at once the unsettled finished matches that cannot move a rating: unrated, or nobody with an
    identity at the table (every match stored before identities existed); how many."""
    linked = sa.exists().where(seats.c.match_id == matches.c.id, seats.c.player_id.is_not(None))
    marked = conn.execute(
        matches.update()
        .where(matches.c.status == "finished", matches.c.rated_at.is_(None), sa.or_(~matches.c.rated, ~linked))
        .values(rated_at=time.time())
    )
    return int(marked.rowcount)


async def sweep(store: Store, lookup: GameLookup, limit: int = SWEEP_BATCH, min_share: float = MIN_SHARE) -> int:
    """Settle finished matches nobody took into account yet (a process died in between); how many."""
    done = await store.transact(_mark_unratable)
    while True:
        pending = await store.read(lambda conn: _unsettled(conn, limit))
        for match_id in pending:
            await match_finished(store, match_id, lookup, min_share)
        done += len(pending)
        if len(pending) < limit:
            return done


# -- reading ------------------------------------------------------------------------------------
def _entry(row: Any, rank: int) -> dict[str, Any]:
    is_bot = str(row.subject).startswith(BOT_PREFIX)
    level = str(row.subject)[len(BOT_PREFIX) :] if is_bot else None
    return {
        "rank": rank,
        "player_id": None if is_bot else row.subject,
        "name": level if is_bot else (row.name or ""),
        "bot_level": level,
        "ordinal": row.ordinal,
        "mu": row.mu,
        "sigma": row.sigma,
        "matches": row.matches,
    }


# The leaderboard's order: best estimate first; ties by more matches, then a stable one.
ORDER = (ratings.c.ordinal.desc(), ratings.c.matches.desc(), ratings.c.subject)


def leaderboard(conn: sa.Connection, game_id: str, offset: int, limit: int) -> dict[str, Any]:
    total = conn.scalar(sa.select(sa.func.count()).select_from(ratings).where(ratings.c.game == game_id)) or 0
    rows = conn.execute(
        sa.select(ratings, players.c.name)
        .select_from(ratings.outerjoin(players, players.c.id == ratings.c.subject))
        .where(ratings.c.game == game_id)
        .order_by(*ORDER)
        .offset(offset)
        .limit(limit)
    )
    items = [_entry(row, offset + i + 1) for i, row in enumerate(rows)]
    return {"items": items, "total": int(total), "offset": offset, "limit": limit}


def ranks_of(conn: sa.Connection, subject: str) -> dict[str, dict[str, Any]]:
    """A subject's rating in every game it has one, with its place on that game's leaderboard."""
    found: dict[str, dict[str, Any]] = {}
    for row in conn.execute(sa.select(ratings).where(ratings.c.subject == subject).order_by(ratings.c.game)):
        ahead = (
            conn.scalar(
                sa.select(sa.func.count())
                .select_from(ratings)
                .where(
                    ratings.c.game == row.game,
                    sa.or_(
                        ratings.c.ordinal > row.ordinal,
                        sa.and_(ratings.c.ordinal == row.ordinal, ratings.c.matches > row.matches),
                        sa.and_(
                            ratings.c.ordinal == row.ordinal,
                            ratings.c.matches == row.matches,
                            ratings.c.subject < row.subject,
                        ),
                    ),
                )
            )
            or 0
        )
        found[row.game] = {
            "ordinal": row.ordinal,
            "mu": row.mu,
            "sigma": row.sigma,
            "matches": row.matches,
            "rank": int(ahead) + 1,
        }
    return found


__all__ = [
    "FairPlay",
    "Rating",
    "fair_play",
    "leaderboard",
    "match_finished",
    "ranks_of",
    "settle",
    "settle_ratings",
    "side_ranks",
    "sweep",
    "updated",
    "winners_after",
]
