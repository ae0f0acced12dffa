"""Valuing a position the search reached: play it on to the horizon (random
or heuristic rollouts), then value what is there (win share, score margin or
rank, or the game's own horizon value).

Rollouts stop at the end of the current round by default (`horizon="round"`)
and the position is then valued from the spectator's scores: a seat's gain
since the root minus the others' mean gain, squashed as
0.5 + 0.5 tanh(margin / scale) with the scale the mean absolute margin this
search has seen (`value="margin"`; `value="rank"` uses ranks instead). A
finished match is valued by its outcome (the win share). Whether higher
scores are better is the game's `score_sense`. Where the margin says little
about who wins the match, the game may value the horizon itself
(`SearchHints.horizon_value`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from tapete.engine import Bot, Event, Game, Observation, State
from tapete.engine.turns import deliver

from .config import SearchConfig
from .copies import BotTemplate, shared_with_fresh
from .rollouts import bot_decision, policy_move, random_action


def view_scores(view: Mapping[str, Any], num_players: int) -> list[float] | None:
    """The per-seat match scores of a view, if it shows them as numbers."""
    scores = view.get("scores")
    if not isinstance(scores, list | tuple) or len(scores) != num_players:
        return None
    if not all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores):
        return None
    return [float(s) for s in scores]


def rank_values(scores: Sequence[float]) -> list[float]:
    """Each seat's rank in [0, 1]: 1 above everyone, 0 below everyone, ties halved."""
    n = len(scores)
    if n < 2:
        return [0.5] * n
    values = []
    for s in scores:
        better = sum(1 for t in scores if s > t)
        tied = sum(1 for t in scores if s == t) - 1
        values.append((better + 0.5 * tied) / (n - 1))
    return values


class Valuer:
    """Each seat's value in [0, 1] of a position at the horizon."""

    def __init__(self, game: Game) -> None:
        self.sense = game.score_sense
        self.hints = game.search_hints
        self.reset_scale()

    def reset_scale(self) -> None:
        self._margin_sum = 0.0
        self._margin_count = 0

    def values(self, state: State, root_scores: list[float] | None, cfg: SearchConfig) -> list[float]:
        n = state.num_players
        if state.is_terminal():
            returns = state.outcome().returns(n)
            weight = cfg.terminal_margin
            margins = self.score_values(state.view(None), n, root_scores, cfg) if weight > 0 else None
            if margins is None:
                return returns
            return [(1 - weight) * r + weight * m for r, m in zip(returns, margins, strict=True)]
        view = state.view(None)
        chances = self.hints.horizon_value(view)
        if chances is not None:
            return list(chances)
        return self.score_values(view, n, root_scores, cfg) or [0.5] * n

    def score_values(
        self, view: Mapping[str, Any], n: int, root_scores: list[float] | None, cfg: SearchConfig
    ) -> list[float] | None:
        """Each seat's value from the spectator's scores, or None if the view shows none."""
        scores = view_scores(view, n)
        if scores is None:
            return None
        sense = self.sense
        if root_scores is None:
            return rank_values([sense * s for s in scores])
        gained = [sense * (s - r) for s, r in zip(scores, root_scores, strict=True)]
        if cfg.value == "rank":
            standing = rank_values([sense * s for s in scores])
            return [(a + b) / 2 for a, b in zip(standing, rank_values(gained), strict=True)]
        return self.margin_values(gained, cfg.margin_scale)

    def margin_values(self, gained: list[float], fixed_scale: float | None = None) -> list[float]:
        """0.5 + 0.5 tanh(margin / scale): a seat's gain over the others' mean gain,
        on the scale of the margins this search has seen so far (or a fixed one)."""
        n = len(gained)
        if n < 2:
            return [0.5] * n
        total = sum(gained)
        margins = [g - (total - g) / (n - 1) for g in gained]
        if fixed_scale is not None:
            scale = fixed_scale
        else:
            self._margin_sum += sum(abs(m) for m in margins)
            self._margin_count += n
            scale = self._margin_sum / self._margin_count or 1.0
        tanh = math.tanh
        return [0.5 + 0.5 * tanh(m / scale) for m in margins]


Templates = Sequence[BotTemplate | None]


class Rollouts(Protocol):
    """How a sampled world is played on to the horizon."""

    def freeze(self) -> None: ...

    def others_first(self, world: State, seat: int, rng: random.Random) -> Templates | None: ...

    def play(
        self,
        state: State,
        root_round: int | None,
        cfg: SearchConfig,
        since_root: Sequence[Event],
        rng: random.Random,
        templates: Templates | None = None,
    ) -> None: ...


def at_horizon(state: State, root_round: int | None) -> bool:
    return state.is_terminal() or (root_round is not None and state.round_index() != root_round)


class RandomRollouts:
    """Uniformly random legal moves; an optional seat reacts now and then."""

    def freeze(self) -> None:
        return None

    def others_first(self, world: State, seat: int, rng: random.Random) -> Templates | None:
        return None

    def play(
        self,
        state: State,
        root_round: int | None,
        cfg: SearchConfig,
        since_root: Sequence[Event],
        rng: random.Random,
        templates: Templates | None = None,
    ) -> None:
        react = cfg.rollout_react_chance
        for _ in range(cfg.max_rollout_actions):
            if at_horizon(state, root_round):
                break
            random_action(state, rng, react)


class HeuristicRollouts:
    """Every seat played by the game's heuristic bot (or the game's cheaper
    `SearchHints.rollout_bot` for the other seats).

    The bots start as copies of shadows: bots that followed the match from
    the searching seat's side, its own (every event it saw) and one per other
    seat (public events only), so the rollout bots remember the match.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.shadows: list[Bot | None] = []  # None where a bot could not follow
        # per shadow, the objects it shares with any freshly started bot
        # (cached tables, the options): copies of the shadow share them too
        self.shared: list[dict[int, Any]] = []
        self.templates: list[BotTemplate | None] = []

    def rollout_bot(self, rng: random.Random) -> Bot:
        bot = self.game.search_hints.rollout_bot(rng)
        return bot if bot is not None else self.game.heuristic_bot(rng)

    def follow(self, seat: int, num_players: int, options: Any, own: Bot | None, rng: random.Random) -> None:
        """Start a shadow per seat; `own` (the guide) shadows `seat` if given."""
        self.shadows, self.shared = [], []
        for other in range(num_players):
            if other == seat and own is not None:
                shadow = own
            else:
                shadow = self.rollout_bot(random.Random(rng.getrandbits(32)))
                shadow.start(other, num_players, options)
            reference = self.rollout_bot(random.Random(0))
            reference.start(other, num_players, options)
            self.shared.append(shared_with_fresh(shadow, reference))
            self.shadows.append(shadow)

    def observe(self, events: Sequence[Event], own: Bot | None) -> None:
        """The other seats' shadows hear the public events (`own` hears its seat's itself)."""
        public = [e for e in events if e.audience is None]
        if not public:
            return
        for shadow in self.shadows:
            if shadow is not None and shadow is not own:
                shadow.observe(public)

    def freeze(self) -> None:
        """Snapshot the shadows once per search: rollouts start from copies."""
        self.templates = [
            BotTemplate(shadow, shared) if shadow is not None else None
            for shadow, shared in zip(self.shadows, self.shared, strict=True)
        ]

    def bots(self, state: State, rng: random.Random, templates: Templates | None = None) -> list[Bot]:
        """A bot per seat: a copy of the seat's template (its shadow) or a fresh
        one (which starts from its seat's view, as heuristics can mid-match)."""
        templates = self.templates if templates is None else templates
        n = state.num_players
        bots: list[Bot] = []
        for seat in range(n):
            template = templates[seat] if seat < len(templates) else None
            if template is not None:
                bot = template.make(rng)
            else:
                bot = self.rollout_bot(random.Random(rng.getrandbits(32)))
                bot.start(seat, n, state.options)
            bots.append(bot)
        return bots

    def others_first(self, world: State, seat: int, rng: random.Random) -> Templates | None:
        """In a simultaneous choice (several required seats, no reaction
        window) the others cannot see what `seat` chooses, so their rollout
        bots choose first, once per world, and every arm starts from there:
        paired arms then differ only by what follows the seat's own choice,
        at a fraction of the cost. Returns the bots frozen after choosing (the
        world is advanced in place), or None when nobody else had to choose."""
        bots: list[Bot] | None = None
        while not world.is_terminal():
            required = world.required_actors()
            if seat not in required or len(required) < 2 or len(world.actors()) != len(required):
                break
            bots = bots or self.bots(world, rng)
            other = next(s for s in required if s != seat)
            decision = bot_decision(world, bots, other, rng)
            if decision is None:
                break
            deliver(world.apply(other, decision.action), bots)
        if bots is None:
            return None
        shared = self.shared or [{} for _ in bots]
        return [BotTemplate(b, sh) for b, sh in zip(bots, shared, strict=True)]

    def play(
        self,
        state: State,
        root_round: int | None,
        cfg: SearchConfig,
        since_root: Sequence[Event],
        rng: random.Random,
        templates: Templates | None = None,
    ) -> None:
        """The bots first hear what happened between the root (or the
        `templates`' moment) and `state` (`since_root`), then the rollout's events."""
        bots = self.bots(state, rng, templates)
        deliver(since_root, bots)
        for _ in range(cfg.max_rollout_actions):
            if at_horizon(state, root_round):
                break
            seat, action = policy_move(state, bots, rng)
            deliver(state.apply(seat, action), bots)


class Evaluator:
    """Rolls a position out to the horizon and values it, for one seat's searches."""

    def __init__(self, game: Game, rng: random.Random, rollouts: Rollouts) -> None:
        self.game = game
        self.rng = rng
        self.rollouts = rollouts
        self.valuer = Valuer(game)
        self.root_scores: list[float] | None = None
        self.root_round: int | None = None

    def begin(self, obs: Observation, world: State, cfg: SearchConfig, keep_scale: bool = False) -> None:
        """A new search from `obs` (`world`: its first sampled world). `keep_scale`
        values margins on the previous search's scale (a second stage of one decision)."""
        self.root_scores = view_scores(obs.view, obs.num_players)
        self.root_round = world.round_index() if cfg.horizon == "round" else None
        if not keep_scale:
            self.valuer.reset_scale()

    def evaluate(
        self,
        state: State,
        since_root: Sequence[Event],
        cfg: SearchConfig,
        rng: random.Random | None = None,
        templates: Templates | None = None,
    ) -> list[float]:
        """Each seat's value of `state` after a rollout (which advances it in place)."""
        self.rollouts.play(state, self.root_round, cfg, since_root, rng or self.rng, templates)
        return self.valuer.values(state, self.root_scores, cfg)


def make_evaluator(game: Game, rng: random.Random, cfg: SearchConfig) -> Evaluator:
    rollouts: Rollouts = HeuristicRollouts(game) if cfg.rollout == "heuristic" else RandomRollouts()
    return Evaluator(game, rng, rollouts)
