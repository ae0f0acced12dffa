"""Build Nacho Loco positions directly, by face tokens and coordinates."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tapete.engine import Event
from tapete.games.nacho_loco import GAME
from tapete.games.nacho_loco.actions import place as place_id
from tapete.games.nacho_loco.cards import CARD_DESIGN, NUM_CARDS, TOKEN_DESIGN
from tapete.games.nacho_loco.geometry import Field, cell_id, neighbour
from tapete.games.nacho_loco.rules import PLAY, NachoLocoState

Placed = tuple[int, int, str, int]  # x, y, face token, rotation


def build(
    n: int = 3,
    *,
    hands: Sequence[Sequence[str]],
    field: Sequence[Placed],
    pile: Sequence[str] = (),
    cleared: Sequence[str] = (),
    turn: int = 0,
    options: dict[str, Any] | None = None,
    fill: bool = True,
    seed: int = 1,
) -> NachoLocoState:
    """A state in phase play. `pile` lists cards in the order they will be
    drawn; with `fill` the unused cards go under it."""
    state = NachoLocoState(n, GAME.parse_options(options or {}), seed, deal=False)
    state.round = 1
    free: dict[int, list[int]] = {}
    for card in range(NUM_CARDS):
        free.setdefault(CARD_DESIGN[card], []).append(card)

    def take(token: str) -> int:
        copies = free[TOKEN_DESIGN[token]]
        assert copies, f"no copy of {token} left for this position"
        return copies.pop(0)

    state.hands = [[take(t) for t in hand] for hand in hands]
    state.placed = [(take(tok), cell_id(x, y), rot) for x, y, tok, rot in field]
    state.field = Field.from_cells([(cell, CARD_DESIGN[c], r) for c, cell, r in state.placed])
    state.pile = [take(t) for t in reversed(pile)]
    state.cleared = [take(t) for t in cleared]
    if fill:
        state.pile = sorted(c for cards in free.values() for c in cards) + state.pile
    state.turn = turn
    state.phase = PLAY
    return state


def new_match(n: int, seed: int, options: dict[str, Any] | None = None) -> NachoLocoState:
    """A fresh match, typed as this game's state."""
    state = GAME.new_match(n, seed, options)
    assert isinstance(state, NachoLocoState)
    return state


def surround(x: int, y: int, needs: Sequence[str | None]) -> list[Placed]:
    """Cards around the empty cell (x, y) so that its side k faces needs[k]
    (a colour, an action or "X"; None leaves the side without contact).
    An X side is shown by a one-colour card (amarillo on side 0, marron on
    the others), a colour by that colour's one-colour card, an action by
    (action, rojo, X): their other segments open cells of their own."""
    placed: list[Placed] = []
    for side, need in enumerate(needs):
        if need is None:
            continue
        (nx, ny), nside = neighbour(x, y, side)
        if need == "X":
            filler = "amarillo/X/X" if side == 0 else "marron/X/X"
            placed.append((nx, ny, filler, (nside - 1) % 3))  # segment 1 (an X) on nside
        elif TOKEN_DESIGN.get(f"{need}/X/X") is not None:
            placed.append((nx, ny, f"{need}/X/X", nside))  # segment 0 on nside
        else:
            placed.append((nx, ny, f"{need}/rojo/X", nside))
    return placed


def place(state: NachoLocoState, x: int, y: int, token: str, rotation: int) -> int:
    """The action id placing `token` at the open cell (x, y) in `rotation`."""
    slot = state.field.slot_of(cell_id(x, y))
    assert slot is not None, f"({x}, {y}) is not an open cell of this field"
    return place_id(slot, TOKEN_DESIGN[token], rotation)


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]


# a card far away whose open cells stay alive, so a test's placement is not a killer close
LIVE: list[Placed] = [(8, 0, "naranja/X/X", 0)]  # (7, 0) needs naranja
