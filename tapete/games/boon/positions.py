"""Boon positions in the game's own words, and what makes a Boon state wrong.

    from tapete.games.boon.positions import position
    state = position(
        hands=[["oro-14", "azul-3"], ["verde-2", "rojo-5"], ["oro-1", "azul-6"], ["rojo-1", "verde-6"]],
        trick=["verde-4"], leader=3, taker=0, buried=["azul-1", "azul-2", "oro-2", "oro-3"],
    )

Hands, the trick (in the order played, led by `leader`), the taker's buried
cards and each seat's won cards (`piles`) are lists of card faces
(`Game.card_face`). The builder makes positions of the tricks
(`phase="play"`, the default) or of the blind offer (`phase="bid"`: `boon`
holds the blind cards, `turn` is the seat asked). Every card of the deck
(the 32 cards, or the 3-player deck) must be placed exactly once; the piles
may be left out, and then the cards not placed are split between the piles
of the seats that won the tricks they are given in `tricks_won`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine.positions import check_choice, check_seat, fresh, seat_list
from tapete.engine.validate import invalid

from . import GAME
from .checks import problems as problems
from .rules import BID, PLAY, REMOVED, BoonState


def position(
    hands: Sequence[Sequence[str]],
    *,
    phase: str = PLAY,
    trick: Sequence[str] = (),
    leader: int | None = None,
    turn: int | None = None,
    taker: int | None = None,
    leaster: bool = False,
    buried: Sequence[str] = (),
    boon: Sequence[str] = (),
    piles: Sequence[Sequence[str]] | None = None,
    tricks_won: Sequence[int] | None = None,
    victory: Sequence[int] | None = None,
    dealer: int = 0,
    round: int = 1,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> BoonState:
    """A checked Boon state (InvalidState names what is wrong)."""
    n = len(hands)
    state, cards = fresh(GAME, n, options, seed)
    data = state.to_json()
    check_choice(phase, (PLAY, BID), "phase")
    check_seat(dealer, n, "dealer")
    for card in REMOVED.get(n, ()):  # the 3-player deck leaves these out of play
        cards.take(GAME.card_face(card))
    placed_hands = [sorted(cards.take_all(hand)) for hand in hands]
    if phase == BID:
        asked = check_seat((dealer + 1) % n if turn is None else turn, n, "turn")
        data.update(boon=cards.exactly(boon), buried=[], trick=[], piles=[[] for _ in range(n)], taker=-1)
        data.update(leader=(dealer + 1) % n, turn=asked, tricks_won=[0] * n, passed=[])
    else:
        first = check_seat((dealer + 1) % n if leader is None else leader, n, "leader")
        played = cards.take_all(trick)
        if len(played) >= n:
            raise invalid(
                "Una baza en juego tiene menos cartas que jugadores.", "A trick in play has fewer cards than players."
            )
        if not leaster and taker is None:
            raise invalid(
                "Hace falta quién se llevó el Boon (taker) o leaster=True.", "Give the taker, or leaster=True."
            )
        won = list(seat_list(tricks_won, n, 0, "tricks_won"))
        under = cards.take_all(buried)
        if piles is None:
            rest = cards.rest(seed)
            per_trick = rest
            pile_cards: list[list[int]] = [[] for _ in range(n)]
            for seat in range(n):
                take = won[seat] * n
                pile_cards[seat], per_trick = per_trick[:take], per_trick[take:]
            if per_trick:
                raise invalid(
                    f"Quedan {len(per_trick)} cartas sin lugar: dalas en las manos, la baza o las bazas ganadas.",
                    f"{len(per_trick)} cards have no place: put them in hands, the trick or tricks won.",
                )
        else:
            pile_cards = [cards.take_all(pile) for pile in piles[:-1]]
            pile_cards.append(cards.exactly(piles[-1]) if piles else [])
        data.update(boon=[], buried=under, trick=played, piles=pile_cards, tricks_won=won, leader=first)
        data.update(turn=(first + len(played)) % n, taker=-1 if taker is None else check_seat(taker, n, "taker"))
        data.update(passed=[s for s in range(n) if s != taker])
    data.update(
        hands=placed_hands,
        phase=phase,
        leaster=leaster,
        dealer=dealer,
        round=round,
        victory=list(seat_list(victory, n, data["victory"][0], "victory")),
        voids=[0] * n,
        last_trick=[],
        last_leader=-1,
        last_winner=-1,
        last_result=None,
    )
    return GAME.state_from_json(data)  # type: ignore[return-value]
