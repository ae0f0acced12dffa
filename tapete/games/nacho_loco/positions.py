"""Nacho Loco positions in the game's own words, and what makes a state wrong.

    from tapete.games.nacho_loco.positions import position
    state = position(
        hands=[["rojo/verde/azul", "saltar/rojo/X"], ["verde/X/X"]],
        field={(0, 0): "rojo/naranja/amarillo", (1, 0): ("naranja/amarillo/verde", "left")},
        turn=0,
    )

Cards are named by face (`Game.card_face`: the design's segments listed
clockwise). The field maps cells `(x, y)` (y grows downwards; `(x, y)` is an
up triangle when x + y is even, else a down one) to a card: a face alone
puts the face's first segment on the cell's first side (left on an up cell,
top on a down one), or `(face, side)` names the side the first segment
faces: `left`, `right`, `bottom` on an up cell, `top`, `right`, `left` on a
down one (Spanish `izquierda`, `derecha`, `abajo`, `arriba` too); the other
segments follow clockwise. Cells are placed in the order given; the first is
the field's first card, at (0, 0), and each later one touches an earlier
one. (Whether the contacts match is the players' business: the builder
does not check it.) The pile is the rest of the cards, shuffled by `seed`,
unless given (then every card must be placed). Positions are of a
turn's start (`phase="play"`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine.positions import check_seat, fresh, seat_list
from tapete.engine.validate import invalid

from . import GAME
from .checks import problems as problems
from .geometry import cell_id, is_up
from .rules import PLAY, NachoLocoState

SIDES_UP = {"left": 0, "right": 1, "bottom": 2, "izquierda": 0, "derecha": 1, "abajo": 2}
SIDES_DOWN = {"top": 0, "right": 1, "left": 2, "arriba": 0, "derecha": 1, "izquierda": 2}

Placement = str | tuple[str, str]


def position(
    hands: Sequence[Sequence[str]],
    *,
    field: Mapping[tuple[int, int], Placement],
    cleared: Sequence[str] = (),
    pile: Sequence[str] | None = None,
    turn: int = 0,
    scores: Sequence[int] | None = None,
    round: int = 1,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> NachoLocoState:
    """A checked Nacho Loco state (InvalidState names what is wrong)."""
    n = len(hands)
    state, cards = fresh(GAME, n, options, seed)
    data = state.to_json()
    check_seat(turn, n, "turn")
    if not field:
        raise invalid("El campo tiene al menos una carta.", "The field holds at least one card.")
    placed = [_place(cards.take, cell, what) for cell, what in field.items()]
    held = [cards.take_all(hand) for hand in hands]
    gone = cards.take_all(cleared)
    data.update(
        placed=placed,
        hands=held,
        cleared=gone,
        pile=cards.rest(seed) if pile is None else cards.exactly(pile),
        phase=PLAY,
        turn=turn,
        round=round,
        scores=list(seat_list(scores, n, 0, "scores")),
        drawn=False,
        again=0,
        skips=0,
        choices=0,
        closing=False,
        last_matcher=None,
        idle=0,
    )
    return GAME.state_from_json(data)  # type: ignore[return-value]


def _place(take: Any, cell: tuple[int, int], what: Placement) -> list[int]:
    """[card, cell, rotation] of a card put at `cell` (rotation r: side r shows the first segment)."""
    x, y = cell
    index = cell_id(x, y)
    face, side = (what, None) if isinstance(what, str) else what
    sides = SIDES_UP if is_up(x, y) else SIDES_DOWN
    if side is None:
        rotation = 0
    elif side in sides:
        rotation = sides[side]
    else:
        listed = ", ".join(name for name in sides if name.isascii())
        raise invalid(
            f"La celda ({x},{y}) no tiene el lado «{side}» (tiene {listed}).",
            f"Cell ({x},{y}) has no side '{side}' (it has {listed}).",
        )
    return [take(face), index, rotation]
