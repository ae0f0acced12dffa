"""The balance report: docs/balance.md and its plots, made by `tapete report`.

For every game: heuristic bots in every seat, the default options and a few
variants (the house rules worth asking about), N matches each. It answers,
with 95% intervals:

- does going first matter? (the match win share of the seat that acted
  first; the mean round gain by position after the dealer);
- what does each variant change? (rounds, actions, the first actor's share);
- Bacan: how often does a Bacan call succeed, by the caller's total; what
  does `anti_bacan` change (matches won by landing exactly on the limit).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tapete.engine import Game
from tapete.games import game_ids, get_game

from .jobs import run_jobs
from .keeping import match_seed
from .plots import position_gains, rates, write_plots
from .runner import MatchJob, MatchResult
from .stats import mean_interval, wilson


@dataclass
class Run:
    options: dict[str, Any]
    players: int
    results: list[MatchResult]
    seconds: float

    @property
    def done(self) -> list[MatchResult]:
        return [r for r in self.results if r.error is None]


def _players_for(game: Game, options: dict[str, Any]) -> int | None:
    allowed = game.allowed_players(game.parse_options(options))
    if not allowed:
        return None
    return game.default_players if game.default_players in allowed else allowed[0]


def _simulate(
    game: Game, options: dict[str, Any], matches: int, seed: int, processes: int, on_result: Callable[[Any], None]
) -> Run | None:
    players = _players_for(game, options)
    if players is None:
        return None
    opts = tuple(sorted(options.items()))
    jobs = [
        MatchJob(game.id, players, ("heuristic",) * players, match_seed(seed, i), opts, stats=True)
        for i in range(matches)
    ]
    start = time.perf_counter()
    results = []
    for r in run_jobs(jobs, processes):
        results.append(r)
        on_result(r)
    return Run(options, players, results, time.perf_counter() - start)


def _variants(game: Game) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{}]
    for v in [*game.study.variants, *game.conformance_options]:
        if dict(v) not in out:
            out.append(dict(v))
    return out


def _fmt(x: float, digits: int = 3) -> str:
    return f"{x:.{digits}f}"


def _label(options: dict[str, Any]) -> str:
    return ", ".join(f"`{k}={v}`" for k, v in options.items()) or "defaults"


def first_actor_share(results: Sequence[MatchResult]) -> tuple[float, float, float, int]:
    """The win share of the seat that acted first in the match, with its interval."""
    rows = [r for r in results if r.stats.get("first_actor") is not None]
    wins = sum(r.returns[r.stats["first_actor"]] for r in rows)
    lo, hi = wilson(wins, len(rows))
    return (wins / len(rows) if rows else 0.0), lo, hi, len(rows)


def _first_player_section(game: Game, run: Run, sense: int) -> list[str]:
    n = run.players
    share, lo, hi, count = first_actor_share(run.done)
    lines = [
        "**Does going first matter?**",
        "",
        f"- The seat that acts first in the match wins {_fmt(share)} of the matches "
        f"(95% CI {_fmt(lo)}-{_fmt(hi)}, {count} matches; fair share {_fmt(1 / n)}): "
        + ("a clear edge." if lo > 1 / n else "a clear handicap." if hi < 1 / n else "no clear difference."),
    ]
    gains = position_gains(run.done, n, sense)
    if any(g[3] for g in gains):
        lines += [
            "- Mean score gained per round by position after the dealer (the next seat plays first; "
            + ("higher scores are better" if sense > 0 else "lower scores are better, so gains are shown negated")
            + "):",
            "",
            "| position | rounds | mean gain | 95% CI |",
            "| --- | ---: | ---: | --- |",
        ]
        for p, (mean, glo, ghi, rounds) in enumerate(gains):
            name = "dealer" if p == n - 1 else f"{p + 1}"
            lines.append(f"| {name} | {rounds} | {_fmt(mean, 2)} | {_fmt(glo, 2)} to {_fmt(ghi, 2)} |")
        first, last = gains[0], gains[-1]
        verdict = (
            "the first player does better than the dealer"
            if first[1] > last[2]
            else "the dealer does better than the first player"
            if first[2] < last[1]
            else "no clear difference between the first player and the dealer"
        )
        lines += ["", f"  Per round, {verdict}."]
    return lines


def _variants_section(game: Game, runs: list[Run]) -> list[str]:
    lines = [
        "**What the variants change** (heuristic bots):",
        "",
        "| options | players | matches | mean rounds (95% CI) | mean actions | first actor's win share (95% CI) |",
        "| --- | ---: | ---: | --- | ---: | --- |",
    ]
    for run in runs:
        done = run.done
        mean, lo, hi = mean_interval([float(r.rounds) for r in done])
        actions = sum(r.actions for r in done) / len(done) if done else 0.0
        share, slo, shi, _ = first_actor_share(done)
        lines.append(
            f"| {_label(run.options)} | {run.players} | {len(done)} | {_fmt(mean, 2)} ({_fmt(lo, 2)}-{_fmt(hi, 2)}) | "
            f"{actions:.0f} | {_fmt(share)} ({_fmt(slo)}-{_fmt(shi)}) |"
        )
    errors = sum(len(r.results) - len(r.done) for r in runs)
    if errors:
        lines += ["", f"{errors} matches ended in an error and are left out."]
    return lines


def _study_section(game: Game, runs: list[Run]) -> list[str]:
    """The game's own rates (all variants pooled) and shares (per variant), from its study."""
    lines: list[str] = []
    pooled = [r for run in runs for r in run.done]
    for rate in game.study.rates:
        lines += [rate.heading, ""]
        found = rates(pooled, rate)
        if found:
            lines += [f"| {rate.by_label} | {rate.count_label} | success | 95% CI |", "| ---: | ---: | ---: | --- |"]
            lines += [f"| {t} | {n} | {_fmt(p)} | {_fmt(lo)}-{_fmt(hi)} |" for t, n, p, lo, hi in found]
    for share in game.study.shares:
        lines += ["", share.heading, ""]
        lines += [
            f"| options | matches | {share.label} | 95% CI | mean rounds |",
            "| --- | ---: | ---: | --- | ---: |",
        ]
        for run in runs:
            done = run.done
            hits = sum(1 for r in done if share.holds(run.options, r.scores, r.winners))
            lo, hi = wilson(hits, len(done))
            mean_rounds = sum(r.rounds for r in done) / len(done) if done else 0.0
            lines.append(
                f"| {_label(run.options)} | {len(done)} | {_fmt(hits / len(done) if done else 0.0)} | "
                f"{_fmt(lo)}-{_fmt(hi)} | {mean_rounds:.1f} |"
            )
    return lines


def game_section(
    game: Game, matches: int, seed: int, processes: int, outdir: Path, on_result: Callable[[Any], None]
) -> list[str]:
    sense = game.score_sense
    runs = [run for v in _variants(game) if (run := _simulate(game, v, matches, seed, processes, on_result))]
    base = runs[0]
    plot_dir = outdir / game.id
    title = f"{game.name['en']}, heuristic bots, {base.players} players"
    paths = write_plots(base.done, base.players, plot_dir, title, sense=sense, formats=("png",), rates=game.study.rates)
    if game.study.rates:
        keys = {rate.key for rate in game.study.rates}
        pooled = [r for run in runs for r in run.done]
        title = f"{game.name['en']}, all variants"
        every = write_plots(pooled, base.players, plot_dir / "pooled", title, sense=sense, rates=game.study.rates)
        paths += [p for p in every if p.stem in keys]
    lines = [f"## {game.name['es']} (`{game.id}`)", ""]
    lines += [*_first_player_section(game, base, sense), ""]
    lines += [*_variants_section(game, runs), ""]
    if game.study.rates or game.study.shares:
        lines += [*_study_section(game, runs), ""]
    rel = outdir.name
    lines += [" ".join(f"![{p.stem}]({rel}/{p.relative_to(outdir).as_posix()})" for p in paths), ""]
    return lines


def write_report(
    out: Path,
    *,
    matches: int = 200,
    processes: int = 1,
    seed: int = 1,
    games: Sequence[str] | None = None,
    on_result: Callable[[Any], None] = lambda _: None,
) -> Path:
    """Simulate, plot and write the Markdown report; plots go to <out's stem>/."""
    out = Path(out)
    outdir = out.parent / out.stem
    chosen = list(games) if games else list(game_ids())
    lines = [
        "# Balance of the games",
        "",
        f"Made by `tapete report --matches {matches} --seed {seed}`: heuristic bots in every seat, "
        f"{matches} matches per game and variant, default players unless a variant needs others. "
        "Intervals are 95% (Wilson for shares, normal for means). Bots are not people: "
        "read these as what the rules do under one sensible style of play.",
        "",
    ]
    for gid in chosen:
        lines += game_section(get_game(gid), matches, seed, processes, outdir, on_result)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines))
    return out
