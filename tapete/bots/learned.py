"""The learned bot (`learned`, shown as "Experto / Expert"): a network scores
the seat's candidate moves from its information state, with numpy alone.

It decides where the search levels search: a required decision with a
choice that the game says is worth a search (`SearchHints.searches`), over
single actions or the game's plans (WANTED's gangs). Elsewhere - optional
reaction windows, the later steps of a plan, Buracco's meld being built -
the game's heuristic bot decides, as it does for the search levels. Both
hear only the events told to the seat.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from tapete.engine import Bot, Decision, Event, Game, Observation
from tapete.engine.encoding import InfoEncoder
from tapete.models import QNetwork, load


def move_rows(
    encoder: InfoEncoder, view: dict[str, Any], arms: Sequence[int | Sequence[int]], proposal: int | None
) -> np.ndarray:
    """The arms' rows for the network: the encoder's features and one more column, 1 where the
    game's heuristic proposes the arm (its first action, for a plan). The network learns when
    the heuristic is right and when another move is worth more."""
    base = encoder.action_features(view, arms)
    rows = np.zeros((len(arms), base.shape[1] + 1), dtype=np.float32)
    rows[:, :-1] = base
    for i, arm in enumerate(arms):
        if arm == proposal or (not isinstance(arm, int) and proposal is not None and arm[0] == proposal):
            rows[i, -1] = 1.0
    return rows


def network_sizes(encoder: InfoEncoder) -> tuple[int, int]:
    """The state and move sizes of the network for this encoder (see `move_rows`)."""
    return encoder.size, encoder.action_size + 1


class LearnedBot(Bot):
    name = "learned"

    def __init__(self, game: Game, rng: random.Random, network: QNetwork | None = None) -> None:
        self.game = game
        self.rng = rng
        self.network = network if network is not None else load(game.id)[0]
        self.guide = game.heuristic_bot(random.Random(rng.getrandbits(32)))
        self.encoder: InfoEncoder | None = None
        self._plan: list[int] = []
        self._state = np.zeros(0, dtype=np.float32)

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        self.guide.start(seat, num_players, options)
        self.encoder = self.game.encoder(seat, num_players, options)
        self._state = np.zeros(self.encoder.size, dtype=np.float32)
        self._plan = []

    def observe(self, events: Sequence[Event]) -> None:
        self.guide.observe(events)
        assert self.encoder is not None
        self.encoder.observe(events)

    def decide(self, obs: Observation) -> Decision | None:
        legal = obs.legal
        if not legal:
            return None
        step = self._plan_step(obs)
        if step is not None:
            return Decision(step)
        hints = self.game.search_hints
        if not obs.required or len(legal) == 1 or not hints.searches(obs.view, legal):
            return self.guide.decide(obs)
        plans = [tuple(p) for p in hints.plans(obs.view, legal)]
        arms: list[int | tuple[int, ...]] = list(plans) if plans else list(legal)
        scores = self.scores(obs, arms, self.proposal(obs))
        best = int(np.argmax(scores))
        if plans:
            chosen = plans[best]
            self._plan = list(chosen[1:])
            return Decision(chosen[0])
        return Decision(legal[best])

    def proposal(self, obs: Observation) -> int | None:
        """The heuristic's move here (an input of the network)."""
        decision = self.guide.decide(obs)
        return decision.action if decision is not None else None

    def scores(self, obs: Observation, arms: Sequence[int | Sequence[int]], proposal: int | None) -> np.ndarray:
        """The network's value of each arm for this seat, now."""
        encoder = self.encoder
        assert encoder is not None
        view = obs.view
        state = encoder.information_state(view, self._state)
        return self.network.scores(state, move_rows(encoder, view, arms, proposal))

    def policy(self, obs: Observation, temperature: float = 0.05) -> dict[int, float]:
        """A softmax over the legal actions' values (for `tapete.api.search` and studies)."""
        scores = self.scores(obs, obs.legal, self.proposal(obs))
        top = float(scores.max())
        weights = [math.exp((float(s) - top) / temperature) for s in scores]
        total = sum(weights)
        return {a: w / total for a, w in zip(obs.legal, weights, strict=True)}

    def _plan_step(self, obs: Observation) -> int | None:
        if not self._plan:
            return None
        if obs.required and self._plan[0] in obs.legal and not self.game.search_hints.plans(obs.view, obs.legal):
            return self._plan.pop(0)
        self._plan = []
        return None
