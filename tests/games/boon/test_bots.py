"""The heuristic Boon bot: its craft in exact situations, and its strength."""

from __future__ import annotations

import random

import pytest

from tapete.engine import Observation
from tapete.games.boon import GAME
from tapete.games.boon.actions import PASS, TAKE, card_of
from tapete.games.boon.bots import BoonBot
from tapete.games.boon.cards import FACES, ORO, SUIT
from tapete.games.boon.rules import BURY, BoonState
from tapete.sim.runner import play_match

from .helpers import ids, play, situation


def decide(state: BoonState, seat: int) -> int:
    bot = BoonBot(random.Random(0))
    bot.start(seat, state.num_players, state.options)
    decision = bot.decide(Observation(state, seat))
    assert decision is not None and decision.action in state.legal_actions(seat)
    return decision.action


def the_rest(*used: str) -> list[str]:
    taken = {f for chunk in used for f in chunk.split()}
    return [f for f in FACES if f not in taken]


def deal_to(seat: int, hand: str, boon: str = "") -> BoonState:
    """A 4-player deal giving `hand` to `seat`, who bids first."""
    rest = the_rest(hand, boon)
    boon_cards = boon.split() or rest[21:]
    rest = [f for f in rest if f not in boon_cards]
    hands = [" ".join(rest[i * 7 : i * 7 + 7]) for i in range(3)]
    hands.insert(seat, hand)
    return situation(hands, boon=" ".join(boon_cards), dealer=(seat - 1) % 4)


def test_takes_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = deal_to(0, "oro-14 oro-13 oro-12 oro-11 oro-10 azul-6 verde-6")
    assert decide(strong, 0) == TAKE
    weak = deal_to(0, "azul-1 azul-2 verde-1 verde-2 rojo-1 rojo-3 oro-1")
    assert decide(weak, 0) == PASS


def test_buries_side_points_it_cannot_protect_and_keeps_its_gold() -> None:
    state = deal_to(0, "oro-14 oro-13 oro-12 oro-11 oro-10 azul-5 verde-5", boon="rojo-1 rojo-2 oro-1 verde-1")
    state.apply(0, TAKE)
    assert state.phase == BURY
    while state.phase == BURY:
        state.apply(0, decide(state, 0))
    buried = [FACES[c] for c in state.buried]
    assert not [c for c in state.buried if SUIT[c] == ORO], buried
    assert {"azul-5", "verde-5"} <= set(buried)


def trick_situation(hands: list[str], plays: list[tuple[int, str]], *, taker: int, leader: int,
                    tricks_won: list[int] | None = None) -> BoonState:  # fmt: skip
    """Hands include the cards about to be played; the other cards are the
    taker's buried (or a Leaster's Boon) and seat 0's earlier tricks."""
    rest = the_rest(*hands)
    aside, pile = " ".join(rest[:4]), " ".join(rest[4:])
    if taker >= 0:
        state = situation(hands, taker=taker, buried=aside, leader=leader, piles=[pile, "", "", ""],
                          tricks_won=tricks_won)  # fmt: skip
    else:
        state = situation(hands, boon=aside, taker=-1, leader=leader, piles=[pile, "", "", ""], tricks_won=tricks_won)
    for seat, card in plays:
        state.apply(seat, play(card))
    return state


def test_defender_plays_low_while_a_partner_wins_and_the_taker_is_still_to_play() -> None:
    hands = ["azul-6 verde-1", "azul-5 azul-1 oro-3 oro-12", "azul-2 verde-2", "azul-3 oro-4"]
    state = trick_situation(hands, [(0, "azul-6")], taker=3, leader=0)
    assert decide(state, 1) == play("azul-1")


def test_defender_smears_points_when_the_trick_is_safe() -> None:
    hands = ["azul-6 verde-1", "azul-5 azul-1 oro-3 oro-12", "azul-4 verde-2", "azul-2 oro-4"]
    state = trick_situation(hands, [(3, "azul-2"), (0, "azul-6")], taker=3, leader=3)
    assert decide(state, 1) == play("azul-5")


def test_defender_trumps_a_trick_worth_taking_with_its_lowest_gold() -> None:
    hands = ["verde-2 rojo-1 oro-2 oro-9", "azul-4 verde-3", "azul-1 verde-4", "azul-6 oro-5"]
    state = trick_situation(hands, [(2, "azul-1"), (3, "azul-6")], taker=3, leader=2)
    assert decide(state, 0) == play("oro-2")


def test_leaster_with_a_trick_already_dumps_points_without_winning() -> None:
    hands = ["azul-3 verde-1", "azul-4 verde-2", "verde-6 rojo-5 oro-4 oro-1", "azul-1 rojo-1"]
    state = trick_situation(hands, [(0, "azul-3"), (1, "azul-4")], taker=-1, leader=0, tricks_won=[2, 0, 1, 0])
    assert decide(state, 2) == play("verde-6")


def test_leaster_without_a_trick_takes_a_cheap_one_when_last() -> None:
    hands = ["azul-2 verde-1", "azul-3 verde-2", "oro-2 oro-12 verde-3 rojo-2", "azul-1 rojo-1"]
    state = trick_situation(hands, [(3, "azul-1"), (0, "azul-2"), (1, "azul-3")], taker=-1, leader=3,
                            tricks_won=[3, 0, 0, 0])  # fmt: skip
    assert decide(state, 2) == play("oro-2")


def test_taker_leads_its_master_gold_to_pull_trumps() -> None:
    hands = ["oro-14 oro-2 azul-6 verde-5", "azul-1 oro-3", "azul-2 oro-4", "azul-3 oro-5"]
    state = trick_situation(hands, [], taker=0, leader=0)
    assert card_of(decide(state, 0)) == ids("oro-14")[0]


def test_the_bot_only_reads_its_own_view() -> None:
    """The decision depends on the observation only: two worlds the seat cannot
    tell apart get the same decision."""
    state = deal_to(0, "oro-14 oro-13 oro-12 azul-1 azul-2 verde-3 rojo-4")
    for i in range(5):
        world = state.determinize(0, random.Random(i))
        assert decide(world, 0) == decide(state, 0)


@pytest.mark.parametrize(("n", "matches", "floor"), [(4, 120, 0.38), (3, 60, 0.55)])
def test_heuristic_beats_random_bots_clearly(n: int, matches: int, floor: float) -> None:
    """Fair share is 1/n; the heuristic seat must win far more often."""
    wins = 0.0
    for m in range(matches):
        seat = m % n
        kinds = ["random"] * n
        kinds[seat] = "heuristic"
        result = play_match(GAME, n, kinds, seed=500 + m)
        assert result.error is None, result.error
        wins += result.returns[seat]
    assert wins / matches >= floor, f"heuristic won {wins / matches:.2f} of {n}-player matches"
