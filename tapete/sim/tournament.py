"""Tournaments between bot kinds: fair seatings, intervals and ratings.

The lineup is the list of kinds given, cycled to the number of seats
(`ismcts,heuristic` at 4 seats is two of each; `ismcts,heuristic,heuristic,
heuristic` is one against three). Its distinct seatings (S of them) are put
in a fixed order, each seating followed by its rotations (within such a
group every kind sits in every seat equally often). A tournament of N
matches plays exactly N: match i is seating i mod S on deal i // S, so a deal
is played in every seating before the next deal, and when N is not a multiple
of S the last deal is played in its first N mod S seatings only (`plan` says
so). Deal k is `match_seed(seed, k)` (a hash of the two, tapete.sim.keeping),
so tournaments with different seeds share no deal.

Per kind: its share of the wins per match (the sum of its seats' returns),
with a 95% interval, against its fair share (copies / seats); and a rating
with OpenSkill's Plackett-Luce model, each match ranking the kinds by their
share of the win (the kinds are teams of their seats).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tapete.engine.turns import REACTION_WINDOW_S

from .jobs import run_jobs
from .keeping import match_seed
from .runner import MatchJob, MatchResult
from .stats import mean_interval


def lineup(kinds: Sequence[str], num_players: int) -> tuple[str, ...]:
    """The kinds cycled (or cut) to one per seat."""
    if not kinds:
        raise ValueError("at least one bot kind is needed")
    return tuple(kinds[i % len(kinds)] for i in range(num_players))


def seatings(kinds: Sequence[str], num_players: int) -> list[tuple[str, ...]]:
    """Every distinct seating of the lineup, in a fixed order: the smallest seating not yet
    placed, then its rotations (a group in which every kind sits in every seat equally often),
    and so on. With more kinds than seats, every choice of kinds is seated in every way."""
    if len(kinds) > num_players:
        chosen = itertools.combinations(kinds, num_players)
        distinct = sorted({p for group in chosen for p in itertools.permutations(group)})
    else:
        distinct = sorted(set(itertools.permutations(lineup(kinds, num_players))))
    order: list[tuple[str, ...]] = []
    placed: set[tuple[str, ...]] = set()
    for seating in distinct:
        for turn in range(num_players):
            rotated = seating[turn:] + seating[:turn]
            if rotated not in placed:
                placed.add(rotated)
                order.append(rotated)
    return order


@dataclass(frozen=True)
class Plan:
    """What a tournament of `matches` matches plays: `deals` deals in all `seatings`
    seatings, then (when `rest` > 0) one more deal in the first `rest` seatings."""

    seatings: int
    matches: int

    @property
    def deals(self) -> int:
        """Deals played in every seating."""
        return self.matches // self.seatings

    @property
    def rest(self) -> int:
        """Seatings of the last deal when it is not played in all of them (0: none)."""
        return self.matches % self.seatings

    def to_json(self) -> dict[str, int]:
        return {"seatings": self.seatings, "whole_deals": self.deals, "last_deal_seatings": self.rest}


def plan(kinds: Sequence[str], num_players: int, matches: int) -> Plan:
    return Plan(len(seatings(kinds, num_players)), matches)


def tournament_jobs(
    game_id: str,
    num_players: int,
    kinds: Sequence[str],
    matches: int,
    seed: int,
    options: dict[str, Any],
    window: float = REACTION_WINDOW_S,
    stats: bool = False,
    keep_record: bool = False,
) -> list[MatchJob]:
    """Exactly `matches` jobs: match i is seating i mod S on deal i // S (S seatings)."""
    order = seatings(kinds, num_players)
    opts = tuple(sorted(options.items()))
    return [
        MatchJob(
            game_id,
            num_players,
            order[i % len(order)],
            match_seed(seed, i // len(order)),
            opts,
            window,
            keep_record,
            stats,
        )
        for i in range(matches)
    ]


@dataclass
class KindResult:
    kind: str
    copies: float  # mean seats per match
    matches: int
    wins: float
    share: float
    interval: tuple[float, float]
    fair_share: float
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "copies": round(self.copies, 3),
            "matches": self.matches,
            "wins": round(self.wins, 3),
            "share": round(self.share, 4),
            "interval_95": [round(self.interval[0], 4), round(self.interval[1], 4)],
            "fair_share": round(self.fair_share, 4),
            "rating": {"mu": round(self.mu, 3), "sigma": round(self.sigma, 3), "ordinal": round(self.ordinal, 3)},
        }


@dataclass
class TournamentReport:
    game: str
    num_players: int
    kinds: list[str]
    seatings: int
    matches: int  # played (all of `planned` unless interrupted)
    completed: int
    errors: list[MatchResult]
    results: list[KindResult]
    seconds: float
    match_results: list[MatchResult] = field(default_factory=list, repr=False)
    planned: int = 0
    interrupted: bool = False  # stopped (Ctrl-C) before every planned match was played

    @property
    def plan(self) -> Plan:
        return Plan(self.seatings, self.planned)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.num_players,
            "bots": self.kinds,
            **self.plan.to_json(),
            "planned": self.planned,
            "matches": self.matches,
            "interrupted": self.interrupted,
            "completed": self.completed,
            "errors": len(self.errors),
            "results": [r.to_json() for r in self.results],
            "seconds": round(self.seconds, 2),
            "error_samples": [{"seed": r.seed, "bots": r.bots, "error": r.error} for r in self.errors[:3]],
        }


def kind_shares(result: MatchResult) -> dict[str, float]:
    """Each kind's share of one match's win (the sum over its seats)."""
    shares: dict[str, float] = {}
    for kind, value in zip(result.bots, result.returns, strict=True):
        shares[kind] = shares.get(kind, 0.0) + value
    return shares


def rate(results: Sequence[MatchResult], kinds: Sequence[str]) -> dict[str, tuple[float, float]]:
    """OpenSkill Plackett-Luce ratings, matches in a fixed order (seed, seating)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {k: model.rating(name=k) for k in dict.fromkeys(kinds)}
    for result in sorted(results, key=lambda r: (r.seed, r.bots)):
        shares = kind_shares(result)
        present = list(shares)
        if len(present) < 2:
            continue
        teams = [
            [model.rating(mu=ratings[k].mu, sigma=ratings[k].sigma) for _ in range(result.bots.count(k))]
            for k in present
        ]
        # higher share = better rank; equal shares tie
        ordered = sorted({round(s, 9) for s in shares.values()}, reverse=True)
        ranks: list[float] = [float(ordered.index(round(shares[k], 9)) + 1) for k in present]
        new_teams = model.rate(teams, ranks=ranks)
        for kind, team in zip(present, new_teams, strict=True):
            mu = sum(p.mu for p in team) / len(team)
            sigma = sum(p.sigma for p in team) / len(team)
            ratings[kind] = model.rating(mu=mu, sigma=sigma, name=kind)
    return {k: (r.mu, r.sigma) for k, r in ratings.items()}


def summarize_tournament(
    game_id: str,
    num_players: int,
    kinds: Sequence[str],
    jobs: Sequence[MatchJob],
    results: Sequence[MatchResult],
    seconds: float,
    *,
    interrupted: bool = False,
) -> TournamentReport:
    """The report of `results`, the matches played of `jobs` (all, unless `interrupted`)."""
    done = [r for r in results if r.error is None]
    errors = [r for r in results if r.error is not None]
    unique = list(dict.fromkeys(kinds))
    ratings = rate(done, unique)
    per_kind: list[KindResult] = []
    for kind in unique:
        played = [r for r in done if kind in r.bots]
        shares = [kind_shares(r)[kind] for r in played]
        copies = [r.bots.count(kind) for r in played]
        mean, lo, hi = mean_interval(shares)
        mean_copies = sum(copies) / len(copies) if copies else 0.0
        mu, sigma = ratings[kind]
        per_kind.append(
            KindResult(
                kind=kind,
                copies=mean_copies,
                matches=len(played),
                wins=sum(shares),
                share=mean,
                interval=(max(0.0, lo), min(1.0, hi)),
                fair_share=mean_copies / num_players,
                mu=mu,
                sigma=sigma,
            )
        )
    return TournamentReport(
        game=game_id,
        num_players=num_players,
        kinds=list(kinds),
        seatings=len(seatings(kinds, num_players)),
        matches=len(results),
        completed=len(done),
        errors=errors,
        results=per_kind,
        seconds=seconds,
        match_results=list(results),
        planned=len(jobs),
        interrupted=interrupted,
    )


def run_tournament(
    game_id: str,
    num_players: int,
    kinds: Sequence[str],
    matches: int,
    *,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    processes: int = 1,
    window: float = REACTION_WINDOW_S,
    stats: bool = False,
    on_result: Callable[[MatchResult], None] | None = None,
    ray: str | None = None,
    jobs: Sequence[MatchJob] | None = None,
) -> TournamentReport:
    """Play the tournament (`jobs`, if given, are its `tournament_jobs`, e.g. to keep their records)."""
    import time

    if jobs is None:
        jobs = tournament_jobs(game_id, num_players, kinds, matches, seed, options or {}, window, stats)
    start = time.perf_counter()
    results = []
    stream = run_jobs(jobs, processes, ray=ray)
    try:
        for result in stream:
            results.append(result)
            if on_result is not None:
                on_result(result)
    finally:
        stream.close()  # an interrupted run stops its workers now, not when the generator is collected
    return summarize_tournament(game_id, num_players, kinds, jobs, results, time.perf_counter() - start)
