"""The test games of tests/toygame.py with an information-state encoder, as the
environments need: hidden hands, a reaction window (snaps) and a simultaneous choice
(duels), and a memory that holds private draws (told to the drawing seat alone)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tapete.engine import Event
from tapete.engine.encoding import InfoEncoder, Layout, Segment
from tests.toygame import COVER, EcoGame, ToyGame

PHASES = ("play", "cover", "duel", "over")
SEATS = 4


class ToyEncoder(InfoEncoder):
    """The hand and the top card by value; remembered, every card each seat was seen to
    play or snap and the cards this seat drew."""

    @classmethod
    def layouts(cls, num_players: int, options: Any) -> tuple[Layout, Layout, Layout]:
        values = options.values
        return (
            Layout([Segment("hand", values, "cards in hand by value / 8"), Segment("top", values, "the top card"),
                    Segment("phase", len(PHASES), "play, cover, duel, over")]),
            Layout([Segment("shown", SEATS * values, "cards each relative seat played or snapped / 8"),
                    Segment("drawn", values, "cards this seat drew / 8")]),
            Layout([Segment("action", COVER + 1, "the action's index")]),
        )  # fmt: skip

    def _value(self, face: str) -> int:
        return int(face[1:]) - 1

    def remember(self, event: Event) -> None:
        data, values = event.data, self.options.values
        if event.kind in ("played", "snap") and data.get("card"):
            self.memory[self.rel(data["seat"]) * values + self._value(data["card"])] += 1 / 8
        elif event.kind == "drew_card":
            assert data["seat"] == self.seat, "a seat heard another seat's private draw"
            self.memory[SEATS * values + self._value(data["card"])] += 1 / 8

    def write_observation(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        values = self.options.values
        for face in view["hand"]:
            out[self._value(face)] += 1 / 8
        if view["top"]:
            out[values + self._value(view["top"])] = 1.0
        out[2 * values + PHASES.index("over" if view["over"] else view["phase"])] = 1.0

    def write_action(self, view: Mapping[str, Any], action: int, out: np.ndarray) -> None:
        out[action] = 1.0


class EncodedToy(ToyGame):
    encoder_type = ToyEncoder


class EncodedEco(EcoGame):
    encoder_type = ToyEncoder


TOY = EncodedToy()
ECO = EncodedEco()
