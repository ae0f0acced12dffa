"""Boon's fixed integer action space.

    0        deal          the dealer deals the next round (BOO-4)
    1        pass          pass the Boon (BOO-5)
    2        take          take the Boon blind (BOO-5)
    3..34    bury card c   the taker buries card c (BOO-5), c = id - 3
    35..66   play card c   play card c to the trick (BOO-7), c = id - 35

JSON forms: {"type": "deal"}, {"type": "pass"}, {"type": "take"},
{"type": "bury", "card": "oro-14"}, {"type": "play", "card": "azul-5"}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tapete.engine import ActionSpace, BadAction

from .cards import FACE_TO_ID, FACES, NUM_CARDS

DEAL = 0
PASS = 1
TAKE = 2
BURY_BASE = 3
PLAY_BASE = BURY_BASE + NUM_CARDS
NUM_ACTIONS = PLAY_BASE + NUM_CARDS

BURY = tuple(BURY_BASE + c for c in range(NUM_CARDS))
PLAY = tuple(PLAY_BASE + c for c in range(NUM_CARDS))


def is_bury(action: int) -> bool:
    return BURY_BASE <= action < PLAY_BASE


def is_play(action: int) -> bool:
    return PLAY_BASE <= action < NUM_ACTIONS


def card_of(action: int) -> int:
    """The card a bury or play action names."""
    return action - PLAY_BASE if action >= PLAY_BASE else action - BURY_BASE


class BoonActions(ActionSpace):
    """Boon's action space: the same for every match."""

    def to_json(self, action: int) -> dict[str, Any]:
        if action == DEAL:
            return {"type": "deal"}
        if action == PASS:
            return {"type": "pass"}
        if action == TAKE:
            return {"type": "take"}
        if is_bury(action):
            return {"type": "bury", "card": FACES[action - BURY_BASE]}
        if is_play(action):
            return {"type": "play", "card": FACES[action - PLAY_BASE]}
        raise BadAction(f"Acción fuera del espacio de Boon: {action}.", f"Action outside Boon's space: {action}.")

    def from_json(self, data: Mapping[str, Any]) -> int:
        kind = self.kind(data)
        simple = {"deal": DEAL, "pass": PASS, "take": TAKE}
        if kind in simple:
            return simple[kind]
        if kind in ("bury", "play"):
            face = data.get("card")
            if not isinstance(face, str) or face not in FACE_TO_ID:
                raise BadAction(
                    f'Carta desconocida: {face!r} (p. ej. "oro-14", "azul-5").',
                    f'Unknown card: {face!r} (e.g. "oro-14", "azul-5").',
                )
            base = BURY_BASE if kind == "bury" else PLAY_BASE
            return base + FACE_TO_ID[face]
        raise BadAction(
            f"Tipo de acción desconocido: {kind!r} (deal, pass, take, bury, play).",
            f"Unknown action type: {kind!r} (deal, pass, take, bury, play).",
        )


SPACE = BoonActions(NUM_ACTIONS)
