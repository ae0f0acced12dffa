"""Play whole matches between bots, one process or many.

Who acts first in a reaction window is decided by the table core
(`tapete.engine.turns`) on the bots' simulated delays: every actor proposes
a Decision, the first to land is applied, and all are asked again. A
required seat's non-reaction action (covering Bacan's discard by drawing)
lands when the window closes, as on the server.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tapete.bots import make_bot
from tapete.engine import Bot, Game, MatchRecord, Observation, State
from tapete.engine.turns import REACTION_WINDOW_S, deliver, first_to_land
from tapete.games import get_game

from .match_stats import StatsCollector

MAX_ACTIONS = 200_000


@dataclass
class MatchResult:
    seed: int
    winners: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    rounds: int = 0
    actions: int = 0
    seconds: float = 0.0
    error: str | None = None
    record: dict[str, Any] | None = None
    bots: list[str] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)  # filled when asked: tapete.sim.match_stats


def seat_bots(game: Game, bot_kinds: Sequence[str], seed: int) -> list[Bot]:
    return [make_bot(kind, game, seed * 7919 + seat) for seat, kind in enumerate(bot_kinds)]


def next_move(state: State, bots: Sequence[Bot], window: float) -> tuple[int, int]:
    """The (seat, action) that happens next: every actor's bot proposes a
    Decision whose delay is its simulated arrival time; the table core's race
    rule (`tapete.engine.turns.first_to_land`) says which lands first."""
    actors = state.actors()
    if len(actors) == 1:
        seat = actors[0]
        decision = bots[seat].decide(Observation(state, seat))
        if decision is None:
            raise RuntimeError(f"bot of required seat {seat} passed")
        return seat, decision.action
    required = state.required_actors()
    proposals: list[tuple[int, int, float]] = []
    for seat in actors:
        decision = bots[seat].decide(Observation(state, seat))
        if decision is None:
            if seat in required:
                raise RuntimeError(f"bot of required seat {seat} passed")
            continue
        proposals.append((seat, decision.action, decision.delay))
    best = first_to_land(state, proposals, window)
    if best is None:
        raise RuntimeError("no actor acted")
    return best[0], best[1]


def play_match(
    game: Game,
    num_players: int,
    bot_kinds: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    window: float = REACTION_WINDOW_S,
    keep_record: bool = False,
    on_state: Callable[[State], None] | None = None,
    stats: bool = False,
) -> MatchResult:
    """Play one match to its end; errors are caught and reported."""
    result = MatchResult(seed=seed, bots=list(bot_kinds))
    seats = [{"bot": k} for k in bot_kinds]
    record = MatchRecord(game.id, dict(options or {}), seed, seats, rules_version=game.rules_version)
    start = time.perf_counter()
    try:
        state = game.new_match(num_players, seed, options)
        bots = seat_bots(game, bot_kinds, seed)
        collector = StatsCollector(game, state) if stats else None
        for seat, bot in enumerate(bots):
            bot.start(seat, num_players, state.options)
        while not state.is_terminal():
            seat, action = next_move(state, bots, window)
            events = state.apply(seat, action)
            record.actions.append((seat, action))
            if collector is not None:
                collector.step(state, seat, events)
            deliver(events, bots)
            if on_state is not None:
                on_state(state)
            if len(record.actions) > MAX_ACTIONS:
                raise RuntimeError(f"match exceeded {MAX_ACTIONS} actions")
        outcome = state.outcome()
        result.winners = list(outcome.winners)
        result.scores = list(outcome.scores)
        result.returns = outcome.returns(num_players)
        result.rounds = outcome.rounds
        if collector is not None:
            result.stats = collector.finish(state)
    except Exception:
        result.error = traceback.format_exc(limit=8)
    result.actions = len(record.actions)
    result.seconds = time.perf_counter() - start
    if keep_record or result.error:
        result.record = record.to_json()
    return result


@dataclass(frozen=True)
class MatchJob:
    game_id: str
    num_players: int
    bot_kinds: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, Any], ...]
    window: float = REACTION_WINDOW_S
    keep_record: bool = False
    stats: bool = False


def run_job(job: MatchJob) -> MatchResult:
    return play_match(
        get_game(job.game_id),
        job.num_players,
        job.bot_kinds,
        job.seed,
        dict(job.options),
        window=job.window,
        keep_record=job.keep_record,
        stats=job.stats,
    )
