"""Summary statistics of many matches."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .runner import MatchResult

Z95 = 1.959964


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean with a 95% normal-approximation interval, clipped to [0, 1] for shares."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def wilson(successes: float, n: int) -> tuple[float, float]:
    """Wilson score interval for a proportion (fractional successes allowed)."""
    if n == 0:
        return 0.0, 0.0
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Summary:
    game: str
    num_players: int
    bots: list[str]
    matches: int
    completed: int
    errors: int
    wins: list[float]
    win_share: list[float]
    win_interval: list[tuple[float, float]]
    mean_rounds: float
    mean_actions: float
    actions_per_s: float
    seconds: float
    counts: dict[str, float] = field(default_factory=dict)  # the game's match_stats counts, summed

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.num_players,
            "bots": self.bots,
            "matches": self.matches,
            "completed": self.completed,
            "errors": self.errors,
            "wins": [round(w, 4) for w in self.wins],
            "win_share": [round(w, 4) for w in self.win_share],
            "win_interval_95": [[round(lo, 4), round(hi, 4)] for lo, hi in self.win_interval],
            "mean_rounds": round(self.mean_rounds, 3),
            "mean_actions": round(self.mean_actions, 2),
            "actions_per_s": round(self.actions_per_s, 1),
            "seconds": round(self.seconds, 3),
            **({"counts": self.counts} if self.counts else {}),
        }


def summarize(
    game: str, num_players: int, bots: Sequence[str], results: Sequence[MatchResult], wall_seconds: float
) -> Summary:
    done = [r for r in results if r.error is None]
    n = len(done)
    wins = [sum(r.returns[s] for r in done) for s in range(num_players)]
    share = [w / n if n else 0.0 for w in wins]
    total_actions = sum(r.actions for r in results)
    busy = sum(r.seconds for r in results)
    return Summary(
        game=game,
        num_players=num_players,
        bots=list(bots),
        matches=len(results),
        completed=n,
        errors=len(results) - n,
        wins=wins,
        win_share=share,
        win_interval=[wilson(w, n) for w in wins],
        mean_rounds=sum(r.rounds for r in done) / n if n else 0.0,
        mean_actions=sum(r.actions for r in done) / n if n else 0.0,
        actions_per_s=total_actions / busy if busy > 0 else 0.0,
        seconds=wall_seconds,
        counts=_counts(done),
    )


def _counts(results: Sequence[MatchResult]) -> dict[str, float]:
    """Totals of the per-match counts a game reports (collected with stats)."""
    totals: dict[str, float] = {}
    for r in results:
        for key, value in r.stats.get("counts", {}).items():
            totals[key] = totals.get(key, 0) + value
    return totals
