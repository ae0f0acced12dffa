"""How a search bot thinks: its settings, the named levels, and a game's own
settings for a level (SearchHints.level_settings)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tapete.engine import Game


@dataclass(frozen=True)
class SearchConfig:
    """How long and how a search bot thinks.

    `iterations` bounds a search; `millis`, when set, bounds it by wall time
    instead. An optional decision (a reaction the seat may skip) gets
    `optional_share` of the budget. `reaction_delay` is the simulated time
    the bot takes to claim a reaction.
    """

    iterations: int = 600
    millis: float | None = None
    exploration: float = 0.7
    horizon: str = "round"  # "round" | "match"
    max_rollout_actions: int = 2_000
    rollout_react_chance: float = 0.1
    optional_share: float = 0.25
    reaction_delay: float = 0.8
    turn_delay: float = 1.0
    value: str = "margin"  # "margin" | "rank"
    # The margin that tanh squashes to 0.88 of the way to a win: None takes the mean margin the
    # decision's rollouts saw (values compare moves within one decision); a fixed number makes
    # values comparable across decisions (training targets, analysis).
    margin_scale: float | None = None
    # A finished match is worth its win share, blended with this weight of
    # the score margin: a few worlds then tell close moves apart by more
    # than win or loss (WANTED ends in every rollout).
    terminal_margin: float = 0.0
    rollout: str = "random"  # "random" | "heuristic" (the game's own bot plays every seat)
    max_depth: int = 1_000  # tree levels below the root; 1 = flat Monte Carlo over the root's arms
    # The game's heuristic bot, fed the seat's own events, proposes a move; the
    # search overrides it only when an arm's mean beats it by `override_margin`
    # standard errors. Optional windows then follow the heuristic unsearched.
    guide: bool = False
    override_margin: float = 1.0
    # With a guide: compare the arms on the same worlds and rollout randomness
    # (common random numbers) instead of a tree search: the
    # PolicyImprovementBot, not ISMCTS.
    paired: bool = False
    # Paired comparisons sample this many worlds (each rolls out every legal
    # move); None: `iterations` rollouts in all, divided among the moves.
    worlds: int | None = None
    # Screened paired comparisons: every legal move is rolled out on `screen`
    # worlds, then only the best-scoring challenger meets the proposal on
    # `worlds` fresh ones (None: one set of worlds, split in halves).
    screen: int | None = None
    screen_rollouts: int = 10_000  # fewer screening worlds when there are many moves (at least 2)
    # More worlds (up to `max_screen` and `max_worlds`) while the decision has
    # used less than this much of its thread's CPU time: cheap rollouts buy
    # surer comparisons, expensive ones stop at the counts above.
    think_millis: float = 0.0
    max_screen: int = 16
    max_worlds: int = 32
    # A wall-time cap on one decision, whatever the iterations say (slow games:
    # a Bacan round is long); it makes play depend on the machine's speed.
    max_millis: float | None = None

    def __post_init__(self) -> None:
        if self.horizon not in ("round", "match"):
            raise ValueError(f"horizon must be 'round' or 'match', not {self.horizon!r}")
        if self.rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random' or 'heuristic', not {self.rollout!r}")
        if self.iterations < 1 and self.millis is None:
            raise ValueError("a search needs iterations >= 1 or a time budget")
        if self.paired and not self.guide:
            raise ValueError("paired comparisons test a guide's proposal: paired needs guide")


# easy: a plain ISMCTS with random rollouts and a small budget. normal and
# hard are not tree search but one rollout policy-improvement step
# (PolicyImprovementBot): the game's heuristic proposes; legal moves are tried
# on the same sampled worlds with heuristic rollouts to the end of the round,
# and a move that beats the proposal by half a standard error of the paired
# differences replaces it. normal screens every move on 4 worlds (2 or 3 when
# there are more than 8 moves), then tests only the best challenger on 8 fresh
# worlds (stopping after 4 if it shows no advantage); while a decision has
# used under 100 ms of CPU it adds worlds (up to 16 screening, 32 testing).
# hard tries every move on 48 worlds. The names are the bot kinds people pick
# (`ismcts-easy`, `ismcts`, `ismcts-hard`).
LEVELS: dict[str, SearchConfig] = {
    "easy": SearchConfig(iterations=100, reaction_delay=1.2),
    "normal": SearchConfig(
        iterations=60,
        worlds=8,
        screen=4,
        screen_rollouts=32,
        think_millis=100.0,
        terminal_margin=0.5,
        rollout="heuristic",
        max_depth=1,
        guide=True,
        paired=True,
        override_margin=0.5,
        max_millis=1_000.0,
    ),
    "hard": SearchConfig(
        iterations=200,
        worlds=48,
        rollout="heuristic",
        max_depth=1,
        guide=True,
        paired=True,
        override_margin=0.5,
        reaction_delay=0.6,
        max_millis=4_000.0,
    ),
}


def level_config(game: Game, level: str, options: Any = None) -> SearchConfig:
    """The level's config with the game's own settings for it and the match's
    options (`SearchHints.level_settings`; options None before they are
    known). Budget and valuation fields only: the horizon and the guide are
    fixed when the bot is made."""
    overrides = game.search_hints.level_settings(level, options)
    return replace(LEVELS[level], **overrides) if overrides else LEVELS[level]
