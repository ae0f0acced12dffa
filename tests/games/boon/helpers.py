"""Building exact Boon situations for rule tests.

Every situation holds the whole deck, each card once (hands, Boon, buried,
won tricks, the current trick, and for 3 players the two removed cards), so
hand-worked point counts always add up to 120.
"""

from __future__ import annotations

from tapete.engine import Event
from tapete.games.boon import GAME
from tapete.games.boon.actions import BURY_BASE, PLAY_BASE
from tapete.games.boon.cards import FACE_TO_ID, NUM_CARDS
from tapete.games.boon.rules import BID, PLAY, BoonState


def ids(faces: str) -> list[int]:
    """Card ids from face tokens separated by spaces: "oro-14 azul-5"."""
    return [FACE_TO_ID[f] for f in faces.split()]


def play(card: str) -> int:
    return PLAY_BASE + FACE_TO_ID[card]


def bury(card: str) -> int:
    return BURY_BASE + FACE_TO_ID[card]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def situation(
    hands: list[str],
    *,
    boon: str = "",
    dealer: int = 0,
    taker: int | None = None,
    buried: str = "",
    piles: list[str] | None = None,
    tricks_won: list[int] | None = None,
    leader: int | None = None,
    victory: list[int] | None = None,
    options: dict[str, str] | None = None,
) -> BoonState:
    """A match whose current round is exactly this.

    With a Boon still untaken the round is in its bidding; with a `taker`
    (Boon taken and buried) or with all passed (`taker=-1`, a Leaster) it is
    in play, `leader` to lead (default: left of the dealer).
    """
    n = len(hands)
    state = GAME.new_match(n, 1, options)
    assert isinstance(state, BoonState)
    state.dealer = dealer
    state.hands = [sorted(ids(h)) for h in hands]
    state.boon = ids(boon)
    state.buried = ids(buried)
    state.piles = [ids(p) for p in piles] if piles else [[] for _ in range(n)]
    state.tricks_won = list(tricks_won) if tricks_won else [0] * n
    state.leader = (dealer + 1) % n if leader is None else leader
    if victory is not None:
        state.victory = list(victory)
    if taker is None:
        state.phase = BID
    else:
        state.phase = PLAY
        state.taker = taker
        state.leaster = taker == -1
        state.passed = (
            list(range(n)) if taker == -1 else [(dealer + 1 + i) % n for i in range((taker - dealer - 1) % n)]
        )
    state._set_turn(state.leader)
    state._legal.clear()
    assert sorted(state.card_ids()) == list(range(NUM_CARDS)), "a situation must hold the whole deck once"
    return state
