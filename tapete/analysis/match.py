"""One seat's decisions in a finished match, judged: `analyze(record, seat, budget)`.

The record is replayed; the seat's evaluator hears the events the seat was
told, in order, and nothing else. At each action the seat took:

- a required decision with one legal move is not judged (`forced`);
- a decision the game leaves to a plan already chosen (the steps of a
  Buracco meld being built, `SearchHints.searches`; the second and third
  cards of a WANTED gang) is not judged on its own (`unjudged`): the choice
  was made at the plan's start;
- a plan's start (WANTED Pandillas: a gang of three cards, `SearchHints.plans`)
  is judged among every plan, the one played being the seat's next actions;
- a reaction the seat chose to make in an optional window (a Bacan mirror
  claim) is judged against letting the window go by; a window it let go by
  left no trace in the record and is not judged;
- any other decision is judged among every legal move.

A judged decision is handed to the evaluator in a world built only from what
the seat knew: the hidden cards are dealt into their places in a fixed order
(`CanonicalRandom`), and the worlds sampled from it are seeded by the seat's
view. Two matches in which the seat knew the same things at a decision get
the same worlds, the same values and the same label, whatever the hidden
cards turned out to be.

The analysis reports progress (`progress(done, total)` after each of the
seat's actions) and stops when `cancelled()` says so (AnalysisCancelled).
"""

from __future__ import annotations

import json
import random
import time
import zlib
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tapete.bots.search import round_margin_scale
from tapete.engine import Event, Game, LossThresholds, MatchRecord, Observation, State, TapeteError, options_to_json
from tapete.engine.replay_cursor import ReplayCursor, ReplayError, parse_record
from tapete.engine.words import LANGS, Reader
from tapete.games import get_game

from .evaluators import PASS, AnalysisError, Budget, Evaluator, Position, budget_named, make_evaluator
from .labels import LABELS, label, thresholds_for

SCALE_SEED = 0  # the margin scale's rounds of heuristic play: the same figure every time
SCALE_ROUNDS = 40

LET_PASS = {"es": "Dejar pasar la ocasión", "en": "Let the chance go by"}


class AnalysisCancelled(TapeteError):
    code = "analysis_cancelled"


class CanonicalRandom(random.Random):
    """A Random whose shuffles sort: a determinization with it deals the hidden
    cards into their places in order, whatever order they really lay in."""

    def __init__(self) -> None:
        super().__init__(0)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        x[:] = sorted(x)


def known_world(state: State, seat: int) -> State:
    """`state` as `seat` could know it: its hidden cards dealt into their places in a
    fixed order (a function of what the seat knows alone)."""
    return state.determinize(seat, CanonicalRandom())


def view_seed(view: Mapping[str, Any]) -> int:
    """A seed from a view alone: the worlds of a decision depend on what the seat saw."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return zlib.crc32(text.encode("utf-8"))


@cache
def _scale(game_id: str, num_players: int, options: str) -> float:
    game = get_game(game_id)
    return round_margin_scale(game, num_players, game.parse_options(json.loads(options)), SCALE_SEED, SCALE_ROUNDS)


def margin_scale(game: Game, num_players: int, options: Any) -> float:
    """The game's mean absolute round margin in heuristic play at this table (measured once
    per process): the fixed scale of every value in an analysis."""
    return _scale(game.id, num_players, json.dumps(options_to_json(options), sort_keys=True))


@dataclass(frozen=True)
class Judgement:
    """One judged decision. `step` is its index among the match's actions (the position
    before it is `tapete replay --to STEP`); `played` and `best` are the actions of the move
    played and of the best found (several for a plan, none for letting a window go by);
    `value` is the position's value before the decision (that of the best move found);
    `loss` the part of the best move's lead (`difference`, standard error `error`) the
    evaluator is sure of (tapete.analysis.evaluators.Verdict)."""

    step: int
    round: int | None
    type: str
    played: tuple[int, ...]
    played_json: tuple[dict[str, Any], ...]
    best: tuple[int, ...]
    best_json: tuple[dict[str, Any], ...]
    played_value: float
    best_value: float
    loss: float
    difference: float
    error: float
    label: str
    candidates: int
    worlds: int
    evaluator: str
    reaction: bool
    words: Mapping[str, Mapping[str, str]]  # lang -> {"played": ..., "best": ...}

    @property
    def value(self) -> float:
        return self.best_value

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "round": self.round,
            "type": self.type,
            "played": {"actions": list(self.played), "json": list(self.played_json)},
            "best": {"actions": list(self.best), "json": list(self.best_json)},
            "value": round(self.value, 4),
            "played_value": round(self.played_value, 4),
            "best_value": round(self.best_value, 4),
            "loss": round(self.loss, 4),
            "difference": round(self.difference, 4),
            "error": round(self.error, 4),
            "label": self.label,
            "candidates": self.candidates,
            "worlds": self.worlds,
            "evaluator": self.evaluator,
            "reaction": self.reaction,
            "words": {lang: dict(w) for lang, w in self.words.items()},
        }


@dataclass
class Analysis:
    """One seat's judged decisions in one match, and what was not judged."""

    game: str
    seat: int
    player: dict[str, Any]
    names: list[str]
    budget: Budget
    evaluator: str
    margin_scale: float
    thresholds: LossThresholds
    decisions: list[Judgement] = field(default_factory=list)
    forced: int = 0
    unjudged: int = 0
    cpu_seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        counts = dict.fromkeys(LABELS, 0)
        for d in self.decisions:
            counts[d.label] += 1
        judged = len(self.decisions)
        total = sum(d.loss for d in self.decisions)
        return {
            "judged": judged,
            "forced": self.forced,
            "unjudged": self.unjudged,
            "counts": counts,
            "total_loss": round(total, 4),
            "average_loss": round(total / judged, 4) if judged else 0.0,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "player": self.player,
            "names": self.names,
            "budget": self.budget.to_json(),
            "evaluator": self.evaluator,
            "margin_scale": round(self.margin_scale, 4),
            "thresholds": self.thresholds.to_json(),
            "summary": self.summary(),
            "decisions": [d.to_json() for d in self.decisions],
            "cpu_seconds": round(self.cpu_seconds, 3),
        }


Progress = Callable[[int, int], None]


def analyze(
    record: MatchRecord | Mapping[str, Any],
    seat: int,
    budget: str | Budget = "normal",
    *,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    evaluator: Evaluator | None = None,
) -> Analysis:
    """Judge every decision `seat` made in the match of `record` (a MatchRecord or its JSON);
    see the module's docstring. `budget`: "easy", "normal" (the default), "hard" or a Budget.
    `evaluator` replaces the game's own (the network where a model ships, else the search).
    Raises ReplayError for a record that cannot be replayed, AnalysisError for a seat or
    budget that does not exist, AnalysisCancelled when `cancelled()` turns true."""
    start = time.process_time()
    rec = record if isinstance(record, MatchRecord) else parse_record(record)
    try:
        game = get_game(rec.game)
    except TapeteError as err:
        raise ReplayError(err.es, err.en) from None
    cursor = ReplayCursor(game, rec)
    cursor.goto(cursor.steps)  # a record that does not replay is refused before any work
    cursor.goto(0)
    n = rec.num_players
    if not (isinstance(seat, int) and 0 <= seat < n):
        raise AnalysisError(
            f"Esta partida tiene los asientos 0 a {n - 1}; no hay asiento {seat}.",
            f"This match has seats 0 to {n - 1}; there is no seat {seat}.",
        )
    chosen_budget = budget_named(budget)
    options = cursor.state.options
    scale = margin_scale(game, n, options)
    judging = evaluator or make_evaluator(game, chosen_budget, scale)
    judging.start(seat, n, options)
    names = cursor.names()
    analysis = Analysis(
        game=game.id,
        seat=seat,
        player=dict(rec.seats[seat]) if seat < len(rec.seats) else {},
        names=names,
        budget=chosen_budget,
        evaluator=judging.name,
        margin_scale=scale,
        thresholds=thresholds_for(game, options),
    )
    readers = {lang: Reader(lang, names, seat) for lang in LANGS}
    mine = [i for i, (s, _) in enumerate(rec.actions) if s == seat]
    in_plan: set[int] = set()  # steps of a plan judged at its start
    evaluators: set[str] = set()
    for done, step in enumerate(mine, 1):
        if cancelled is not None and cancelled():
            raise AnalysisCancelled("Análisis cancelado.", "Analysis cancelled.")
        if cursor.step < step:
            _follow(cursor, step, seat, judging)
        if step in in_plan:
            analysis.unjudged += 1
        else:
            upcoming = [rec.actions[s][1] for s in mine[done - 1 :]]
            found = _judge(game, cursor.state, seat, upcoming, step, readers, judging, analysis.thresholds)
            if found == FORCED:
                analysis.forced += 1
            elif found == UNJUDGED:
                analysis.unjudged += 1
            else:
                assert isinstance(found, Judgement)
                analysis.decisions.append(found)
                evaluators.add(found.evaluator)
                in_plan.update(mine[done : done + len(found.played) - 1])
        if progress is not None:
            progress(done, len(mine))
    if len(evaluators) == 1:
        analysis.evaluator = evaluators.pop()
    analysis.cpu_seconds = time.process_time() - start
    return analysis


def judge(
    game: Game,
    state: State,
    seat: int,
    played: int | Sequence[int],
    budget: str | Budget = "normal",
    *,
    history: Sequence[Event] = (),
    names: Sequence[str] | None = None,
    evaluator: Evaluator | None = None,
) -> Judgement | None:
    """One decision at a position (a hand-built one, or a table's now): `seat` plays `played`
    (an action, or a plan's actions) in `state`. `history` are the match's earlier events
    (those the seat saw are told to the evaluator; without them it starts from the seat's
    view). None where the decision is not judged (one legal move, or a step the game leaves
    to a plan already chosen)."""
    chosen_budget = budget_named(budget)
    options = state.options
    n = state.num_players
    if evaluator is None:
        evaluator = make_evaluator(game, chosen_budget, margin_scale(game, n, options))
    evaluator.start(seat, n, options)
    seen = [e for e in history if e.visible_to(seat)]
    if seen:
        evaluator.observe(seen)
    upcoming = [played] if isinstance(played, int) else list(played)
    readers = {lang: Reader(lang, names, seat) for lang in LANGS}
    found = _judge(game, state, seat, upcoming, 0, readers, evaluator, thresholds_for(game, options))
    return found if isinstance(found, Judgement) else None


def _follow(cursor: ReplayCursor, step: int, seat: int, evaluator: Evaluator) -> None:
    """Replay up to `step`, telling the evaluator what the seat was told."""
    while cursor.step < step:
        cursor.goto(cursor.step + 1)
        seen = [e for e in cursor.events if e.visible_to(seat)]
        if seen:
            evaluator.observe(seen)


FORCED, UNJUDGED = "forced", "unjudged"


def _judge(
    game: Game,
    state: State,
    seat: int,
    upcoming: Sequence[int],
    step: int,
    readers: Mapping[str, Reader],
    evaluator: Evaluator,
    thresholds: LossThresholds,
) -> Judgement | str:
    """The judgement of the seat's decision in `state`, where it played `upcoming[0]` (and then
    `upcoming[1:]`, its next actions: a plan's other steps), or why none is due (FORCED, UNJUDGED)."""
    action = upcoming[0]
    obs = Observation(state, seat)
    legal = obs.legal
    if action not in legal:
        raise AnalysisError(
            "La jugada que se juzga no es legal en esa posición.", "The move to judge is not legal in that position."
        )
    hints = game.search_hints
    plans: tuple[tuple[int, ...], ...] | None = None
    if not obs.required:
        arms: tuple[int, ...] = (action, PASS)
        chosen = action
    elif len(legal) < 2:
        return FORCED
    elif not hints.searches(obs.view, legal):
        return UNJUDGED
    else:
        arms, chosen = tuple(legal), action
        offered = [tuple(p) for p in hints.plans(obs.view, legal)]
        if offered:
            played = sorted(upcoming[: len(offered[0])])
            match = next((i for i, p in enumerate(offered) if sorted(p) == played), None)
            if match is not None:
                plans, arms, chosen = tuple(offered), tuple(range(len(offered))), match
    world = known_world(state, seat)
    verdict = evaluator.judge(Position(Observation(world, seat), arms, chosen, plans, view_seed(obs.view)))

    def steps(arm: int) -> tuple[int, ...]:
        if arm == PASS:
            return ()
        return plans[arm] if plans is not None else (arm,)

    played_steps, best = steps(chosen), steps(verdict.best)
    if plans is not None:  # the plan's actions in the order played
        played_steps = tuple(upcoming[: len(played_steps)])
    words = {
        lang: {
            "played": _say(game, state, played_steps, plans is not None, reader),
            "best": _say(game, state, best, plans is not None, reader),
        }
        for lang, reader in readers.items()
    }
    return Judgement(
        step=step,
        round=state.round_index(),
        type=hints.decision_type(state.action_to_json(action)),
        played=played_steps,
        played_json=tuple(state.action_to_json(a) for a in played_steps),
        best=best,
        best_json=tuple(state.action_to_json(a) for a in best),
        played_value=verdict.chosen_value,
        best_value=verdict.best_value,
        loss=verdict.loss,
        difference=verdict.difference,
        error=verdict.error,
        label=label(verdict.loss, thresholds),
        candidates=len(arms),
        worlds=verdict.worlds,
        evaluator=verdict.evaluator,
        reaction=not obs.required,
        words=words,
    )


def _say(game: Game, state: State, steps: tuple[int, ...], plan: bool, reader: Reader) -> str:
    """A move in the reader's words: the game's sentence for it (for a plan, the game's
    sentence for the plan, or its actions' one after the other)."""
    if not steps:
        return LET_PASS[reader.lang]
    if plan:
        message = game.search_hints.plan_message(state, steps)
        if message is not None and game.catalogue is not None:
            return game.catalogue.render(message, reader)
    return "; ".join(game.tell_action(state, a, reader) for a in steps)
