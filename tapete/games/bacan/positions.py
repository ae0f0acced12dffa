"""Bacan positions in the game's own words, and what makes a Bacan state wrong.

    from tapete.games.bacan.positions import position
    state = position(
        rows=[["rojo-3", "azul-7", "verde-1", "comodin"], ["amarillo-2", "rojo-5", "azul-1", "verde-6"]],
        discard=["rojo-7"], current=0, peeked={0: [0, 1]},
    )

Rows are lists of card faces (`Game.card_face`), slot 1 first. The discard
pile lists its top last; the deck (top last) is the rest of the cards,
shuffled by `seed`, unless given (then every card must be placed). The
builder makes positions of the main part of a round: `phase="turn"` (the
start of `current`'s turn; a live discard opens the mirror window) or
`phase="drawn"` (`current` holds `held`, taken from `held_from`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine.positions import check_choice, check_seat, fresh, seat_list
from tapete.engine.validate import invalid

from . import GAME
from .actions import MAX_ROW
from .checks import HELD_SOURCES
from .checks import problems as problems
from .rules import BacanState


def position(
    rows: Sequence[Sequence[str]],
    *,
    discard: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    current: int = 0,
    dealer: int | None = None,
    phase: str = "turn",
    held: str | None = None,
    held_from: str = "deck",
    peeked: Mapping[int, Sequence[int]] | None = None,
    scores: Sequence[int] | None = None,
    turns_played: int = 1,
    round: int = 1,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> BacanState:
    """A checked Bacan state (InvalidState names what is wrong).

    `peeked` gives, per seat, the slots (0-based) of its own row it has seen.
    `turns_played` is how many turns each seat has completed this round (from
    the second lap on, the discard may be drawn: BAC-12).
    """
    n = len(rows)
    state, cards = fresh(GAME, n, options, seed)
    data = state.to_json()
    check_seat(current, n, "current")
    check_choice(phase, ("turn", "drawn"), "phase")
    check_choice(held_from, HELD_SOURCES, "held_from")
    known = [0] * len(data["known"])
    placed = [cards.take_all(row) for row in rows]
    for seat, row in enumerate(placed):
        if not row or len(row) > MAX_ROW:
            raise invalid(
                f"La fila del asiento {seat} debe tener de 1 a {MAX_ROW} cartas.",
                f"Seat {seat}'s row must hold 1 to {MAX_ROW} cards.",
            )
    for seat, slots in (peeked or {}).items():
        check_seat(seat, n, "peeked")
        for slot in slots:
            if not 0 <= slot < len(placed[seat]):
                raise invalid(
                    f"peeked: el asiento {seat} no tiene hueco {slot}.", f"peeked: seat {seat} has no slot {slot}."
                )
            known[placed[seat][slot]] |= 1 << seat
    pile = cards.take_all(discard)
    for card in pile:
        known[card] = (1 << (n + 1)) - 1
    held_card = -1
    if phase == "drawn":
        if held is None:
            raise invalid("En la fase «drawn» hace falta la carta robada (held).", "Phase 'drawn' needs the held card.")
        held_card = cards.take(held)
        known[held_card] = (1 << current) if held_from == "deck" else (1 << (n + 1)) - 1
    elif held is not None:
        raise invalid("Solo se sostiene una carta en la fase «drawn».", "A card is held only in phase 'drawn'.")
    stock = cards.exactly(deck) if deck is not None else cards.rest(seed)
    data.update(
        rows=placed,
        discard=pile,
        deck=stock,
        known=known,
        moved=[0] * len(known),
        spent=0,
        phase=phase,
        round=round,
        current=current,
        dealer=(current - 1) % n if dealer is None else check_seat(dealer, n, "dealer"),
        held=held_card,
        held_source=held_from if phase == "drawn" else "",
        scores=list(seat_list(scores, n, 0, "scores")),
        turns=[turns_played] * n,
        pending=[-1, -1],
        claimant=-1,
        last_discarder=(current - 1) % n if pile else -1,
        peek_pending=0,
        revealed=False,
    )
    return GAME.state_from_json(data)  # type: ignore[return-value]
