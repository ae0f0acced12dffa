"""What one seat may see of a Nacho Loco match (None: a spectator).

Everyone sees the field (cells, cards, rotations, the segment on each side),
its open cells in slot order (a place action's slot k is `open[k]`) with
what each side needs (and whether any design of the deck could go there), the hand sizes, the size of the
draw pile and the cleared cards not yet reshuffled. A seat sees its own hand
(and, while deciding, which of its cards it has just drawn). Other hands and
the pile's order are absent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CARD_DESIGN, SEGMENT_NAMES, card_face
from .geometry import SIDES, cell_coords, is_up, pattern_needs
from .phases import DRAWN, OVER

if TYPE_CHECKING:
    from .rules import NachoLocoState


def view(state: NachoLocoState, seat: int | None) -> dict[str, Any]:
    over = state.phase == OVER
    actors = list(state.actors())
    data: dict[str, Any] = {
        "game": state.game_id,
        "seat": seat,
        "num_players": state.num_players,
        "phase": state.phase,
        "actors": actors,
        "required": actors,
        "round": state.round,
        "scores": list(state.scores),
        "over": over,
        "winners": list(state.outcome().winners) if over else [],
        "target": state.options.target,
        "all_contacts_must_match": state.options.all_contacts_must_match,
        "turn": state.turn,
        "hand_sizes": [len(h) for h in state.hands],
        "draw_pile": len(state.pile),
        "cleared": [card_face(c) for c in state.cleared],
        "field": field_cells(state),
        "open": open_cells(state),
        "pending": {"again": state.again, "skips": state.skips, "choices": state.choices},
        "last_matcher": state.last_matcher,
        "idle_turns": state.idle,
    }
    if seat is not None:
        hand = state.hands[seat]
        data["hand"] = [card_face(c) for c in hand]
        data["drawn"] = len(hand) - 1 if state.phase == DRAWN and seat == state.turn else None
    return data


def field_cells(state: NachoLocoState) -> list[dict[str, Any]]:
    cells = []
    for card, cell, rotation in state.placed:
        x, y = cell_coords(cell)
        sides = SIDES[CARD_DESIGN[card] * 3 + rotation]
        cells.append(
            {
                "cell": [x, y],
                "up": is_up(x, y),
                "card": card_face(card),
                "rotation": rotation,
                "sides": [SEGMENT_NAMES[s] for s in sides],
            }
        )
    return cells


def open_cells(state: NachoLocoState) -> list[dict[str, Any]]:
    cells = []
    for cell in state.field.slots():
        x, y = cell_coords(cell)
        needs = pattern_needs(state.field.open[cell])
        live = state.table.alive(state.field.open[cell])  # some design of the deck fits (NAC-11)
        cells.append(
            {"cell": [x, y], "up": is_up(x, y), "needs": [SEGMENT_NAMES[s] or None for s in needs], "live": live}
        )
    return cells
