"""A uniformly random player for any game."""

from __future__ import annotations

import random

from tapete.engine import Bot, Decision, Observation


class RandomBot(Bot):
    """Picks uniformly among the legal actions.

    In an optional window (a mirror it need not claim) it acts with
    probability `react_chance`, otherwise lets the window pass; its delay is
    uniform in [0.2, 3.0] simulated seconds.
    """

    name = "random"

    def __init__(self, rng: random.Random, react_chance: float = 0.25) -> None:
        self.rng = rng
        self.react_chance = react_chance

    def decide(self, obs: Observation) -> Decision | None:
        if not obs.legal:
            return None
        if not obs.required and self.rng.random() >= self.react_chance:
            return None
        return Decision(self.rng.choice(obs.legal), self.rng.uniform(0.2, 3.0))
