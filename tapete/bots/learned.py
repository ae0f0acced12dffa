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
from tapete.models import ModelError, QNetwork, load


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
        if arm == proposal or _starts(arm, proposal):
            rows[i, -1] = 1.0
    return rows


def network_arms(obs: Observation, game: Game, proposal: int | None) -> list[int | tuple[int, ...]] | None:
    """The moves the network chooses among at a decision, or None where the heuristic decides:
    optional windows, single moves, decisions the game does not search (`SearchHints.searches`),
    and reactions (a mirror claim races; the heuristic judges them, as for the search levels:
    a network must never be able to repeat a failed claim without end)."""
    legal = obs.legal
    hints = game.search_hints
    if not obs.required or len(legal) == 1 or not hints.searches(obs.view, legal):
        return None
    if proposal is not None and obs.is_reaction(proposal):
        return None
    plans = [tuple(p) for p in hints.plans(obs.view, legal)]
    if plans:
        return list(plans)
    arms: list[int | tuple[int, ...]] = [a for a in legal if not obs.is_reaction(a)]
    return arms if len(arms) > 1 else None


class LoopGuard:
    """Sees a decision come back unchanged: the network's move was undone by the heuristic that
    carries on after it (Buracco: a meld the network started, cancelled by a heuristic that did not
    plan it), or had no effect the seat could see. The second time, the heuristic decides."""

    __slots__ = ("seen",)

    def __init__(self) -> None:
        self.seen: set[bytes] = set()

    def repeated(self, state: np.ndarray) -> bool:
        key = state.tobytes()
        if key in self.seen:
            return True
        self.seen.add(key)
        return False


def _starts(arm: int | Sequence[int], action: int | None) -> bool:
    return not isinstance(arm, int) and action is not None and arm[0] == action


def network_sizes(encoder: InfoEncoder) -> tuple[int, int]:
    """The state and move sizes of the network for this encoder (see `move_rows`)."""
    return encoder.size, encoder.action_size + 1


Arm = int | tuple[int, ...]


class NetworkSeat(Bot):
    """A seat whose network-worthy decisions (`network_arms`) go to `choose`, the others to the
    game's heuristic: what the learned bot and the training actors share. It hears only the events
    told to its seat, keeps its encoder current and plays a chosen plan out."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.guide = game.heuristic_bot(random.Random(rng.getrandbits(32)))
        self.encoder: InfoEncoder | None = None
        self._plan: list[int] = []
        self._state = np.zeros(0, dtype=np.float32)
        self.loops = LoopGuard()

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        self.guide.start(seat, num_players, options)
        self.encoder = self.game.encoder(seat, num_players, options)
        self._state = np.zeros(self.encoder.size, dtype=np.float32)
        self._plan = []
        self.loops = LoopGuard()

    def observe(self, events: Sequence[Event]) -> None:
        self.guide.observe(events)
        assert self.encoder is not None
        self.encoder.observe(events)

    def decide(self, obs: Observation) -> Decision | None:
        if not obs.legal:
            return None
        step = self._plan_step(obs)
        if step is not None:
            return Decision(step)
        guided = self.guide.decide(obs)
        proposal = guided.action if guided is not None else None
        arms = network_arms(obs, self.game, proposal)
        if arms is None:
            return guided
        encoder = self.encoder
        assert encoder is not None
        state = encoder.information_state(obs.view, self._state)
        if self.loops.repeated(state):
            return guided
        rows = move_rows(encoder, obs.view, arms, proposal)
        return self.play(arms[self.choose(obs, arms, state, rows)])

    def choose(self, obs: Observation, arms: list[Arm], state: np.ndarray, rows: np.ndarray) -> int:
        """The index of the arm to play (the heuristic's proposal is the rows' last column)."""
        raise NotImplementedError

    def play(self, arm: Arm) -> Decision:
        """The decision that plays an arm (a plan: its first action now, the rest after)."""
        if isinstance(arm, tuple):
            self._plan = list(arm[1:])
            return Decision(arm[0])
        return Decision(arm)

    def _plan_step(self, obs: Observation) -> int | None:
        if not self._plan:
            return None
        if obs.required and self._plan[0] in obs.legal and not self.game.search_hints.plans(obs.view, obs.legal):
            return self._plan.pop(0)
        self._plan = []
        return None


def proposed(rows: np.ndarray) -> int | None:
    """The index of the heuristic's proposal among a decision's rows (see `move_rows`)."""
    found = np.flatnonzero(rows[:, -1] > 0)
    return int(found[0]) if len(found) else None


def shipped_network(game: Game) -> tuple[QNetwork, float]:
    """The game's shipped network and its override margin, checked against the game's encoder
    today (ModelError when it is missing, damaged, or made for another encoding)."""
    network, info = load(game.id)
    state = game.new_match(game.default_players, 0, {})
    sizes = network_sizes(game.encoder(0, state.num_players, state.options))
    if sizes != (network.state_size, network.action_size):
        raise ModelError(
            f"El modelo de {game.id} se entrenó con otra codificación del juego; hay que volver a entrenarlo.",
            f"The {game.id} model was trained on another encoding of the game; it must be trained again.",
        )
    return network, float(info.meta.get("override_margin", 0.0))


_OFFERED: dict[str, bool] = {}


def offers_learned(game: Game) -> bool:
    """Whether the `learned` level can be offered for a game (its model loads and fits);
    asked on every list of levels, so the answer is kept per game."""
    if game.id not in _OFFERED:
        try:
            fits = game.encoder_type is not None and bool(shipped_network(game))
        except ModelError:
            fits = False
        _OFFERED[game.id] = fits
    return _OFFERED[game.id]


class LearnedBot(NetworkSeat):
    name = "learned"

    def __init__(
        self, game: Game, rng: random.Random, network: QNetwork | None = None, margin: float | None = None
    ) -> None:
        super().__init__(game, rng)
        if network is None:
            network, shipped_margin = shipped_network(game)
            margin = shipped_margin if margin is None else margin
        self.network = network
        # How much more than the heuristic's proposal another move must be worth to be played
        # (the model card gives the margin its measured strength was played with).
        self.margin = margin or 0.0

    def choose(self, obs: Observation, arms: list[Arm], state: np.ndarray, rows: np.ndarray) -> int:
        scores = self.network.scores(state, rows)
        pick = int(np.argmax(scores))
        incumbent = proposed(rows)
        if self.margin > 0.0 and incumbent is not None and scores[pick] - scores[incumbent] <= self.margin:
            return incumbent
        return pick

    def scores(self, obs: Observation, arms: Sequence[Arm], proposal: int | None) -> np.ndarray:
        """The network's value of each arm for this seat, now."""
        encoder = self.encoder
        assert encoder is not None
        view = obs.view
        state = encoder.information_state(view, self._state)
        return self.network.scores(state, move_rows(encoder, view, arms, proposal))

    def policy(self, obs: Observation, temperature: float = 0.05) -> dict[int, float]:
        """A softmax over the legal actions' values (for `tapete.api.search` and studies)."""
        guided = self.guide.decide(obs)
        scores = self.scores(obs, obs.legal, guided.action if guided is not None else None)
        top = float(scores.max())
        weights = [math.exp((float(s) - top) / temperature) for s in scores]
        total = sum(weights)
        return {a: w / total for a, w in zip(obs.legal, weights, strict=True)}
