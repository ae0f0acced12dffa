"""The search players: ISMCTS (a tree search, the `ismcts-easy` level) and
the rollout policy-improvement bot (the `ismcts` and `ismcts-hard` levels:
the game's heuristic proposes, paired rollouts may overrule it).

With a guide (`SearchConfig.guide`) the game's heuristic bot, fed the seat's
own events like any bot, proposes each move, and the search overrides the
proposal only when a move beats it clearly; optional windows follow the
proposal unsearched (they come after every action in Bacan, and searching
each would cost more than the whole rest of the match). A game may leave
more decisions to the proposal (`SearchHints.searches`), and where one
decision starts several actions a seat takes in a row whose order does not
matter (WANTED's three cards of a gang), it may offer the whole sets
(`SearchHints.plans`): the paired comparisons then compare plans, not first
steps, and the chosen plan is played out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from tapete.engine import Bot, Decision, Event, Game, Observation
from tapete.engine.turns import deliver

from .config import SearchConfig, level_config
from .evaluators import HeuristicRollouts, make_evaluator
from .paired import MIN_WORLDS_TO_OVERRIDE, beats, paired_choice, paired_values, screen_winner
from .tree import ISMCTS, PASS, best_arm, clearly_better


class SearchBot(Bot):
    """What both search players share: the guide, the rollout shadows that
    follow the match, and the level's settings for the match's options."""

    def __init__(self, game: Game, rng: random.Random, config: SearchConfig, level: str | None = None) -> None:
        self.game = game
        self.rng = rng  # the search's own: the real match is never touched
        self.level = level  # a named level takes the game's settings for the match's options at start
        self.config = config
        self.evaluator = make_evaluator(game, rng, config)
        self.guide = game.heuristic_bot(random.Random(rng.getrandbits(32))) if config.guide else None
        self.iterations_done = 0  # rollouts played, for tests and benchmarks

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        if self.level is not None:
            self.config = level_config(self.game, self.level, options)
        if self.guide is not None:
            self.guide.start(seat, num_players, options)
        rollouts = self.evaluator.rollouts
        if isinstance(rollouts, HeuristicRollouts):
            rollouts.follow(seat, num_players, options, self.guide, self.rng)

    def observe(self, events: Sequence[Event]) -> None:
        if self.guide is not None:
            self.guide.observe(events)
        rollouts = self.evaluator.rollouts
        if isinstance(rollouts, HeuristicRollouts):
            rollouts.observe(events, self.guide)

    def _worth_searching(self, obs: Observation) -> bool:
        return self.game.search_hints.searches(obs.view, obs.legal)


class ISMCTSBot(SearchBot):
    """A player that searches with ISMCTS at every decision."""

    name = "ismcts"

    def __init__(self, game: Game, rng: random.Random, config: SearchConfig, level: str | None = None) -> None:
        super().__init__(game, rng, config, level)
        self.tree = ISMCTS(config, rng, self.evaluator)

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        self.tree.config = self.config

    def decide(self, obs: Observation) -> Decision | None:
        legal = obs.legal
        if not legal:
            return None
        cfg = self.config
        if obs.required and len(legal) == 1:
            return Decision(legal[0], cfg.turn_delay)
        proposal: Decision | None = None
        if self.guide is not None:
            proposal = self.guide.decide(obs)
            if not obs.required or not self._worth_searching(obs):
                return proposal
        budget = cfg
        if not obs.required:
            budget = replace(
                cfg,
                iterations=max(1, int(cfg.iterations * cfg.optional_share)),
                millis=cfg.millis * cfg.optional_share if cfg.millis is not None else None,
            )
        before = self.tree.iterations_done
        arms = self.tree.search(obs, budget)
        self.iterations_done += self.tree.iterations_done - before
        action = best_arm(arms, legal, obs.required, self.rng)
        if proposal is not None and not clearly_better(arms, action, proposal.action, cfg.override_margin):
            action = proposal.action
        if action == PASS:
            return None
        delay = cfg.reaction_delay if not obs.required else cfg.turn_delay
        return Decision(action, delay)


class PolicyImprovementBot(SearchBot):
    """One rollout policy-improvement step at every decision: the game's
    heuristic proposes, every legal move (or plan) is rolled out on the same
    sampled worlds, and a move that beats the proposal by `override_margin`
    standard errors of the paired differences replaces it."""

    name = "policy-improvement"  # the bot kinds people pick for it: ismcts, ismcts-hard

    def __init__(self, game: Game, rng: random.Random, config: SearchConfig, level: str | None = None) -> None:
        if not config.paired:
            raise ValueError("the policy-improvement bot compares paired rollouts: config.paired must be set")
        super().__init__(game, rng, config, level)
        self._plan: list[int] = []  # the rest of a plan being played out

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        self._plan = []

    def decide(self, obs: Observation) -> Decision | None:
        legal = obs.legal
        if not legal:
            return None
        cfg = self.config
        step = self._plan_step(obs)
        if step is not None:
            return Decision(step, cfg.turn_delay)
        if obs.required and len(legal) == 1:
            return Decision(legal[0], cfg.turn_delay)
        assert self.guide is not None  # paired implies guide (SearchConfig)
        proposal = self.guide.decide(obs)
        if proposal is None or not obs.required or not self._worth_searching(obs):
            return proposal
        plans = self._plans(obs)
        if plans:
            action = self._plan_decision(obs, plans, proposal.action, cfg)
        else:
            action = self._paired_decision(obs, legal, proposal.action, cfg)
        if action == proposal.action:
            return proposal  # with the heuristic's own timing
        return Decision(action, cfg.turn_delay)

    # -- plans: several actions in a row, chosen as one --------------------------------
    def _plans(self, obs: Observation) -> list[tuple[int, ...]]:
        return [tuple(p) for p in self.game.search_hints.plans(obs.view, obs.legal)]

    def _plan_step(self, obs: Observation) -> int | None:
        """The next action of the plan being played out, while the game says
        the seat is still inside it (it offers no new plans) and it is legal."""
        if not self._plan:
            return None
        if obs.required and self._plan[0] in obs.legal and not self._plans(obs):
            return self._plan.pop(0)
        self._plan = []
        return None

    def _plan_decision(self, obs: Observation, plans: list[tuple[int, ...]], proposal: int, cfg: SearchConfig) -> int:
        """Compare whole plans, the guide's own among them; keep the chosen
        plan's other actions to play out, and return its first action (the
        proposal first when the plan holds it, to keep the guide's timing)."""
        own = self._guide_plan(obs, proposal, len(plans[0]))
        known = {tuple(sorted(p)): i for i, p in enumerate(plans)}
        incumbent = known.get(tuple(sorted(own)))
        if incumbent is None:
            plans = [*plans, own]
            incumbent = len(plans) - 1
        arms = list(range(len(plans)))
        chosen = plans[self._paired_decision(obs, arms, incumbent, cfg, plans)]
        if proposal in chosen:
            chosen = (proposal, *(a for a in chosen if a != proposal))
        self._plan = list(chosen[1:])
        return chosen[0]

    def _guide_plan(self, obs: Observation, proposal: int, length: int) -> tuple[int, ...]:
        """What the guide would play in a row after `proposal`, asked on a
        sampled world (a plan's actions do not depend on what it cannot see)."""
        rollouts = self.evaluator.rollouts
        if not isinstance(rollouts, HeuristicRollouts):
            return (proposal,)
        rollouts.freeze()
        template = rollouts.templates[obs.seat] if rollouts.templates else None
        if template is None:
            return (proposal,)
        world = obs.sample(self.rng)
        bot = template.make(self.rng)
        steps = [proposal]
        deliver(world.apply(obs.seat, proposal), {obs.seat: bot})
        while len(steps) < length and obs.seat in world.required_actors():
            decision = bot.decide(Observation(world, obs.seat))
            if decision is None or decision.action not in world.legal_actions(obs.seat):
                break
            steps.append(decision.action)
            deliver(world.apply(obs.seat, decision.action), {obs.seat: bot})
        return tuple(steps)

    def _paired(
        self,
        obs: Observation,
        arms: Sequence[int],
        cfg: SearchConfig,
        worlds: int | None = None,
        keep_scale: bool = False,
        more: Callable[[int], bool] | None = None,
        plans: Sequence[Sequence[int]] | None = None,
    ) -> dict[int, list[float]]:
        values = paired_values(self.evaluator, obs, arms, cfg, worlds, keep_scale, more, plans)
        self.iterations_done += len(values[arms[0]]) * len(arms)
        return values

    def _paired_decision(
        self,
        obs: Observation,
        legal: Sequence[int],
        proposal: int,
        cfg: SearchConfig,
        plans: Sequence[Sequence[int]] | None = None,
    ) -> int:
        """The proposal, or a legal move (with `plans`: a plan's index) that
        beats it on paired worlds."""
        if cfg.screen is None:
            return paired_choice(self._paired(obs, legal, cfg, plans=plans), proposal, cfg.override_margin)
        start = time.thread_time()
        think = cfg.think_millis / 1000.0

        def more(share: float, cap: int, before: int = 0) -> Callable[[int], bool]:
            return lambda done: before + done < cap and time.thread_time() - start < think * share

        screen = max(2, min(cfg.screen, cfg.screen_rollouts // len(legal)))
        screened = self._paired(obs, legal, cfg, screen, more=more(0.5, cfg.max_screen), plans=plans)
        challenger = screen_winner(screened, proposal, screen)
        if challenger is None:
            return proposal
        pair = [proposal, challenger]
        test = cfg.worlds or MIN_WORLDS_TO_OVERRIDE
        first = self._paired(obs, pair, cfg, test // 2, keep_scale=True, plans=plans)
        if sum(first[challenger]) <= sum(first[proposal]):
            return proposal  # no sign of an advantage on the first half
        rest = test - test // 2
        second = self._paired(obs, pair, cfg, rest, True, more(1.0, cfg.max_worlds, test // 2), plans)
        tested = {a: first[a] + second[a] for a in pair}
        return challenger if beats(tested[challenger], tested[proposal], cfg.override_margin) else proposal


def make_search_bot(game: Game, rng: random.Random, config: SearchConfig, level: str | None = None) -> SearchBot:
    """The search player a config describes: paired comparisons or a tree."""
    if config.paired:
        return PolicyImprovementBot(game, rng, config, level)
    return ISMCTSBot(game, rng, config, level)


def search_bot_factory(level: str) -> Callable[[Game, random.Random], Bot]:
    """The factory of a named level's bot kind (`ismcts-easy`, `ismcts`, `ismcts-hard`)."""
    return lambda game, rng: make_search_bot(game, rng, level_config(game, level), level)
