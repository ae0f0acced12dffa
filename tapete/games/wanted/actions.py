"""WANTED's fixed integer action space (163 actions, the same in every mode).

    0..53      commit card c     put card c face down for the battle (WAN-4);
                                 in Pandillas a seat commits 3 cards as three
                                 such steps (WAN-9), c = id
    54..107    leader card c     name card c the gang's leader when skill and
                                 die leave a tie the owner must settle (WAN-9)
    108..161   discard card c    discard card c of a tied gang (WAN-10)
    162        deal              deal the next Pandillas deal (WAN-11)

JSON forms: {"type": "commit", "card": "A-picas"},
{"type": "leader", "card": "J-picas"}, {"type": "discard", "card": "2-diamantes"},
{"type": "deal"}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tapete.engine import ActionSpace, BadAction

from .cards import FACE_TO_ID, FACES, NUM_CARDS

COMMIT_BASE = 0
LEADER_BASE = COMMIT_BASE + NUM_CARDS
DISCARD_BASE = LEADER_BASE + NUM_CARDS
DEAL = DISCARD_BASE + NUM_CARDS
NUM_ACTIONS = DEAL + 1

_KINDS = ("commit", "leader", "discard")
_BASES = {"commit": COMMIT_BASE, "leader": LEADER_BASE, "discard": DISCARD_BASE}


def kind_of(action: int) -> str:
    """ "commit", "leader", "discard" or "deal"."""
    if action == DEAL:
        return "deal"
    return _KINDS[action // NUM_CARDS]


def card_of(action: int) -> int:
    """The card a commit, leader or discard action names."""
    return action % NUM_CARDS


class WantedActions(ActionSpace):
    """WANTED's action space: the same in every mode and match."""

    def to_json(self, action: int) -> dict[str, Any]:
        if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            raise BadAction(
                f"Acción fuera del espacio de WANTED: {action!r}.", f"Action outside WANTED's space: {action!r}."
            )
        if action == DEAL:
            return {"type": "deal"}
        return {"type": kind_of(action), "card": FACES[card_of(action)]}

    def from_json(self, data: Mapping[str, Any]) -> int:
        kind = self.kind(data)
        if kind == "deal":
            return DEAL
        if kind in _BASES:
            face = data.get("card")
            if not isinstance(face, str) or face not in FACE_TO_ID:
                raise BadAction(
                    f'Carta desconocida: {face!r} (p. ej. "A-picas", "10-corazones", "joker-rojo").',
                    f'Unknown card: {face!r} (e.g. "A-picas", "10-corazones", "joker-rojo").',
                )
            return _BASES[kind] + FACE_TO_ID[face]
        raise BadAction(
            f"Tipo de acción desconocido: {kind!r} (commit, leader, discard, deal).",
            f"Unknown action type: {kind!r} (commit, leader, discard, deal).",
        )


SPACE = WantedActions(NUM_ACTIONS)
