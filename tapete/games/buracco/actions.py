"""Buracco's fixed integer action space.

Tiles are named by face (colour and number, or comodín), never by physical
id: two tiles of one face are interchangeable, and the space stays fixed.

    0            draw            take the top tile of the stock (BUR-13)
    1            take_pozo       pick up the whole pozo (BUR-13)
    2            keep            first-player privilege: keep the drawn tile (BUR-14)
    3            redraw          first-player privilege: throw it to the pozo, draw again (BUR-14)
    4            end_hand        stock and muertos gone: end the hand instead of taking the pozo (BUR-20)
    5            commit          lay the pending meld down (BUR-15); a free wild goes low
    6            commit high     the same, with the free wild at the high end of the run
    7            cancel          take the pending tiles back
    8            done            stop melding and go on to discard (BUR-16)
    9            deal            deal the next hand (BUR-4)
    10..62       stage face      put a tile of that face into the pending meld
    63..115      discard face    discard a tile of that face (BUR-16)
    116..        extend          add a tile to meld `slot` of the own side (BUR-11):
                                 116 + (slot * 53 + face) * 2 + end, end 0 = low, 1 = high

A side has at most MAX_MELDS melds on the table (a tapete bound on the
action space, far above what a hand produces; a new meld beyond it is
refused naming BUR-15).

JSON forms: {"type": "draw"}, {"type": "take_pozo"}, {"type": "keep"},
{"type": "redraw"}, {"type": "end_hand"}, {"type": "commit"},
{"type": "commit", "wild_end": "high"}, {"type": "cancel"}, {"type": "done"},
{"type": "deal"}, {"type": "stage", "tile": "rojo-7"},
{"type": "discard", "tile": "comodin"},
{"type": "extend", "meld": 2, "tile": "azul-5", "end": "low"}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tapete.engine import ActionSpace, BadAction

from .cards import FACE_TO_ID, FACES, NUM_FACES

DRAW = 0
TAKE_POZO = 1
KEEP = 2
REDRAW = 3
END_HAND = 4
COMMIT = 5
COMMIT_HIGH = 6
CANCEL = 7
DONE = 8
DEAL = 9
STAGE_BASE = 10
DISCARD_BASE = STAGE_BASE + NUM_FACES
EXTEND_BASE = DISCARD_BASE + NUM_FACES
MAX_MELDS = 24
NUM_ACTIONS = EXTEND_BASE + MAX_MELDS * NUM_FACES * 2

ENDS = ("low", "high")
_SIMPLE = {
    DRAW: "draw",
    TAKE_POZO: "take_pozo",
    KEEP: "keep",
    REDRAW: "redraw",
    END_HAND: "end_hand",
    COMMIT: "commit",
    CANCEL: "cancel",
    DONE: "done",
    DEAL: "deal",
}
_BY_NAME = {name: action for action, name in _SIMPLE.items()}


def stage(face: int) -> int:
    return STAGE_BASE + face


def discard(face: int) -> int:
    return DISCARD_BASE + face


def extend(slot: int, face: int, end: int) -> int:
    return EXTEND_BASE + (slot * NUM_FACES + face) * 2 + end


def is_stage(action: int) -> bool:
    return STAGE_BASE <= action < DISCARD_BASE


def is_discard(action: int) -> bool:
    return DISCARD_BASE <= action < EXTEND_BASE


def is_extend(action: int) -> bool:
    return EXTEND_BASE <= action < NUM_ACTIONS


def extend_parts(action: int) -> tuple[int, int, int]:
    """(slot, face, end) of an extend action."""
    rest, end = divmod(action - EXTEND_BASE, 2)
    slot, face = divmod(rest, NUM_FACES)
    return slot, face, end


def _bad(es: str, en: str) -> BadAction:
    return BadAction(es, en)


def _face(data: Mapping[str, Any]) -> int:
    token = data.get("tile")
    if not isinstance(token, str) or token not in FACE_TO_ID:
        raise _bad(
            f'Ficha desconocida: {token!r} (p. ej. "rojo-7", "comodin").',
            f'Unknown tile: {token!r} (e.g. "rojo-7", "comodin").',
        )
    return FACE_TO_ID[token]


class BuraccoActions(ActionSpace):
    """Buracco's action space: the same for every match."""

    def to_json(self, action: int) -> dict[str, Any]:
        if action in _SIMPLE:
            return {"type": _SIMPLE[action]}
        if action == COMMIT_HIGH:
            return {"type": "commit", "wild_end": "high"}
        if is_stage(action):
            return {"type": "stage", "tile": FACES[action - STAGE_BASE]}
        if is_discard(action):
            return {"type": "discard", "tile": FACES[action - DISCARD_BASE]}
        if is_extend(action):
            slot, face, end = extend_parts(action)
            return {"type": "extend", "meld": slot, "tile": FACES[face], "end": ENDS[end]}
        raise _bad(f"Acción fuera del espacio de Buracco: {action}.", f"Action outside Buracco's space: {action}.")

    def from_json(self, data: Mapping[str, Any]) -> int:
        kind = self.kind(data)
        if kind == "commit":
            end = data.get("wild_end", "low")
            if end not in ENDS:
                raise _bad(f"wild_end debe ser low o high, no {end!r}.", f"wild_end must be low or high, not {end!r}.")
            return COMMIT_HIGH if end == "high" else COMMIT
        if isinstance(kind, str) and kind in _BY_NAME:
            return _BY_NAME[kind]
        if kind == "stage":
            return stage(_face(data))
        if kind == "discard":
            return discard(_face(data))
        if kind == "extend":
            slot = data.get("meld")
            end = data.get("end", "low")
            if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < MAX_MELDS:
                raise _bad(
                    f"meld debe ser un número de juego entre 0 y {MAX_MELDS - 1}, no {slot!r}.",
                    f"meld must be a meld number between 0 and {MAX_MELDS - 1}, not {slot!r}.",
                )
            if end not in ENDS:
                raise _bad(f"end debe ser low o high, no {end!r}.", f"end must be low or high, not {end!r}.")
            return extend(slot, _face(data), ENDS.index(end))
        names = ", ".join([*_BY_NAME, "stage", "discard", "extend"])
        raise _bad(f"Tipo de acción desconocido: {kind!r} ({names}).", f"Unknown action type: {kind!r} ({names}).")


SPACE = BuraccoActions(NUM_ACTIONS)
