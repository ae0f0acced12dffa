"""Buracco positions in the game's own words, and what makes a Buracco state wrong.

    from tapete.games.buracco.positions import position
    state = position(
        racks=[["rojo-3", "rojo-4", "rojo-5", "azul-9"], ["negro-1"], ["amarillo-7", "comodin"], ["azul-2"]],
        melds=[[["negro-7", "rojo-7", "azul-7"]], []],
        pozo=["amarillo-12"], turn=0,
    )

Tiles are named by face (`Game.card_face`: colour and number, `comodin`);
a face may be used as often as the set holds it (twice, the comodines
four times... as `Game.card_face` counts them). Melds are given per side
(side 0: seats 0 and 2; side 1: seats 1 and 3) as lists of tiles; the
game lays each out as it would (where a wild stands), and a list that makes
no meld is refused. The pozo lists its top last. Each side's muerto is
waiting (11 tiles from the rest) unless `muertos_taken` says it was taken;
the stock is the rest, shuffled by `seed`, unless given (then every tile
must be placed). Positions are of a turn's start (`phase="draw"`) or after
the draw (`phase="meld"`, the seat may lay melds, add tiles and discard).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine.positions import check_choice, check_seat, fresh
from tapete.engine.validate import invalid

from . import GAME
from .cards import MUERTO_SIZE
from .checks import problems as problems
from .melds import build
from .rules import DRAW, MELD, TAKEN, WAITING, BuraccoState


def position(
    racks: Sequence[Sequence[str]],
    *,
    melds: Sequence[Sequence[Sequence[str]]] = ((), ()),
    pozo: Sequence[str] = (),
    stock: Sequence[str] | None = None,
    muertos_taken: Sequence[bool] = (False, False),
    turn: int = 0,
    phase: str = DRAW,
    scores: Sequence[int] = (0, 0),
    hand: int = 1,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> BuraccoState:
    """A checked Buracco state (InvalidState names what is wrong)."""
    n = len(racks)
    state, cards = fresh(GAME, n, options, seed)
    data = state.to_json()
    check_seat(turn, n, "turn")
    check_choice(phase, (DRAW, MELD), "phase")
    if len(melds) != 2 or len(muertos_taken) != 2 or len(scores) != 2:
        raise invalid(
            "melds, muertos_taken y scores van por bando: dos de cada.",
            "melds, muertos_taken and scores are per side: two of each.",
        )
    placed_racks = [cards.take_all(rack) for rack in racks]
    laid: list[list[list[int]]] = [[], []]
    for side, side_melds in enumerate(melds):
        for tiles in side_melds:
            meld = build(cards.take_all(tiles))
            if meld is None:
                listed = ", ".join(tiles)
                raise invalid(f"Estas fichas no forman un juego: {listed}.", f"These tiles make no meld: {listed}.")
            laid[side].append(meld.to_json())
    discards = cards.take_all(pozo)
    rest = cards.rest(seed) if stock is None else None
    muertos: list[list[int]] = [[], []]
    for side, taken in enumerate(muertos_taken):
        if not taken:
            if rest is None:
                raise invalid(
                    "Con el pozo dado entero (stock), los muertos deben estar tomados.",
                    "With the whole stock given, the muertos must be taken.",
                )
            muertos[side], rest = rest[:MUERTO_SIZE], rest[MUERTO_SIZE:]
    left = rest if rest is not None else cards.exactly(stock or ())
    data.update(
        racks=placed_racks,
        known=[[] for _ in range(n)],
        melds=laid,
        pozo=discards,
        stock=left,
        muertos=muertos,
        muerto_state=[TAKEN if taken else WAITING for taken in muertos_taken],
        turn=turn,
        phase=phase,
        privilege=False,
        pending=[],
        scores=list(scores),
        hand=hand,
        first_seat=(turn - hand + 1) % n,
        last_hand=None,
        winner=-1,
    )
    return GAME.state_from_json(data)  # type: ignore[return-value]
