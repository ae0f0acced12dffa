"""How a decision is judged: the value, for the seat, of the move it played
and of the best move found, from what the seat knew when it chose.

`Evaluator` is the one interface. It follows the match from the seat's side
(`start`, then `observe` with the events the seat was told) and judges one
decision at a time (`judge`). Two stand behind it:

- `SearchEvaluator`: the search's rollout comparisons (tapete.bots.search).
  Worlds consistent with what the seat knew are sampled (`State.determinize`)
  and every candidate is rolled out on the same worlds with the same rollout
  randomness, the game's heuristic playing every seat to the end of the round
  (bots that followed the match as the seat and the others could: they
  remember what was shown). The round is valued on a fixed margin scale
  (`tapete.bots.search.round_margin_scale`), so values compare across
  decisions. Every candidate is screened on a few worlds; the two that did
  best there (if better than the move played) and the heuristic's own choice
  then meet the move played on fresh worlds, and the loss is measured there,
  so the luck that made a move look best does not count. The loss is
  measured in the game's measure (`SearchHints.loss_measure`): the value
  (a share of a win); or the score margin given up (in points, as a share
  of twice the margin scale: what the move would cost an even round), where
  the value is too flat to tell moves apart (a round already lost); or the
  larger of the two (the margin's, and the value's where a move decides the
  match).
- `NetworkEvaluator`: the learned bot's network (`LearnedBot.scores`), where
  the game ships a model: each candidate's value in one pass. Where the
  network does not decide (reactions, optional windows, the steps of a plan)
  the search judges. A network's lead is its own estimate, with errors of its
  own: where it reaches the mistake threshold, the search's paired rollouts
  confirm it (the network's better move ahead of the move played by more than
  `SURE` standard errors) or it counts as an inaccuracy at most.

`make_evaluator` takes the network where `tapete.models.available` says one
loads, so the analysis gets better when the bots do.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tapete import models
from tapete.bots.learned import LearnedBot, network_arms
from tapete.bots.search import HeuristicRollouts, PolicyImprovementBot, SearchConfig, level_config, policy_move
from tapete.bots.search.evaluators import view_scores
from tapete.engine import Bot, Decision, Event, Game, LossThresholds, Observation, State, TapeteError

PASS = -1  # the arm of letting an optional window go by (a reaction not made)
# The evaluator named in a network's verdict whose lead reached the mistake threshold: the
# rollouts confirmed it (the lead stands), or did not (an inaccuracy at most).
CONFIRMED, UNCONFIRMED = "network+search", "network-unconfirmed"
CHALLENGERS = 2  # the screen's best moves that meet the move played on fresh worlds
VALUE, MARGIN, BOTH = "value", "margin", "value+margin"  # the loss measures (SearchHints.loss_measure)
# The loss is the lead less this many standard errors: what the search is sure of (about 97.5 %
# one-sided). With one, a heuristic seat's noise was labelled a mistake almost as often as a
# random seat's real ones (Boon, seeds 11-20: 5.2 % against 9.0 %; with two 2.6 % against 8.4 %).
SURE = 2.0


class AnalysisError(TapeteError):
    code = "bad_analysis"


@dataclass(frozen=True)
class Budget:
    """How hard the search looks at one decision: every candidate is rolled
    out on `screen` worlds (fewer when there are many candidates: at most
    `screen_rollouts` rollouts in all, at least 2 worlds), then the best of
    them meets the move played on `test` fresh worlds, and on up to `more`
    times `test` further ones while the loss is close to the mistake or the
    blunder threshold (within a standard error of it: the label hangs on the
    noise)."""

    name: str
    screen: int
    screen_rollouts: int
    test: int
    more: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "screen": self.screen,
            "screen_rollouts": self.screen_rollouts,
            "test": self.test,
            "more": self.more,
        }


BUDGETS: dict[str, Budget] = {
    "easy": Budget("easy", 4, 32, 8, 1),
    "normal": Budget("normal", 8, 64, 16, 3),
    "hard": Budget("hard", 16, 256, 48, 3),
}
DEFAULT_BUDGET = "normal"


def budget_named(budget: str | Budget) -> Budget:
    if isinstance(budget, Budget):
        return budget
    found = BUDGETS.get(budget)
    if found is None:
        names = ", ".join(BUDGETS)
        raise AnalysisError(
            f"Presupuesto de análisis desconocido: {budget!r} ({names}).",
            f"Unknown analysis budget: {budget!r} ({names}).",
        )
    return found


@dataclass(frozen=True)
class Position:
    """One decision to judge.

    `obs` is the seat's decision in a world made only of what it knew (the
    analysis never hands an evaluator the true hidden cards); `arms` are the
    candidates: actions, indices into `plans` (a plan: several actions chosen
    as one), or PASS beside a reaction the seat made; `chosen` is the arm
    played. `seed` seeds the worlds (it depends on what the seat knew alone)."""

    obs: Observation
    arms: tuple[int, ...]
    chosen: int
    plans: tuple[tuple[int, ...], ...] | None = None
    seed: int = 0


@dataclass(frozen=True)
class Verdict:
    """What an evaluator found: the value of the move played and of the best
    move found (both in [0, 1], the seat's share of a win), the loss between
    them, every candidate's value, and how many worlds were rolled out (0 for
    the network).

    The search measures the best move's lead on the same worlds as the move
    played (`difference`, with its standard error `error`); the `loss` is what
    it is sure of, the lead less `SURE` (two) standard errors (never below 0): a lead
    within the noise of the rollouts is no loss. The network's loss is its lead."""

    chosen_value: float
    best: int
    best_value: float
    loss: float
    values: Mapping[int, float]
    worlds: int
    evaluator: str
    difference: float = 0.0
    error: float = 0.0


class Evaluator(ABC):
    """Judges one seat's decisions in one match, following it from that seat's side."""

    name = "evaluator"

    @abstractmethod
    def start(self, seat: int, num_players: int, options: Any) -> None: ...

    @abstractmethod
    def observe(self, events: Sequence[Event]) -> None:
        """Events the seat was told, in the order it was told them."""

    @abstractmethod
    def judge(self, position: Position) -> Verdict: ...


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def paired_difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The mean of a - b over paired samples and its standard error."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    m = len(diffs)
    mean = _mean(diffs)
    if m < 2:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
    return mean, math.sqrt(var / m)


def _best(tested: Mapping[int, Sequence[float]], challengers: Sequence[int], proposal: int | None) -> int:
    """The best of the challengers on the test worlds: the heuristic's choice unless another
    beats it there by more than a standard error (the best of several noisy means is
    otherwise often just the luckiest), else the highest mean."""
    if proposal is None:
        return max(challengers, key=lambda a: _mean(tested[a]))
    best, lead = proposal, 0.0
    for arm in challengers:
        if arm != proposal:
            difference, error = paired_difference(tested[arm], tested[proposal])
            if difference - error > lead:
                best, lead = arm, difference - error
    return best


class _Silent(Bot):
    """The seat, letting a window go by."""

    def decide(self, obs: Observation) -> Decision | None:
        return None


class SearchEvaluator(Evaluator):
    """Paired rollouts with the game's heuristic in every seat; see the module's docstring."""

    name = "search"

    def __init__(self, game: Game, budget: Budget, margin_scale: float) -> None:
        self.game = game
        self.budget = budget
        self.margin_scale = margin_scale
        self.rng = random.Random(0)
        self.config = SearchConfig()
        self.bot: PolicyImprovementBot | None = None
        self.measure = VALUE
        self.thresholds = LossThresholds()

    def start(self, seat: int, num_players: int, options: Any) -> None:
        # The hard level's valuation and rollouts (a game's own settings for it included), as the
        # learned bots' teacher values moves (tapete.train.teacher): a finished match is worth its
        # win share alone; on the fixed scale, never cut short by a wall clock: the same worlds
        # give the same values.
        self.config = replace(
            level_config(self.game, "hard", options),
            margin_scale=self.margin_scale,
            max_millis=None,
            millis=None,
            rollout="heuristic",
            max_depth=1,
            guide=True,
            paired=True,
        )
        self.measure = self.game.search_hints.loss_measure(options)
        self.thresholds = self.game.search_hints.loss_thresholds(options)
        if self.measure not in (VALUE, MARGIN, BOTH):
            raise ValueError(f"unknown loss measure {self.measure!r}")
        self.rng = random.Random(0)
        self.bot = PolicyImprovementBot(self.game, self.rng, self.config)
        self.bot.start(seat, num_players, options)

    def observe(self, events: Sequence[Event]) -> None:
        assert self.bot is not None, "start() first"
        self.bot.observe(events)

    def judge(self, position: Position) -> Verdict:
        arms = position.arms
        chosen = position.chosen
        if len(arms) < 2 or chosen not in arms:
            raise ValueError("a decision to judge has at least two candidates, the one played among them")
        self.rng.seed(position.seed)
        budget = self.budget
        screen = max(2, min(budget.screen, budget.screen_rollouts // len(arms)))
        readings = self.values(position, arms, screen)
        shown = {a: _mean(v) for a, v in readings[-1].items()}  # the values
        judged = readings[:-1] if self.measure == MARGIN else readings
        challengers, proposal = self.challengers(position, *({a: _mean(v) for a, v in r.items()} for r in judged))
        if not challengers:
            return Verdict(shown[chosen], chosen, shown[chosen], 0.0, shown, screen, self.name)
        tested = self.values(position, (chosen, *challengers), budget.test)
        worlds = screen + budget.test
        best, difference, error = self.lead(tested, challengers, proposal, chosen)
        for _ in range(budget.more):
            if not self.close(difference, error):
                break
            more = self.values(position, (chosen, *challengers), budget.test)  # fresh worlds
            for reading, added in zip(tested, more, strict=True):
                for arm in added:
                    reading[arm] += added[arm]
            worlds += budget.test
            best, difference, error = self.lead(tested, challengers, proposal, chosen)
        shown = {**shown, **{a: _mean(v) for a, v in tested[-1].items()}}
        loss = min(1.0, max(0.0, difference - SURE * error))
        if loss <= 0.0:  # no challenger's lead beyond the noise: the move played holds
            return Verdict(shown[chosen], chosen, shown[chosen], 0.0, shown, worlds, self.name, difference, error)
        return Verdict(shown[chosen], best, shown[best], loss, shown, worlds, self.name, difference, error)

    def lead(
        self,
        tested: Sequence[Mapping[int, Sequence[float]]],
        challengers: Sequence[int],
        proposal: int | None,
        chosen: int,
    ) -> tuple[int, float, float]:
        """The best challenger on the test worlds, its lead over the move played and the lead's
        standard error, on the loss' scale: of the readings the measure judges by (the margin's,
        the value's), the one whose loss (lead less `SURE` errors) is the larger. A margin in scale units
        counts half (the value's slope in an even round)."""
        found: tuple[float, int, float, float] | None = None
        for reading in tested[:-1] if self.measure == MARGIN else tested:
            best = _best(reading, challengers, proposal)
            difference, error = paired_difference(reading[best], reading[chosen])
            if reading is not tested[-1]:  # the margin's
                difference, error = difference / 2, error / 2
            if found is None or difference - SURE * error > found[0]:
                found = (difference - SURE * error, best, difference, error)
        assert found is not None
        return found[1], found[2], found[3]

    def confirm(self, position: Position, better: int) -> tuple[float, float, int]:
        """Whether `better` beats the move played on paired rollouts: its lead in value over
        the move played, the lead's standard error and the worlds rolled out: the most a
        close decision gets (`test` worlds and `more` times as many again), as only the
        few decisions a network calls a mistake are confirmed. The worlds are seeded by the
        position alone."""
        self.rng.seed(position.seed)
        worlds = self.budget.test * (1 + self.budget.more)
        tested = self.values(position, (position.chosen, better), worlds)[-1]
        difference, error = paired_difference(tested[better], tested[position.chosen])
        return difference, error, worlds

    def close(self, difference: float, error: float) -> bool:
        """Whether the mistake or the blunder threshold lies within a standard error of the
        loss (the lead less `SURE` errors): more worlds then decide the label."""
        loss = difference - SURE * error
        bounds = (self.thresholds.mistake, self.thresholds.blunder)
        return difference > 0 and any(loss - error < bound <= loss + error for bound in bounds)

    def challengers(self, position: Position, *readings: Mapping[int, float]) -> tuple[list[int], int | None]:
        """The moves that meet the one played on fresh worlds: in each reading of the screen
        (each arm's mean), its best `CHALLENGERS` that did better than the move played there;
        and the game's heuristic's own choice (a strong prior the few screening worlds may have
        missed), returned apart too when it is among them."""
        chosen = position.chosen
        found: list[int] = []
        for means in readings:
            ranked = sorted((a for a in position.arms if a != chosen), key=lambda a: -means[a])
            found += [a for a in ranked[:CHALLENGERS] if means[a] > means[chosen] and a not in found]
        proposal = self.proposal(position)
        if proposal is None or proposal == chosen:
            return found, None
        if proposal not in found:
            found.append(proposal)
        return found, proposal

    def proposal(self, position: Position) -> int | None:
        """The heuristic's move here as an arm (PASS for letting a window go by), if it is one."""
        bot = self.bot
        if bot is None or bot.guide is None or position.plans is not None:
            return None
        decision = bot.guide.decide(position.obs)
        arm = PASS if decision is None else decision.action
        return arm if arm in position.arms else None

    def values(self, position: Position, arms: Sequence[int], worlds: int) -> list[dict[int, list[float]]]:
        """Each arm on `worlds` sampled worlds, the same for every arm
        (tapete.bots.search.paired_values, with PASS: the window goes by without the seat):
        the readings of the game's loss measure, the seat's values last; with a margin
        measure, first its score margin at the horizon over the margin scale."""
        bot = self.bot
        assert bot is not None, "start() first"
        evaluator = bot.evaluator
        rollouts = evaluator.rollouts
        assert isinstance(rollouts, HeuristicRollouts)
        rollouts.freeze()
        obs, seat, plans, cfg = position.obs, position.obs.seat, position.plans, self.config
        rng = self.rng
        values: dict[int, list[float]] = {a: [] for a in arms}
        margins: dict[int, list[float]] = {a: [] for a in arms}
        for w in range(worlds):
            world = obs.sample(rng)
            if w == 0:
                evaluator.begin(obs, world, cfg)
            seed = rng.getrandbits(32)
            templates = rollouts.others_first(world, seat, random.Random(seed))
            for arm in arms:
                state = world.clone()
                events: list[Event] = []
                if arm == PASS:
                    events += _let_pass(state, seat, rollouts, random.Random(seed), templates)
                else:
                    for action in plans[arm] if plans is not None else (arm,):
                        events += state.apply(seat, action)
                values[arm].append(evaluator.evaluate(state, events, cfg, random.Random(seed), templates)[seat])
                if self.measure != VALUE:
                    margins[arm].append(self.margin(state, evaluator.root_scores, seat))
        return [values] if self.measure == VALUE else [margins, values]

    def margin(self, state: State, root: Sequence[float] | None, seat: int) -> float:
        """The seat's score gain since the decision over the others' mean gain, in margin-scale units."""
        n = state.num_players
        scores = view_scores(state.view(None), n)
        if scores is None or root is None or n < 2:
            return 0.0
        gained = [self.game.score_sense * (s - r) for s, r in zip(scores, root, strict=True)]
        mine = gained[seat]
        return (mine - (sum(gained) - mine) / (n - 1)) / self.margin_scale


def _let_pass(state: State, seat: int, rollouts: HeuristicRollouts, rng: random.Random, templates: Any) -> list[Event]:
    """What happens next when `seat` lets the window go by: the others' rollout bots race as
    ever, the seat stays silent for this one action."""
    bots: list[Bot | None] = list(rollouts.bots(state, rng, templates))
    bots[seat] = _Silent()
    who, action = policy_move(state, bots, rng)
    return state.apply(who, action)


class NetworkEvaluator(Evaluator):
    """The learned bot's network scores the candidates; the search judges where it does not decide,
    and confirms the network's mistakes (`SearchEvaluator.confirm`): the network alone labelled a
    heuristic seat's Nacho Loco placements error or worse almost as often as a random seat's
    (seeds 11-30: 3.9 % against 6.6 % from 0.12), the confirmed leads 0.9 % against 4.9 % (from
    0.10; docs/analysis.md)."""

    name = "network"

    def __init__(self, game: Game, fallback: SearchEvaluator, network: models.QNetwork | None = None) -> None:
        self.game = game
        self.fallback = fallback
        self.network = network
        self.bot: LearnedBot | None = None

    def start(self, seat: int, num_players: int, options: Any) -> None:
        self.bot = LearnedBot(self.game, random.Random(0), self.network)
        self.bot.start(seat, num_players, options)
        self.fallback.start(seat, num_players, options)

    def observe(self, events: Sequence[Event]) -> None:
        assert self.bot is not None, "start() first"
        self.bot.observe(events)
        self.fallback.observe(events)

    def judge(self, position: Position) -> Verdict:
        bot = self.bot
        assert bot is not None, "start() first"
        obs = position.obs
        if PASS in position.arms:
            return self.fallback.judge(position)
        guided = bot.guide.decide(obs)  # the heuristic's move here (an input of the network)
        proposal = guided.action if guided is not None else None
        arms = network_arms(obs, self.game, proposal)
        if arms is None:
            return self.fallback.judge(position)
        if position.plans is not None:
            index = {plan: i for i, plan in enumerate(position.plans)}
            mine = [index.get(tuple(arm)) if not isinstance(arm, int) else None for arm in arms]
        else:
            mine = [arm if isinstance(arm, int) else None for arm in arms]
        if position.chosen not in mine or None in mine:
            return self.fallback.judge(position)
        scores = bot.scores(obs, arms, proposal)
        values = {int(arm): float(score) for arm, score in zip(mine, scores, strict=True) if arm is not None}
        chosen = position.chosen
        best = max(values, key=lambda a: (values[a], a == chosen))
        lead = values[best] - values[chosen]
        if lead < self.fallback.thresholds.mistake:
            return Verdict(values[chosen], best, values[best], max(0.0, lead), values, 0, self.name, lead)
        difference, error, worlds = self.fallback.confirm(position, best)
        if difference - SURE * error > 0:  # the rollouts are sure the network's move is the better one
            return Verdict(values[chosen], best, values[best], lead, values, worlds, CONFIRMED, lead, error)
        # Not confirmed: the network's lead may be its own error; an inaccuracy at most.
        loss = min(lead, self.fallback.thresholds.inaccuracy)
        return Verdict(values[chosen], best, values[best], loss, values, worlds, UNCONFIRMED, lead, error)


def make_evaluator(game: Game, budget: Budget, margin_scale: float) -> Evaluator:
    """The network where the game ships a model that loads and judges, else the search. A model's
    card may say `"judges": false`: a network can play well yet value rare decisions badly (Bacan's,
    trained on 1,035 decisions, called the hand-built blunder of calling with 9 points an
    inaccuracy), so the search stays the judge until the network is measured to be a better one."""
    search = SearchEvaluator(game, budget, margin_scale)
    if models.available(game.id) and models.read_info(game.id).meta.get("judges", True):
        return NetworkEvaluator(game, search)
    return search
