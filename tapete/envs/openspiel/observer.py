"""What a seat knows, as OpenSpiel's observers: strings from views and events,
tensors from the game's information-state encoder."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from tapete.engine.encoding import InfoEncoder

if TYPE_CHECKING:
    from .game import TapeteSpielGame, TapeteSpielState

PRIVATE = pyspiel.PrivateInfoType


class TapeteObserver:
    """OpenSpiel's observer (`make_py_observer`) from views, events and the
    game's encoder:

    - `private_info=SINGLE_PLAYER`: the seat's view; with `perfect_recall` its
      story too, and the encoder's `information_state(view)` as the tensor, else
      its `observation(view)`;
    - `NONE`: the spectators' view (`view(None)`) and, with `perfect_recall`,
      the public events; the tensor is the seat's encoder fed only those;
    - `ALL_PLAYERS`: every seat's own, one after the other (seat 0 first).

    A game without an encoder has no tensor (`tensor` is None)."""

    def __init__(self, game: TapeteSpielGame, recall: bool, private: Any) -> None:
        self.game = game
        self.recall = recall
        self.private = private
        probe = game.encoder_probe
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if probe is not None:
            one = probe.size if recall else probe.observation_size
            seats = game.num_seats if private == PRIVATE.ALL_PLAYERS else 1
            self.tensor = np.zeros(one * seats, np.float32)
            self.dict = {"information_state" if recall else "observation": self.tensor}

    def _encode(self, encoder: InfoEncoder, view: Mapping[str, Any]) -> np.ndarray:
        return encoder.information_state(view) if self.recall else encoder.observation(view)

    def set_from(self, state: TapeteSpielState, player: int) -> None:
        tensor = self.tensor
        if tensor is None:
            return
        tensor.fill(0.0)
        match = state.t.match
        if match is None:
            return
        if self.private == PRIVATE.SINGLE_PLAYER:
            tensor[:] = self._encode(state.t.encoders[player], match.view(player))
        elif self.private == PRIVATE.NONE:
            encoder = self.game.tapete_game.encoder(player, self.game.num_seats, match.options)
            if self.recall:
                encoder.observe(state.t.public)
            tensor[:] = self._encode(encoder, match.view(None))
        else:
            size = len(tensor) // self.game.num_seats
            for seat, encoder in enumerate(state.t.encoders):
                tensor[seat * size : (seat + 1) * size] = self._encode(encoder, match.view(seat))

    def string_from(self, state: TapeteSpielState, player: int) -> str:
        match = state.t.match
        if match is None:
            return "to deal" if self.private == PRIVATE.NONE else f"seat {player}: to deal"
        turn = f"to act: {state.current_player()}"
        if self.private == PRIVATE.NONE:
            text = f"public; {turn}\n{json.dumps(match.view(None), sort_keys=True)}"
            if self.recall:
                text += "".join("\n" + json.dumps(e.to_json(), sort_keys=True) for e in state.t.public)
            return text
        seats = [player] if self.private == PRIVATE.SINGLE_PLAYER else list(range(self.game.num_seats))
        parts = []
        for seat in seats:
            text = f"seat {seat}; {turn}\n{json.dumps(match.view(seat), sort_keys=True)}"
            if self.recall:
                text += "".join("\n" + line for line in state.t.seen[seat])
            parts.append(text)
        return "\n\n".join(parts)


def resampler(state: TapeteSpielState, player: int) -> TapeteSpielState:
    """A world consistent with what `player` knows (for IS-MCTS)."""
    world: TapeteSpielState = state.clone()
    assert state.t.match is not None
    world.t.match = state.t.match.determinize(player, random.Random())
    return world
