"""Boon rules, clause by clause (rules/boon.md, BOO-1..BOO-12)."""

from __future__ import annotations

import json

import pytest

from tapete.engine import IllegalAction, MatchOver, NotYourTurn
from tapete.games.boon import GAME
from tapete.games.boon.actions import DEAL, PASS, TAKE
from tapete.games.boon.cards import FACES, NUM_CARDS, ORO, POINTS, RANK, REMOVED_FOR_THREE, SUIT, points_of
from tapete.games.boon.rules import BURY, OVER, PLAY, ROUND_OVER, BoonState

from .helpers import bury, ids, kinds, play, situation

ALL_FACES = " ".join(FACES)


def new(n: int, seed: int = 1) -> BoonState:
    state = GAME.new_match(n, seed)
    assert isinstance(state, BoonState)
    return state


def the_rest(*used: str) -> str:
    """The faces not named in `used`, in deck order."""
    taken = {f for chunk in used for f in chunk.split()}
    return " ".join(f for f in FACES if f not in taken)


def leaster_with(hands: list[str], leader: int, dealer: int = 0) -> BoonState:
    """A 4-player Leaster in progress: the first 4 unheld cards are the Boon set
    aside, the others are seat 0's earlier tricks."""
    rest = the_rest(*hands).split()
    pile = rest[4:]
    return situation(hands, boon=" ".join(rest[:4]), taker=-1, dealer=dealer, leader=leader,
                     piles=[" ".join(pile), "", "", ""], tricks_won=[len(pile) // 4, 0, 0, 0])  # fmt: skip


# -- BOO-1 / BOO-2 / BOO-3: the cards -------------------------------------------------


def test_boo_1_deck_has_three_side_suits_of_six_and_fourteen_gold() -> None:
    assert NUM_CARDS == 32
    for suit in range(3):
        assert sorted(RANK[c] for c in range(NUM_CARDS) if SUIT[c] == suit) == [1, 2, 3, 4, 5, 6]
    assert sorted(RANK[c] for c in range(NUM_CARDS) if SUIT[c] == ORO) == list(range(1, 15))


def test_boo_1_every_gold_beats_every_side_card_and_gold_14_is_highest() -> None:
    # Seat 1 leads azul-6, seat 2 trumps with the lowest gold, seat 3 and 0 follow low.
    state = leaster_with(["azul-1", "azul-6", "oro-1", "azul-2"], leader=1)
    for seat, card in ((1, "azul-6"), (2, "oro-1"), (3, "azul-2"), (0, "azul-1")):
        events = state.apply(seat, play(card))
    assert [e.data["winner"] for e in events if e.kind == "trick"] == [2]
    state = leaster_with(["oro-13", "oro-14", "azul-6", "oro-12"], leader=1)
    for seat, card in ((1, "oro-14"), (2, "azul-6"), (3, "oro-12"), (0, "oro-13")):
        events = state.apply(seat, play(card))
    assert [e.data["winner"] for e in events if e.kind == "trick"] == [1]


def test_boo_2_points_by_rank_and_the_deck_totals_120() -> None:
    for c in range(NUM_CARDS):
        rank, gold = RANK[c], SUIT[c] == ORO
        expected = {4: 4, 5: 10, 6: 11}.get(rank, 0)
        if gold and 7 <= rank <= 10:
            expected = 2
        if gold and rank >= 11:
            expected = 3
        assert POINTS[c] == expected, FACES[c]
    assert sum(POINTS) == 120
    assert (
        points_of(ids("azul-6 verde-5 rojo-4 oro-6 oro-5 oro-4 oro-7 oro-14 oro-1"))
        == 11 + 10 + 4 + 11 + 10 + 4 + 2 + 3
    )
    assert sum(POINTS[c] for c in REMOVED_FOR_THREE) == 0  # so 3 players also play for 120


def test_boo_3_each_player_starts_with_five_victory_cards() -> None:
    for n in (3, 4):
        state = new(n)
        assert state.victory == [5] * n
        assert state.view(None)["scores"] == [5] * n


# -- BOO-4: the deal ---------------------------------------------------------------------


@pytest.mark.parametrize(("n", "hand", "boon"), [(3, 9, 3), (4, 7, 4)])
def test_boo_4_deal_sizes(n: int, hand: int, boon: int) -> None:
    state = new(n, seed=5)
    assert [len(h) for h in state.hands] == [hand] * n
    assert len(state.boon) == boon
    dealt = sorted(c for h in state.hands for c in h) + sorted(state.boon)
    if n == 3:
        assert not set(dealt) & set(REMOVED_FOR_THREE), "verde 1 and rojo 1 leave the deck with 3 players"
        assert {FACES[c] for c in REMOVED_FOR_THREE} == {"verde-1", "rojo-1"}
    assert len(set(dealt)) == n * hand + boon


def test_boo_4_first_dealer_is_random_and_first_bidder_is_left_of_dealer() -> None:
    dealers = {new(4, seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    for seed in range(10):
        state = new(4, seed)
        assert state.actors() == ((state.dealer + 1) % 4,)


def test_boo_4_the_next_dealer_deals_the_next_round() -> None:
    state = leaster_with(["oro-1", "oro-2", "oro-3", "oro-4"], leader=3, dealer=2)
    for seat, card in ((3, "oro-4"), (0, "oro-1"), (1, "oro-2"), (2, "oro-3")):
        state.apply(seat, play(card))
    assert state.phase == ROUND_OVER
    assert state.actors() == (3,)
    assert state.legal_actions(3) == [DEAL]
    with pytest.raises(IllegalAction) as err:
        state.apply(3, PASS)
    assert err.value.rule == "BOO-4"
    events = state.apply(3, DEAL)
    assert state.dealer == 3 and state.round == 2
    assert state.actors() == (0,)
    assert [len(h) for h in state.hands] == [7] * 4
    hand_events = [e for e in events if e.kind == "hand"]
    assert all(e.audience == frozenset({e.data["seat"]}) for e in hand_events)


# -- BOO-5: taking or passing the Boon, burying ----------------------------------------------


def deal_four() -> BoonState:
    hands = [
        "azul-1 azul-2 verde-3 rojo-4 oro-1 oro-5 oro-9",
        "azul-3 verde-1 verde-4 rojo-2 oro-2 oro-6 oro-10",
        "azul-4 verde-2 rojo-1 rojo-5 oro-3 oro-7 oro-11",
        "azul-5 verde-5 rojo-3 oro-4 oro-8 oro-12 oro-13",
    ]
    return situation(hands, boon="azul-6 verde-6 rojo-6 oro-14", dealer=0)


def test_boo_5_bidding_goes_round_from_the_left_of_the_dealer() -> None:
    state = deal_four()
    assert state.actors() == (1,)
    assert state.legal_actions(1) == [PASS, TAKE]
    with pytest.raises(NotYourTurn) as err:
        state.apply(2, TAKE)
    assert err.value.rule == "BOO-5"
    state.apply(1, PASS)
    assert state.actors() == (2,)


def test_boo_5_the_taker_adds_the_unseen_boon_and_buries_as_many() -> None:
    state = deal_four()
    boon_faces = {"azul-6", "verde-6", "rojo-6", "oro-14"}
    for seat in (None, 0, 1, 2, 3):
        assert not any(f in json.dumps(state.view(seat)) for f in boon_faces), "the Boon is taken blind"
    state.apply(1, PASS)
    events = state.apply(2, TAKE)
    assert state.taker == 2 and state.phase == BURY
    assert len(state.hands[2]) == 11
    private = [e for e in events if e.kind == "boon"]
    assert private[0].audience == frozenset({2}) and set(private[0].data["cards"]) == boon_faces
    assert not any(f in json.dumps(e.data) for e in events if e.audience is None for f in boon_faces)
    # any card may be buried, gold included; a card not held may not
    assert bury("oro-14") in state.legal_actions(2) and bury("oro-11") in state.legal_actions(2)
    with pytest.raises(IllegalAction) as err:
        state.apply(2, bury("oro-13"))
    assert err.value.rule == "BOO-5"
    with pytest.raises(IllegalAction) as err:
        state.apply(2, play("oro-14"))
    assert err.value.rule == "BOO-5"
    for card in ("azul-6", "verde-6", "rojo-6", "oro-11"):
        assert state.phase == BURY
        state.apply(2, bury(card))
    assert state.phase == PLAY
    assert len(state.hands[2]) == 7
    assert state.view(2)["buried"] == ["azul-6", "verde-6", "rojo-6", "oro-11"]
    for seat in (None, 0, 1, 3):
        assert "buried" not in state.view(seat)
        assert state.view(seat)["buried_count"] == 4


def test_boo_5_taker_plays_alone_and_buried_points_count_for_them() -> None:
    # Taker seat 1 buried 43 and won no trick but the last one (3 points): 46, band 31-60.
    hands = ["oro-3", "oro-14", "oro-1", "oro-2"]
    buried = "azul-6 verde-6 rojo-6 azul-5"
    state = situation(hands, taker=1, buried=buried, leader=1, piles=[the_rest(*hands, buried), "", "", ""],
                      tricks_won=[6, 0, 0, 0])  # fmt: skip
    events = state.apply(1, play("oro-14")) + state.apply(2, play("oro-1"))
    events += state.apply(3, play("oro-2")) + state.apply(0, play("oro-3"))
    result = next(e for e in events if e.kind == "round_end").data
    assert result["taker_points"] == 46 and result["buried_points"] == 43
    assert result["defender_points"] == 74  # the three defenders' piles pooled
    assert sorted(result["buried"]) == sorted(buried.split())


# -- BOO-6 / BOO-11: Leaster ---------------------------------------------------------------------


def test_boo_6_when_all_pass_the_round_is_a_leaster() -> None:
    state = deal_four()
    for seat in (1, 2, 3):
        assert not state.apply(seat, PASS)[1:]
    events = state.apply(0, PASS)
    assert kinds(events) == ["pass", "leaster"]
    assert state.leaster and state.taker == -1 and state.phase == PLAY
    assert len(state.boon) == 4, "the Boon is set aside"
    assert state.actors() == (1,), "the player left of the dealer leads"


LEASTER_LAST = ["oro-14", "oro-13", "oro-12", "oro-11"]  # seat 0 leads and wins: 12 points
LEASTER_BOON = "azul-6 verde-6 rojo-6 oro-6"  # 44 points that count for nobody


def leaster_end(piles: list[str], tricks: list[int]) -> dict[str, object]:
    state = situation(LEASTER_LAST, boon=LEASTER_BOON, taker=-1, leader=0, piles=piles, tricks_won=tricks)
    events: list = []
    for seat, card in enumerate(LEASTER_LAST):
        events += state.apply(seat, play(card))
    result: dict[str, object] = next(e for e in events if e.kind == "round_end").data
    assert sum(result["points"]) == 120 - 44  # type: ignore[arg-type]
    return result


def test_boo_11_fewest_points_among_trick_winners_wins_the_leaster() -> None:
    # seat 2 won no trick (0 points) and cannot win; seat 1: one trick, 4 points.
    seat3 = "verde-1 verde-2 verde-3 verde-4 verde-5 rojo-1 rojo-2 rojo-3 rojo-4 rojo-5 azul-5 " \
        "oro-1 oro-2 oro-3 oro-4 oro-5 oro-7 oro-8 oro-9 oro-10"  # fmt: skip
    result = leaster_end(["", "azul-1 azul-2 azul-3 azul-4", "", seat3], [0, 1, 0, 5])
    assert result["points"] == [12, 4, 0, 60]
    assert result["winner"] == 1
    assert result["transfers"] == [[2, 1, 1], [3, 1, 1], [0, 1, 1]]
    assert result["victory"] == [4, 8, 4, 4]


def test_boo_11_tied_points_go_to_fewer_tricks() -> None:
    seat2 = "verde-1 verde-2 verde-3 verde-4 rojo-1 rojo-2 rojo-3 oro-1"  # two tricks, 4 points
    seat3 = "azul-5 verde-5 rojo-5 rojo-4 oro-2 oro-3 oro-4 oro-5 oro-7 oro-8 oro-9 oro-10"
    result = leaster_end(["", "azul-1 azul-2 azul-3 azul-4", seat2, seat3], [0, 1, 2, 3])
    assert result["points"] == [12, 4, 4, 56]
    assert result["winner"] == 1 and result["victory"] == [4, 8, 4, 4]


def test_boo_11_still_tied_nobody_is_paid() -> None:
    seat3 = "azul-5 verde-5 rojo-1 rojo-2 rojo-3 rojo-4 rojo-5 oro-1 oro-2 oro-3 oro-4 oro-5 oro-7 oro-8 oro-9 oro-10"
    result = leaster_end(["", "azul-1 azul-2 azul-3 azul-4", "verde-1 verde-2 verde-3 verde-4", seat3], [0, 1, 1, 4])
    assert result["points"] == [12, 4, 4, 56]
    assert result["winner"] is None and result["transfers"] == []
    assert result["victory"] == [5, 5, 5, 5]


# -- BOO-7 / BOO-8: tricks --------------------------------------------------------------------------


def test_boo_7_left_of_dealer_leads_the_first_trick_even_if_another_took() -> None:
    state = deal_four()
    state.dealer = 2
    state.leader = 3
    state._set_turn(3)
    state.apply(3, PASS)
    state.apply(0, TAKE)
    for card in ("azul-6", "verde-6", "rojo-6", "azul-1"):
        state.apply(0, bury(card))
    assert state.actors() == (3,)


def follow_state() -> BoonState:
    hands = [
        "azul-2 azul-5 verde-1 oro-3",
        "azul-3 rojo-2 oro-9 oro-2",
        "verde-4 rojo-6 oro-6 oro-1",
        "oro-14 oro-13 verde-6 rojo-1",
    ]
    return leaster_with(hands, leader=0)


def test_boo_7_must_follow_the_suit_led_but_need_not_beat() -> None:
    state = follow_state()
    state.apply(0, play("azul-5"))
    assert state.legal_actions(1) == [play("azul-3")], "azul was led and seat 1 holds azul"
    with pytest.raises(IllegalAction) as err:
        state.apply(1, play("oro-9"))
    assert err.value.rule == "BOO-7" and "follow" in err.value.en
    state.apply(1, play("azul-3"))
    # seat 2 has no azul: any card, no duty to trump
    assert len(state.legal_actions(2)) == 4
    state.apply(2, play("rojo-6"))
    assert state.voids[2] == 1 << 0


def test_boo_7_gold_counts_as_a_suit() -> None:
    state = follow_state()
    state.apply(0, play("oro-3"))
    assert state.legal_actions(1) == sorted([play("oro-9"), play("oro-2")])
    # no duty to beat: the low gold is fine
    state.apply(1, play("oro-2"))
    assert state.legal_actions(2) == sorted([play("oro-6"), play("oro-1")])


def test_boo_7_a_card_not_held_is_refused_and_nothing_changes() -> None:
    state = follow_state()
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(0, play("oro-14"))
    assert err.value.rule == "BOO-7" and err.value.es and err.value.en
    assert state.to_json() == before


def test_boo_8_highest_of_suit_led_wins_without_gold_and_winner_leads() -> None:
    state = follow_state()
    for seat, card in ((0, "azul-2"), (1, "azul-3"), (2, "verde-4"), (3, "verde-6")):
        events = state.apply(seat, play(card))
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data == {"winner": 1, "points": 4 + 11}, "a higher card of another suit does not win"
    assert state.actors() == (1,) and state.leader == 1
    assert state.piles[1][-4:] == ids("azul-2 azul-3 verde-4 verde-6")


def test_boo_8_highest_gold_wins() -> None:
    state = follow_state()
    # the lowest gold beats the highest card of the suit led
    for seat, card in ((0, "verde-1"), (1, "oro-2"), (2, "verde-4"), (3, "verde-6")):
        events = state.apply(seat, play(card))
    assert next(e for e in events if e.kind == "trick").data["winner"] == 1
    assert state.turn_rule() == "BOO-8"


# -- BOO-9 / BOO-10: payouts ---------------------------------------------------------------------------

# The last trick of a 4-player round: taker seat 1 leads oro-14 and wins it (3 points).
LAST = ["oro-3", "oro-14", "oro-1", "oro-2"]
HIGH_BURY = "azul-6 verde-6 rojo-6 azul-5"  # 11 + 11 + 11 + 10 = 43
LOW_BURY = "azul-1 azul-2 azul-3 verde-1"  # 0


def taker_end(buried: str, taker_pile: str, victory: list[int] | None = None, options: dict[str, str] | None = None):
    """Play the last trick; seat 0 holds every other defender card (whole tricks)."""
    defenders = the_rest(*LAST, buried, taker_pile)
    assert len(defenders.split()) % 4 == 0 and len(taker_pile.split()) % 4 == 0
    state = situation(LAST, taker=1, buried=buried, leader=1, piles=[defenders, taker_pile, "", ""],
                      tricks_won=[len(defenders.split()) // 4, len(taker_pile.split()) // 4, 0, 0],
                      victory=victory, options=options)  # fmt: skip
    events = []
    for seat, card in ((1, "oro-14"), (2, "oro-1"), (3, "oro-2"), (0, "oro-3")):
        events += state.apply(seat, play(card))
    return state, next(e for e in events if e.kind == "round_end").data


@pytest.mark.parametrize(
    ("taker_pile", "points", "band", "victory"),
    [
        # 43 buried + 45 + 3 = 91: each defender gives 2
        ("verde-5 rojo-5 oro-6 oro-5 oro-4 azul-1 azul-2 azul-3", 91, 1, [3, 11, 3, 3]),
        # 43 + 44 + 3 = 90: 61-90, each defender gives 1
        ("verde-5 rojo-5 oro-6 oro-5 oro-11 azul-1 azul-2 azul-3", 90, 2, [4, 8, 4, 4]),
        # 43 + (10 + 3 + 2 + 0) + 3 = 61: still a win of 1
        ("oro-5 oro-11 oro-7 azul-1", 61, 2, [4, 8, 4, 4]),
        # 43 + (10 + 4) + 3 = 60: a loss, the taker gives each defender 1
        ("oro-5 azul-4 azul-1 azul-2", 60, 3, [6, 2, 6, 6]),
    ],
)
def test_boo_9_point_bands_with_high_burial(taker_pile: str, points: int, band: int, victory: list[int]) -> None:
    state, result = taker_end(HIGH_BURY, taker_pile)
    assert result["taker_points"] == points and result["defender_points"] == 120 - points
    assert result["band"] == band
    assert result["victory"] == victory == state.victory
    assert sum(state.victory) == 20


def test_boo_9_band_31_to_60_at_31() -> None:
    # nothing buried; 11 + 11 + 4 + 2 = 28 in one trick, + 3: 31 loses 1 to each defender
    state, result = taker_end(LOW_BURY, "azul-6 verde-6 azul-4 oro-7")
    assert result["taker_points"] == 31 and result["band"] == 3
    assert state.victory == [6, 2, 6, 6]


def test_boo_9_band_30_or_less() -> None:
    # 11 + 11 + 3 + 2 = 27, + 3: 30, the taker gives each defender 2
    state, result = taker_end(LOW_BURY, "azul-6 verde-6 oro-11 oro-7", victory=[3, 9, 4, 4])
    assert result["taker_points"] == 30 and result["band"] == 4
    assert state.victory == [5, 3, 6, 6]
    assert result["transfers"] == [[1, 2, 2], [1, 3, 2], [1, 0, 2]]


def test_boo_9_every_trick_is_checked_before_91() -> None:
    # the taker won all 7 tricks: 120 points, each defender gives 3 (not 2)
    pile = the_rest(*LAST, HIGH_BURY)
    state = situation(LAST, taker=1, buried=HIGH_BURY, leader=1, piles=["", pile, "", ""], tricks_won=[0, 6, 0, 0])
    events = []
    for seat, card in ((1, "oro-14"), (2, "oro-1"), (3, "oro-2"), (0, "oro-3")):
        events += state.apply(seat, play(card))
    result = next(e for e in events if e.kind == "round_end").data
    assert result["taker_points"] == 120 and result["taker_tricks"] == 7 and result["band"] == 0
    assert state.victory == [2, 14, 2, 2]


def test_boo_9_no_trick_is_checked_before_31_to_60() -> None:
    # 43 points buried but no trick won: the taker gives each defender 3 (not 1)
    last = ["oro-2", "oro-3", "oro-14", "oro-1"]  # seat 2 (a defender) leads and wins
    pile = the_rest(*last, HIGH_BURY)
    state = situation(last, taker=1, buried=HIGH_BURY, leader=2, piles=["", "", pile, ""], tricks_won=[0, 0, 6, 0],
                      victory=[3, 11, 3, 3])  # fmt: skip
    events = []
    for seat, card in ((2, "oro-14"), (3, "oro-1"), (0, "oro-2"), (1, "oro-3")):
        events += state.apply(seat, play(card))
    result = next(e for e in events if e.kind == "round_end").data
    assert result["taker_points"] == 43 and result["taker_tricks"] == 0 and result["band"] == 5
    assert state.victory == [6, 2, 6, 6]


def test_boo_9_payout_table_option() -> None:
    _, result = taker_end(HIGH_BURY, "verde-5 rojo-5 oro-6 oro-5 oro-4 azul-1 azul-2 azul-3",
                          options={"payouts": "4,3,1,-1,-2,-4"})  # fmt: skip
    assert result["band"] == 1 and result["amount"] == 3
    assert result["victory"] == [2, 14, 2, 2]


def test_boo_10_a_taker_short_of_cards_pays_one_at_a_time_from_the_left() -> None:
    # band 30 or less: 2 owed to each of three defenders, but the taker holds 5
    state, result = taker_end(LOW_BURY, "azul-6 verde-6 oro-11 oro-7")
    assert result["transfers"] == [[1, 2, 2], [1, 3, 2], [1, 0, 1]]
    assert state.victory == [6, 0, 7, 7]


def test_boo_10_a_defender_short_of_cards_pays_all_they_have() -> None:
    state, result = taker_end(HIGH_BURY, "verde-5 rojo-5 oro-6 oro-5 oro-4 azul-1 azul-2 azul-3", victory=[1, 9, 5, 5])
    assert result["transfers"] == [[2, 1, 2], [3, 1, 2], [0, 1, 1]]
    assert state.victory == [0, 14, 3, 3]


# -- BOO-12: the end of the match ----------------------------------------------------------------------


def test_boo_12_the_match_ends_when_someone_has_no_victory_cards() -> None:
    state, _ = taker_end(LOW_BURY, "azul-6 verde-6 oro-11 oro-7")
    assert state.victory == [6, 0, 7, 7]
    assert state.is_terminal() and state.phase == OVER and state.actors() == ()
    outcome = state.outcome()
    assert outcome.winners == (2, 3), "a tie for the most victory cards shares the win"
    assert outcome.returns(4) == [0.0, 0.0, 0.5, 0.5]
    assert state.view(0)["winners"] == [2, 3] and state.view(0)["over"]
    with pytest.raises(MatchOver):
        state.apply(0, DEAL)


def test_boo_12_the_match_goes_on_while_everyone_has_cards() -> None:
    state, _ = taker_end(HIGH_BURY, "oro-5 azul-4 azul-1 azul-2")
    assert state.victory == [6, 2, 6, 6]
    assert not state.is_terminal() and state.phase == ROUND_OVER


def test_boo_12_single_winner_with_the_most_cards() -> None:
    state, _ = taker_end(HIGH_BURY, "verde-5 rojo-5 oro-6 oro-5 oro-4 azul-1 azul-2 azul-3", victory=[1, 9, 5, 5])
    assert state.is_terminal() and state.outcome().winners == (1,)
    assert state.outcome().scores == (0.0, 14.0, 3.0, 3.0)


# -- 3 players ---------------------------------------------------------------------------------------------


def test_boo_4_three_players_take_and_bury_three() -> None:
    state = new(3, seed=9)
    first = state.actors()[0]
    state.apply(first, TAKE)
    assert len(state.hands[first]) == 12
    for _ in range(3):
        state.apply(first, state.legal_actions(first)[0])
    assert state.phase == PLAY and len(state.hands[first]) == 9 and len(state.buried) == 3
    assert state.view(first)["boon_size"] == 3
