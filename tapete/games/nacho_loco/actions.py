"""Nacho Loco's fixed integer action space.

    0 .. PLACES-1      place: (slot * 88 + design) * 3 + rotation
    DRAW               draw a card, having none to play (NAC-7)
    PASS               end the turn without placing: decline the drawn card
                       (NAC-7), decline Go Again (NAC-9), or pass with
                       nothing to draw (NAC-10)
    NEXT_ROUND         the round's winner deals the next round (NAC-16)
    TARGET + s         choose seat s (0..5) to draw 3 (NAC-9)

The field has no edge (NAC-3), so a place action names its cell by slot:
slot k is the k-th open cell of the current field in the order the cells
opened, the cell of `view["open"][k]` (see geometry; MAX_OPEN slots cover
any field).
A design is one of the 88 faces of cards.py, the rotation 0..2 as geometry
defines it. The Closer is placed in rotation 0 only.

JSON forms: {"type": "place", "card": "rojo/verde/X", "slot": k,
"rotation": r}, {"type": "draw"}, {"type": "pass"}, {"type": "next_round"},
{"type": "target", "seat": s}. An index's JSON form is the same whatever
the field; to name a place by its coordinates, send {"type": "place",
"card": ..., "cell": [x, y], "rotation": r}: the state turns it into the
slot of that cell now.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tapete.engine import ActionSpace, BadAction

from .cards import DESIGN_TOKENS, NUM_DESIGNS, TOKEN_DESIGN
from .geometry import MAX_OPEN, Field, cell_id

MAX_SEATS = 6
PLACES = MAX_OPEN * NUM_DESIGNS * 3
DRAW = PLACES
PASS = DRAW + 1
NEXT_ROUND = PASS + 1
TARGET = NEXT_ROUND + 1
NUM_ACTIONS = TARGET + MAX_SEATS


def place(slot: int, design: int, rotation: int) -> int:
    return (slot * NUM_DESIGNS + design) * 3 + rotation


def unplace(action: int) -> tuple[int, int, int]:
    """(slot, design, rotation) of a place action."""
    rest, rotation = divmod(action, 3)
    slot, design = divmod(rest, NUM_DESIGNS)
    return slot, design, rotation


def is_place(action: int) -> bool:
    return 0 <= action < PLACES


def is_target(action: int) -> bool:
    return TARGET <= action < NUM_ACTIONS


def _bad(es: str, en: str) -> BadAction:
    return BadAction(es, en, rule="actions")


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _place_from_json(data: Mapping[str, Any], field: Field | None) -> int:
    token = data.get("card")
    design = TOKEN_DESIGN.get(token) if isinstance(token, str) else None
    if design is None:
        raise _bad(f"Carta desconocida: {token!r}.", f"Unknown card: {token!r}.")
    rotation = _int(data.get("rotation", 0))
    if rotation is None or not 0 <= rotation <= 2:
        raise _bad(f"Rotación no válida: {data.get('rotation')!r}.", f"Invalid rotation: {data.get('rotation')!r}.")
    if "cell" in data:
        return place(_slot_of_cell(data["cell"], field), design, rotation)
    slot = _int(data.get("slot"))
    if slot is None or not 0 <= slot < MAX_OPEN:
        raise _bad(f"Hueco no válido: {data.get('slot')!r}.", f"Invalid slot: {data.get('slot')!r}.")
    return place(slot, design, rotation)


def _slot_of_cell(cell: Any, field: Field | None) -> int:
    coords = [_int(v) for v in cell] if isinstance(cell, list | tuple) and len(cell) == 2 else []
    if len(coords) != 2 or coords[0] is None or coords[1] is None:
        raise _bad(f"Casilla no válida: {cell!r}.", f"Invalid cell: {cell!r}.")
    if field is None:
        raise _bad("Una casilla solo se entiende con su campo de juego.", "A cell means something only on its field.")
    where = cell_id(coords[0], coords[1])
    slot = field.slot_of(where)
    if slot is not None:
        return slot
    if where in field.cells:
        raise BadAction("Esa casilla ya está ocupada.", "That cell is already taken.", rule="NAC-3")
    raise BadAction(
        "La carta debe tocar el campo de juego: esa casilla no está junto a ninguna carta.",
        "The card must touch the playfield: that cell is next to no card.",
        rule="NAC-3",
    )


class NachoLocoActions(ActionSpace):
    """Nacho Loco's action space: the same for every match."""

    def to_json(self, action: int) -> dict[str, Any]:
        if is_place(action):
            slot, design, rotation = unplace(action)
            return {"type": "place", "card": DESIGN_TOKENS[design], "slot": slot, "rotation": rotation}
        if action == DRAW:
            return {"type": "draw"}
        if action == PASS:
            return {"type": "pass"}
        if action == NEXT_ROUND:
            return {"type": "next_round"}
        if is_target(action):
            return {"type": "target", "seat": action - TARGET}
        raise _bad(
            f"Acción fuera del espacio de Nacho Loco: {action}.", f"Action outside Nacho Loco's space: {action}."
        )

    def from_json(self, data: Mapping[str, Any], field: Field | None = None) -> int:
        """The action of a JSON form; a place named by its cell needs the field."""
        kind = self.kind(data)
        simple = {"draw": DRAW, "pass": PASS, "next_round": NEXT_ROUND}
        if kind in simple:
            return simple[kind]
        if kind == "target":
            seat = _int(data.get("seat"))
            if seat is None or not 0 <= seat < MAX_SEATS:
                raise _bad(f"Asiento no válido: {data.get('seat')!r}.", f"Invalid seat: {data.get('seat')!r}.")
            return TARGET + seat
        if kind == "place":
            return _place_from_json(data, field)
        raise _bad(f"Tipo de acción desconocido: {kind!r}.", f"Unknown action type: {kind!r}.")


SPACE = NachoLocoActions(NUM_ACTIONS)
