"""Plots of simulated matches (matplotlib, Agg backend; PNG or SVG files).

- `seats`: win share by seat with 95% intervals and the fair share;
- `position`: mean round score gain by position after the dealer (the seat
  after the dealer plays first), for games whose view names a dealer;
- `scores`: final score distributions per seat (or per bot kind);
- `length`: actions and rounds per match;
- one per rate the game's study names (`RateFacts`: Bacan's `bacan_calls`, the
  success rate of a call by the caller's row total);
- `kinds`: a tournament's share of the win per bot kind against its fair share.

Each function takes finished `MatchResult`s (with `stats` for `position`
and the rates) and returns the files it wrote.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tapete.engine import RateFacts

from .runner import MatchResult
from .stats import mean_interval, wilson

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .tournament import TournamentReport


def _pyplot() -> Any:
    os.environ.setdefault("MPLBACKEND", "Agg")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Figure, outdir: Path, name: str, formats: Iterable[str]) -> list[Path]:
    outdir.mkdir(parents=True, exist_ok=True)
    paths = []
    for fmt in formats:
        path = outdir / f"{name}.{fmt}"
        fig.savefig(path, dpi=110, bbox_inches="tight")
        paths.append(path)
    _pyplot().close(fig)
    return paths


def _bars(ax: Any, labels: Sequence[str], values: Sequence[float], intervals: Sequence[tuple[float, float]]) -> None:
    lows = [max(0.0, v - lo) for v, (lo, _) in zip(values, intervals, strict=True)]
    highs = [max(0.0, hi - v) for v, (_, hi) in zip(values, intervals, strict=True)]
    ax.bar(labels, values, yerr=[lows, highs], capsize=4, color="#3b7dd8")


def seat_shares(results: Sequence[MatchResult], num_players: int) -> list[tuple[float, float, float]]:
    """Per seat: win share and its 95% Wilson interval."""
    done = [r for r in results if r.error is None]
    out = []
    for seat in range(num_players):
        wins = sum(r.returns[seat] for r in done)
        lo, hi = wilson(wins, len(done))
        out.append((wins / len(done) if done else 0.0, lo, hi))
    return out


def plot_seats(
    results: Sequence[MatchResult], num_players: int, outdir: Path, title: str, formats: Iterable[str] = ("png",)
) -> list[Path]:
    plt = _pyplot()
    shares = seat_shares(results, num_players)
    fig, ax = plt.subplots(figsize=(5.5, 3.5))
    _bars(ax, [f"{s}" for s in range(num_players)], [s[0] for s in shares], [(s[1], s[2]) for s in shares])
    ax.axhline(1 / num_players, color="gray", linestyle="--", label="fair share")
    ax.set_xlabel("seat")
    ax.set_ylabel("share of wins (95% CI)")
    ax.set_title(title)
    ax.legend()
    return _save(fig, outdir, "seats", formats)


def position_gains(
    results: Sequence[MatchResult], num_players: int, sense: int
) -> list[tuple[float, float, float, int]]:
    """Per position after the dealer (0 plays first): mean round gain in the
    good direction (`sense`), its 95% interval and the number of rounds."""
    gains: dict[int, list[float]] = defaultdict(list)
    for r in results:
        for rnd in r.stats.get("rounds", []):
            dealer, start, end = rnd.get("dealer"), rnd.get("start_scores"), rnd.get("end_scores")
            if dealer is None or start is None or end is None:
                continue
            for seat in range(num_players):
                position = (seat - dealer - 1) % num_players
                gains[position].append(sense * (end[seat] - start[seat]))
    out = []
    for position in range(num_players):
        mean, lo, hi = mean_interval(gains[position])
        out.append((mean, lo, hi, len(gains[position])))
    return out


def plot_position(
    results: Sequence[MatchResult],
    num_players: int,
    sense: int,
    outdir: Path,
    title: str,
    formats: Iterable[str] = ("png",),
) -> list[Path]:
    gains = position_gains(results, num_players, sense)
    if not any(g[3] for g in gains):
        return []
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(5.5, 3.5))
    labels = ["1st" if p == 0 else f"{p + 1}th" if p > 2 else ("2nd" if p == 1 else "3rd") for p in range(num_players)]
    means = [g[0] for g in gains]
    ax.bar(labels, means, yerr=[[g[0] - g[1] for g in gains], [g[2] - g[0] for g in gains]], capsize=4, color="#d8873b")
    ax.axhline(0, color="gray", linewidth=0.8)
    ax.set_xlabel("position in the round (1st plays first, the dealer last)")
    ax.set_ylabel("mean round gain (better is up)")
    ax.set_title(title)
    return _save(fig, outdir, "position", formats)


def plot_scores(
    results: Sequence[MatchResult],
    num_players: int,
    outdir: Path,
    title: str,
    formats: Iterable[str] = ("png",),
    by_kind: bool = False,
) -> list[Path]:
    done = [r for r in results if r.error is None]
    groups: dict[str, list[float]] = defaultdict(list)
    for r in done:
        for seat, score in enumerate(r.scores):
            groups[r.bots[seat] if by_kind else f"seat {seat}"].append(score)
    if not groups:
        return []
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 3.8))
    ax.hist(list(groups.values()), bins=20, label=list(groups), histtype="step", linewidth=1.5)
    ax.set_xlabel("final score")
    ax.set_ylabel("matches")
    ax.set_title(title)
    ax.legend(fontsize="small")
    return _save(fig, outdir, "scores", formats)


def plot_length(
    results: Sequence[MatchResult], outdir: Path, title: str, formats: Iterable[str] = ("png",)
) -> list[Path]:
    done = [r for r in results if r.error is None]
    if not done:
        return []
    plt = _pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(8, 3.4))
    left.hist([r.actions for r in done], bins=20, color="#3b7dd8")
    left.set_xlabel("actions per match")
    right.hist([r.rounds for r in done], bins=range(0, max(r.rounds for r in done) + 2), color="#6ab04c")
    right.set_xlabel("rounds per match")
    left.set_ylabel("matches")
    fig.suptitle(title)
    return _save(fig, outdir, "length", formats)


def rates(results: Sequence[MatchResult], rate: RateFacts) -> list[tuple[int, int, float, float, float]]:
    """Per value of the rate's `by` field: items, success rate and its 95% interval."""
    items: dict[int, list[bool]] = defaultdict(list)
    for r in results:
        for item in r.stats.get(rate.key, []):
            items[int(item[rate.by])].append(bool(rate.success(item)))
    out = []
    for value in sorted(items):
        wins = sum(items[value])
        n = len(items[value])
        lo, hi = wilson(wins, n)
        out.append((value, n, wins / n, lo, hi))
    return out


def found_rates(results: Sequence[MatchResult]) -> list[RateFacts]:
    """The rates of every registered game's study whose items these results hold."""
    from tapete.games import all_games

    known = [rate for game in all_games() for rate in game.study.rates]
    return [rate for rate in known if any(rate.key in r.stats for r in results)]


def plot_rate(
    results: Sequence[MatchResult], rate: RateFacts, outdir: Path, title: str, formats: Iterable[str] = ("png",)
) -> list[Path]:
    found = rates(results, rate)
    if not found:
        return []
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    values = [str(t) for t, *_ in found]
    _bars(ax, values, [r[2] for r in found], [(r[3], r[4]) for r in found])
    for i, r in enumerate(found):
        ax.annotate(f"n={r[1]}", (i, 0.02), ha="center", fontsize=7, rotation=90, color="white")
    ax.set_xlabel(rate.axis_label)
    ax.set_ylabel("success rate (95% CI)")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    return _save(fig, outdir, rate.key, formats)


def plot_kinds(report: TournamentReport, outdir: Path, formats: Iterable[str] = ("png",)) -> list[Path]:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(5.5, 3.5))
    results = report.results
    _bars(ax, [r.kind for r in results], [r.share for r in results], [r.interval for r in results])
    for i, r in enumerate(results):
        ax.hlines(r.fair_share, i - 0.4, i + 0.4, colors="gray", linestyles="--")
    ax.set_ylabel("share of the win per match (95% CI)")
    ax.set_title(f"{report.game}: {report.completed} matches, {report.num_players} seats (dashes: fair share)")
    return _save(fig, outdir, "kinds", formats)


def write_plots(
    results: Sequence[MatchResult],
    num_players: int,
    outdir: Path,
    title: str,
    *,
    sense: int = 1,
    formats: Iterable[str] = ("png",),
    tournament: TournamentReport | None = None,
    rates: Sequence[RateFacts] | None = None,
) -> list[Path]:
    """Every plot that the results support; `rates`: the game's (`game.study.rates`), or
    None for every registered game's rate whose items the results hold."""
    formats = tuple(formats)
    paths = plot_seats(results, num_players, outdir, title, formats)
    paths += plot_position(results, num_players, sense, outdir, title, formats)
    paths += plot_scores(results, num_players, outdir, title, formats, by_kind=tournament is not None)
    paths += plot_length(results, outdir, title, formats)
    for rate in found_rates(results) if rates is None else rates:
        paths += plot_rate(results, rate, outdir, title, formats)
    if tournament is not None:
        paths += plot_kinds(tournament, outdir, formats)
    return paths
