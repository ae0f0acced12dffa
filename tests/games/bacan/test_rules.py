"""One or more tests per rule of rules/bacan.md (BAC-1..BAC-30)."""

from __future__ import annotations

from collections import Counter

import pytest

from tapete.engine import BadPlayers, IllegalAction
from tapete.games import get_game
from tapete.games.bacan.actions import DEAL, EXCHANGE, MAX_ROW, PEEK, PLUS_ONE, SECRET, SPY
from tapete.games.bacan.cards import FACE, JOKERS, NUM_CARDS, RANK, SUITS, VALUE
from tapete.games.bacan.rules import ROW_FULL_PENALTY, BacanState

from .helpers import act, aid, cid, faces, kinds, know, new_match, table

GAME = get_game("bacan")


def _rejected(state: BacanState, who: int, rule: str, /, **action: object) -> None:
    """The action is refused naming `rule`, in es and en, and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        act(state, who, **action)
    assert err.value.rule == rule, (err.value.rule, err.value.en)
    assert err.value.es and err.value.en
    assert state.to_json() == before


def _kinds_of(state: BacanState, seat: int) -> set[int]:
    return {state.space.table[a][0] for a in state.legal_actions(seat)}


# -- deck and values ---------------------------------------------------------------
def test_bac1_deck_is_five_suits_of_eleven_and_three_comodines() -> None:
    """BAC-1: 58 cards: 5 suits x (1-7 + four powers) + 3 comodines."""
    assert NUM_CARDS == 58 == len(FACE)
    ranks = Counter(RANK)
    assert all(ranks[r] == len(SUITS) == 5 for r in range(1, 12))
    assert ranks[12] == 3 and len(JOKERS) == 3
    assert len(set(FACE)) == 56  # the three comodines share a face
    state = new_match(4, 1)
    assert sorted(state.card_ids()) == list(range(NUM_CARDS))


def test_bac2_values_number_power_comodin() -> None:
    """BAC-2: a number is its number, a power card 10, a comodín -1."""
    assert VALUE[cid("rojo-7")] == 7
    assert VALUE[cid("azul-1")] == 1
    for power in ("secreto", "espia", "intercambio", "mas1"):
        assert VALUE[cid(f"verde-{power}")] == 10
    assert VALUE[cid("comodin1")] == -1
    state = table([["rojo-1", "azul-7", "verde-secreto", "comodin1"], ["rojo-2"]])
    assert state.row_total(0) == 1 + 7 + 10 - 1


def test_bac3_two_to_eight_players() -> None:
    """BAC-3: 2 to 8 players."""
    for n in (2, 8):
        assert new_match(n, 3).num_players == n
    for n in (1, 9):
        with pytest.raises(BadPlayers):
            new_match(n, 3)


# -- match ----------------------------------------------------------------------------
def test_bac4_reaching_the_limit_eliminates_and_the_match_goes_on() -> None:
    """BAC-4: a score >= limit is eliminated; the others play on."""
    state = table(
        [["rojo-1", "azul-1"], ["rojo-7", "azul-7"], ["verde-2", "verde-3"]],
        scores=[0, 140, 10],
    )
    events = act(state, 0, type="call_bacan")
    assert state.scores == [-5, 154, 15]
    assert state.in_play == [True, False, True]
    assert "eliminated" in kinds(events)
    assert not state.is_terminal()
    assert state.phase == "deal"
    act(state, state.dealer, type="peek_count", count=0)
    assert state.rows[1] == [] and len(state.rows[0]) == len(state.rows[2]) == 4


def test_bac4_last_player_left_wins() -> None:
    """BAC-4: the last player left wins the match."""
    state = table([["rojo-1"], ["rojo-7", "azul-7"]], scores=[0, 140])
    act(state, 0, type="call_bacan")
    assert state.is_terminal()
    assert state.outcome().winners == (0,)
    assert state.actors() == ()


@pytest.mark.parametrize("limit", [150, 100, 50, 37])
def test_bac4_limit_option_normal_intermedia_rapida_custom(limit: int) -> None:
    """BAC-4: option `limit`: 150, 100, 50 or any positive number."""
    state = table([["rojo-1"], ["rojo-7"]], scores=[0, limit - 7], options={"limit": limit})
    act(state, 0, type="call_bacan")
    assert state.scores[1] == limit
    assert state.outcome().winners == (0,)
    below = table([["rojo-1"], ["rojo-6"]], scores=[0, limit - 7], options={"limit": limit})
    act(below, 0, type="call_bacan")
    assert not below.is_terminal()


def test_bac5_all_eliminated_lowest_score_wins_or_shares() -> None:
    """BAC-5: everyone left eliminated in one round: the lowest score wins; ties share."""
    state = table([["rojo-7"], ["azul-7"]], scores=[145, 148], deck=["verde-4"])
    act(state, 0, type="call_bacan")  # failed: 7 + penalty 4
    assert state.scores == [156, 155]
    assert state.outcome().winners == (1,)
    tie = table([["rojo-7"], ["azul-7"]], scores=[145, 148], deck=["verde-3"])
    act(tie, 0, type="call_bacan")
    assert tie.scores == [155, 155]
    assert tie.outcome().winners == (0, 1)
    assert tie.outcome().returns(2) == [0.5, 0.5]


def test_bac6_anti_bacan_exact_limit_wins() -> None:
    """BAC-6: with anti_bacan, landing exactly on the limit wins the match."""
    rows = [["rojo-1"], ["rojo-7"], ["azul-6"]]
    state = table(rows, scores=[0, 143, 0], options={"anti_bacan": True})
    act(state, 0, type="call_bacan")
    assert state.is_terminal() and state.outcome().winners == (1,)
    plain = table(rows, scores=[0, 143, 0])
    act(plain, 0, type="call_bacan")
    assert plain.in_play == [True, False, True] and not plain.is_terminal()


def test_bac6_anti_bacan_several_share() -> None:
    """BAC-6: several on the limit at once share the win."""
    state = table([["rojo-1"], ["rojo-7"], ["azul-7"]], scores=[0, 143, 143], options={"anti_bacan": True})
    act(state, 0, type="call_bacan")
    assert state.outcome().winners == (1, 2)


# -- a round ----------------------------------------------------------------------------
def test_bac7_first_dealer_random_and_four_cards_each() -> None:
    """BAC-7: the first dealer is random; everyone gets 4 face-down cards."""
    dealers = {new_match(4, seed).dealer for seed in range(30)}
    assert len(dealers) > 1
    state = new_match(5, 9)
    assert state.actors() == (state.dealer,)
    act(state, state.dealer, type="peek_count", count=0)
    assert [len(r) for r in state.rows] == [4] * 5
    assert len(state.deck) == NUM_CARDS - 20
    assert state.hidden_cards(0) == list(range(NUM_CARDS))  # nobody looked


def test_bac7_deal_passes_to_the_right() -> None:
    """BAC-7: each new round the next seat in play deals."""
    state = table([["rojo-1"], ["rojo-7"], ["azul-7"]], dealer=1, current=2)
    act(state, 2, type="call_bacan")
    assert state.dealer == 2 and state.actors() == (2,)


def test_bac7_new_slot_at_the_right_end_and_mirrored_slot_removed() -> None:
    """BAC-7: a penalty card is added at the right end; a mirrored slot disappears."""
    state = table([["rojo-1", "azul-2"], ["rojo-5", "verde-7", "azul-3"]], discard=["amarillo-7"], deck=["violeta-6"])
    act(state, 1, type="mirror", slot=0)  # wrong: a 5 on a 7
    assert faces(state, 1) == ["rojo-5", "verde-7", "azul-3", "violeta-6"]
    act(state, 1, type="mirror", slot=1)  # right
    assert faces(state, 1) == ["rojo-5", "azul-3", "violeta-6"]


def test_bac7_row_cap_penalty_points_instead_of_a_card() -> None:
    """BAC-7 ruling: a full row (MAX_ROW) owes 10 points instead of a penalty card."""
    full = ["rojo-1", "rojo-2", "rojo-3", "rojo-4", "rojo-5", "rojo-6", "azul-1", "azul-2"]
    assert len(full) == MAX_ROW
    state = table([["verde-1"], full], discard=["amarillo-7"])
    events = act(state, 1, type="mirror", slot=0)
    assert len(state.rows[1]) == MAX_ROW
    assert state.penalty_points[1] == ROW_FULL_PENALTY
    assert events[-1].data["penalty_points"] == ROW_FULL_PENALTY
    assert state.row_total(1) == 1 + 2 + 3 + 4 + 5 + 6 + 1 + 2 + ROW_FULL_PENALTY
    assert state.view(0)["rows"][1]["penalty_points"] == ROW_FULL_PENALTY


def test_bac8_dealer_chooses_n_then_everyone_peeks_at_once() -> None:
    """BAC-8: the dealer chooses N; every player then picks N of their own slots."""
    state = new_match(4, 5)
    dealer = state.dealer
    assert _kinds_of(state, dealer) == {DEAL}
    act(state, dealer, type="peek_count", count=2)
    assert state.phase == "peek"
    assert state.actors() == state.required_actors() == (0, 1, 2, 3)
    assert all(_kinds_of(state, s) == {PEEK} for s in range(4))
    assert len(state.legal_actions(0)) == 6  # C(4, 2) choices
    _rejected(state, 0, "BAC-8", type="peek", slots=[0, 1, 2])
    events = act(state, 2, type="peek", slots=[1, 3])
    assert events[0].audience == frozenset({2})
    row = state.rows[2]
    assert events[0].data["cards"] == [FACE[row[1]], FACE[row[3]]]
    assert state.knows(2, row[1]) and not state.knows(0, row[1])
    assert state.actors() == (0, 1, 3)
    _rejected(state, 2, "BAC-8", type="peek", slots=[0, 2])
    for seat in (0, 1, 3):
        act(state, seat, type="peek", slots=[0, 1])
    assert state.phase == "turn"
    assert state.current == (dealer + 1) % 4


def test_bac8_zero_skips_and_four_shows_the_whole_row() -> None:
    """BAC-8: N = 0 means no peek; N = 4 shows everyone their whole row."""
    zero = new_match(3, 6)
    act(zero, zero.dealer, type="peek_count", count=0)
    assert zero.phase == "turn"
    four = new_match(3, 6)
    events = act(four, four.dealer, type="peek_count", count=4)
    assert four.phase == "turn"
    peeks = [e for e in events if e.kind == "peek"]
    assert sorted(next(iter(e.audience or ())) for e in peeks) == [0, 1, 2]
    for seat in range(3):
        assert all(four.knows(seat, c) for c in four.rows[seat])
        assert not any(four.knows(seat, c) for c in four.rows[(seat + 1) % 3])


def test_bac9_dealers_right_plays_first_and_turns_go_right() -> None:
    """BAC-9: the player after the dealer starts; turns go to the next seat in play."""
    state = table(
        [["rojo-1"], [], ["rojo-3"], ["rojo-4"]],
        current=3,
        in_play=[True, False, True, True],
        deck=["azul-5"],
    )
    act(state, 3, type="draw", source="deck")
    act(state, 3, type="discard")
    assert state.current == 0
    _rejected(state, 1, "BAC-9", type="call_bacan")
    fresh = new_match(4, 8)
    dealer = fresh.dealer
    act(fresh, dealer, type="peek_count", count=0)
    assert fresh.actors() == ((dealer + 1) % 4,)


def test_bac10_classic_view_forgets_assisted_view_shows() -> None:
    """BAC-10: classic memory hides seen cards in the view; assisted keeps them."""
    for memory, shown in (("classic", None), ("assisted", "rojo-1")):
        state = table([["rojo-1", "azul-2"], ["rojo-7"]], options={"memory": memory})
        know(state, 0, "rojo-1")
        assert state.view(0)["rows"][0]["cards"] == [shown, None]
        assert state.view(1)["rows"][0]["cards"] == [None, None]
        assert cid("rojo-1") not in state.hidden_cards(0)
        assert cid("rojo-1") in state.hidden_cards(1)


def test_bac10_knowledge_follows_a_moved_card() -> None:
    """BAC-10: a card moved in front of everyone is still known at its new place."""
    state = table(
        [["rojo-1", "azul-2"], ["rojo-7", "verde-3"]],
        deck=["amarillo-intercambio"],
        options={"memory": "assisted"},
    )
    know(state, 0, "rojo-1")
    know(state, 1, "verde-3")
    assert state.view(1)["rows"][1]["cards"] == [None, "verde-3"]
    act(state, 0, type="draw", source="deck")
    act(state, 0, type="exchange", seat=0, slot=0)
    act(state, 0, type="exchange", seat=1, slot=1)
    assert faces(state, 0) == ["verde-3", "azul-2"] and faces(state, 1) == ["rojo-7", "rojo-1"]
    assert state.view(0)["rows"][1]["cards"] == [None, "rojo-1"]  # the mover's view follows it
    # moved by someone else: seat 1 still knows it, but its assisted view stops showing it
    assert state.view(1)["rows"][0]["cards"] == [None, None]
    assert state.knows(1, cid("verde-3")) and cid("verde-3") not in state.hidden_cards(1)


def test_bac10_a_new_look_shows_a_moved_card_again() -> None:
    """BAC-10: seeing a moved card again (Espía) brings it back to the assisted view."""
    state = table(
        [["rojo-1", "azul-2"], ["rojo-7", "verde-3"]],
        deck=["amarillo-intercambio", "azul-espia", "rojo-2"],
        options={"memory": "assisted"},
    )
    know(state, 1, "verde-3")
    act(state, 0, type="draw", source="deck")
    act(state, 0, type="exchange", seat=0, slot=0)
    act(state, 0, type="exchange", seat=1, slot=1)
    act(state, 1, type="draw", source="deck")
    act(state, 1, type="spy", seat=0, slot=0)
    assert state.view(1)["rows"][0]["cards"] == ["verde-3", None]


# -- a turn ----------------------------------------------------------------------------------
def test_bac11_call_only_at_the_start_of_your_own_turn() -> None:
    """BAC-11: Bacan is called at the start of your own turn, before drawing."""
    state = table([["rojo-1"], ["rojo-2"], ["rojo-3"]], discard=["azul-5"], deck=["verde-4"])
    _rejected(state, 1, "BAC-11", type="call_bacan")  # a reacting seat, not its turn
    act(state, 0, type="draw", source="deck")
    _rejected(state, 0, "BAC-11", type="call_bacan")


def test_bac12_draw_from_deck_is_private() -> None:
    """BAC-12: the drawn card is seen by its drawer only."""
    state = table([["rojo-1"], ["rojo-2"]], deck=["verde-4"])
    events = act(state, 0, type="draw", source="deck")
    public = [e for e in events if e.audience is None]
    private = [e for e in events if e.audience is not None]
    assert all("verde-4" not in str(e.data) for e in public)
    assert [e.data["card"] for e in private] == ["verde-4"] and private[0].audience == frozenset({0})
    assert state.view(0)["held"] == "verde-4" and state.view(1)["held"] is None


def test_bac12_discard_pile_from_the_second_turn() -> None:
    """BAC-12: the discard pile may be taken from your second turn of the round on."""
    first = table([["rojo-1"], ["rojo-2"]], discard=["azul-5"])
    _rejected(first, 0, "BAC-12", type="draw", source="discard")
    second = table([["rojo-1"], ["rojo-2"]], discard=["azul-5"], turns=[1, 1])
    events = act(second, 0, type="draw", source="discard")
    assert second.held == cid("azul-5") and events[0].data["card"] == "azul-5"


def test_bac12_option_lap_one_allows_it_at_once() -> None:
    """BAC-12: option discard_draw_from_lap = 1 allows it whenever the pile is not empty."""
    state = table([["rojo-1"], ["rojo-2"]], discard=["azul-5"], options={"discard_draw_from_lap": 1})
    act(state, 0, type="draw", source="discard")
    assert state.phase == "drawn"
    empty = table([["rojo-1"], ["rojo-2"]], options={"discard_draw_from_lap": 1})
    _rejected(empty, 0, "BAC-12", type="draw", source="discard")


def test_bac13_swap_discard_or_use() -> None:
    """BAC-13: swap the drawn card in (the replaced card goes face up), or discard it."""
    state = table([["rojo-6", "azul-2"], ["rojo-2"]], deck=["verde-1", "amarillo-5"])
    act(state, 0, type="draw", source="deck")
    events = act(state, 0, type="swap", slot=0)
    assert faces(state, 0) == ["verde-1", "azul-2"]
    assert state.discard[-1] == cid("rojo-6") and events[0].data["card"] == "rojo-6"
    assert state.knows(1, cid("rojo-6")) and state.knows(None, cid("rojo-6"))
    assert state.knows(0, cid("verde-1")) and not state.knows(1, cid("verde-1"))
    assert state.current == 1
    act(state, 1, type="draw", source="deck")
    act(state, 1, type="discard")
    assert state.discard[-1] == cid("amarillo-5") and faces(state, 1) == ["rojo-2"]


def test_bac14_card_from_discard_must_be_swapped_and_has_no_power() -> None:
    """BAC-14: a card taken from the discard pile must be swapped in; a power card has no power."""
    state = table([["rojo-1", "azul-2"], ["rojo-7"]], discard=["verde-espia"], turns=[1, 1])
    act(state, 0, type="draw", source="discard")
    _rejected(state, 0, "BAC-14", type="discard")
    _rejected(state, 0, "BAC-14", type="spy", seat=1, slot=0)
    assert _kinds_of(state, 0) == {7}  # SWAP only
    act(state, 0, type="swap", slot=1)
    assert faces(state, 0) == ["rojo-1", "verde-espia"] and state.discard[-1] == cid("azul-2")


def test_bac14_no_discard_draw_with_an_empty_row() -> None:
    """BAC-14: with no card to swap out, the discard pile cannot be taken."""
    state = table([[], ["rojo-7"]], discard=["verde-2"], turns=[1, 1])
    _rejected(state, 0, "BAC-14", type="draw", source="discard")


def test_bac15_empty_deck_reshuffles_the_discard_pile() -> None:
    """BAC-15: an empty deck is rebuilt from the whole discard pile, shuffled."""
    state = table([["rojo-1"], ["rojo-2"]], discard=["azul-5", "verde-6", "comodin1"])
    state.deck = []
    state.spent = 1 << cid("comodin1")
    others = [c for c in range(NUM_CARDS) if c not in state.card_ids()]
    state.rows[1].extend(others)  # park the rest so the deck is truly empty
    events = act(state, 0, type="draw", source="deck")
    assert kinds(events)[0] == "reshuffle"
    assert state.discard == [] and len(state.deck) == 2
    assert state.held in {cid("azul-5"), cid("verde-6"), cid("comodin1")}
    assert state.spent == 0  # BAC-20: a shuffle makes every card fresh
    assert not state.knows(None, state.deck[0])


def test_bac15_nothing_to_draw_ends_the_round() -> None:
    """BAC-15: with deck and discard empty, the round ends and everyone adds their row."""
    all_faces = [f for f in FACE if f != "comodin"] + ["comodin1", "comodin2", "comodin3"]
    sizes = [8, 8, 7, 7, 7, 7, 7, 7]
    rows, start = [], 0
    for size in sizes:
        rows.append(all_faces[start : start + size])
        start += size
    state = table(rows)
    assert state.deck == [] and state.discard == []
    totals = [state.row_total(s) for s in range(8)]
    events = act(state, 0, type="draw", source="deck")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["result"] == "exhausted"
    assert state.scores == totals


# -- powers --------------------------------------------------------------------------------------
def test_bac16_power_only_when_drawn_from_the_deck_then_discarded() -> None:
    """BAC-16: a power card drawn from the deck may be used; it then goes to the discard pile."""
    state = table([["rojo-1", "azul-2"], ["rojo-7"]], deck=["verde-secreto"])
    act(state, 0, type="draw", source="deck")
    assert SECRET in _kinds_of(state, 0)
    _rejected(state, 0, "BAC-16", type="spy", seat=1, slot=0)
    act(state, 0, type="secret", slot=1)
    assert state.discard[-1] == cid("verde-secreto") and state.knows(1, cid("verde-secreto"))
    in_row = table([["verde-secreto"], ["rojo-7"]])
    assert in_row.row_total(0) == 10


def test_bac17_secreto_looks_at_your_own_slot() -> None:
    """BAC-17 Secreto: look privately at one of your own slots."""
    state = table([["rojo-1", "azul-2"], ["rojo-7"]], deck=["verde-secreto"])
    act(state, 0, type="draw", source="deck")
    events = act(state, 0, type="secret", slot=1)
    look = next(e for e in events if e.kind == "look")
    assert look.audience == frozenset({0}) and look.data["card"] == "azul-2"
    assert state.knows(0, cid("azul-2")) and not state.knows(1, cid("azul-2"))
    assert all("azul-2" not in str(e.data) for e in events if e.audience is None)


def test_bac17_espia_looks_at_another_players_slot() -> None:
    """BAC-17 Espía: look at one slot of another player (not your own)."""
    state = table([["rojo-1"], ["rojo-7", "verde-3"]], deck=["verde-espia"])
    act(state, 0, type="draw", source="deck")
    _rejected(state, 0, "BAC-17", type="spy", seat=0, slot=0)
    events = act(state, 0, type="spy", seat=1, slot=1)
    assert next(e for e in events if e.kind == "look").data["card"] == "verde-3"
    assert state.knows(0, cid("verde-3")) and not state.knows(1, cid("verde-3"))


def test_bac18_intercambio_swaps_two_players_slots_unseen() -> None:
    """BAC-18 Intercambio: swap two slots of two different players without looking."""
    state = table([["rojo-1", "azul-2"], ["rojo-7", "verde-3"], ["amarillo-4"]], deck=["verde-intercambio"])
    act(state, 0, type="draw", source="deck")
    act(state, 0, type="exchange", seat=1, slot=0)
    assert state.phase == "exchange" and _kinds_of(state, 0) == {EXCHANGE}
    _rejected(state, 0, "BAC-18", type="exchange", seat=1, slot=1)
    act(state, 0, type="exchange", seat=2, slot=0)
    assert faces(state, 1) == ["amarillo-4", "verde-3"] and faces(state, 2) == ["rojo-7"]
    assert not any(state.knows(s, cid("rojo-7")) for s in range(3))
    assert state.discard[-1] == cid("verde-intercambio") and state.current == 1


def test_bac19_plus_one_gives_another_player_an_unseen_card() -> None:
    """BAC-19 +1: another player draws the deck's top card into a new slot, unseen."""
    state = table([["rojo-1"], ["rojo-7"]], deck=["verde-mas1", "azul-6"])
    act(state, 0, type="draw", source="deck")
    _rejected(state, 0, "BAC-19", type="plus_one", seat=0)
    act(state, 0, type="plus_one", seat=1)
    assert faces(state, 1) == ["rojo-7", "azul-6"]
    assert not any(state.knows(s, cid("azul-6")) for s in range(2))


def test_bac19_plus_one_cannot_target_a_full_row() -> None:
    """BAC-19 with the row cap (BAC-7): a full row cannot take a +1."""
    full = ["rojo-1", "rojo-2", "rojo-3", "rojo-4", "rojo-5", "rojo-6", "azul-1", "azul-2"]
    state = table([["verde-1"], full, ["verde-2"]], deck=["verde-mas1"])
    act(state, 0, type="draw", source="deck")
    _rejected(state, 0, "BAC-19", type="plus_one", seat=1)
    assert aid(state, type="plus_one", seat=2) in state.legal_actions(0)


def test_bac20_comodin_from_the_deck_imitates_any_power_or_stays() -> None:
    """BAC-20: a comodín drawn from the deck may use any of the four powers or be kept as -1."""
    state = table([["rojo-7", "azul-2"], ["rojo-1"]], deck=["comodin1"])
    act(state, 0, type="draw", source="deck")
    assert {SECRET, SPY, EXCHANGE, PLUS_ONE} <= _kinds_of(state, 0)
    act(state, 0, type="swap", slot=0)
    assert state.row_total(0) == -1 + 2
    used = table([["rojo-7"], ["rojo-1"]], deck=["comodin2"])
    act(used, 0, type="draw", source="deck")
    act(used, 0, type="plus_one", seat=1)
    assert used.discard[-1] == JOKERS[1] and used.spent >> JOKERS[1] & 1
    assert used.view(1)["discard_top_spent"] is True


def test_bac20_comodin_from_the_discard_keeps_its_power_unless_spent() -> None:
    """BAC-20: a fresh comodín taken from the discard pile keeps its power; a spent one is a -1."""
    fresh = table([["rojo-7"], ["rojo-1"]], discard=["comodin1"], turns=[1, 1])
    act(fresh, 0, type="draw", source="discard")
    assert PLUS_ONE in _kinds_of(fresh, 0)
    spent = table([["rojo-7"], ["rojo-1"]], discard=["comodin1"], turns=[1, 1])
    spent.spent = 1 << cid("comodin1")
    act(spent, 0, type="draw", source="discard")
    _rejected(spent, 0, "BAC-20", type="plus_one", seat=1)


def test_bac20_option_drawn_only() -> None:
    """BAC-20: joker_power = drawn_only: only a comodín drawn from the deck has power."""
    options = {"joker_power": "drawn_only"}
    state = table([["rojo-7"], ["rojo-1"]], discard=["comodin1"], turns=[1, 1], options=options)
    _rejected(state, 0, "BAC-20", type="row_joker", slot=0)
    act(state, 0, type="draw", source="discard")
    _rejected(state, 0, "BAC-20", type="plus_one", seat=1)
    drawn = table([["rojo-7"], ["rojo-1"]], deck=["comodin2"], options=options)
    act(drawn, 0, type="draw", source="deck")
    assert PLUS_ONE in _kinds_of(drawn, 0)


def test_bac20_comodin_from_your_row_instead_of_drawing() -> None:
    """BAC-20: reveal a comodín of your row at the start of your turn and use it."""
    state = table([["rojo-7", "comodin3", "azul-2"], ["rojo-1"]], deck=["verde-5"])
    know(state, 0, "comodin3")
    events = act(state, 0, type="row_joker", slot=1)
    assert events[0].data["ok"] and faces(state, 0) == ["rojo-7", "azul-2"]
    assert state.knows(1, cid("comodin3"))
    _rejected(state, 0, "BAC-20", type="swap", slot=0)
    act(state, 0, type="plus_one", seat=1)
    assert faces(state, 1) == ["rojo-1", "verde-5"]
    assert state.discard[-1] == cid("comodin3") and state.spent >> cid("comodin3") & 1
    assert state.current == 1 and state.turns[0] == 1


def test_bac20_declaring_a_comodin_you_do_not_have_is_penalized() -> None:
    """BAC-20 ruling: a wrong declaration shows the card, it stays, and a penalty card follows."""
    state = table([["rojo-7", "azul-2"], ["rojo-1"]], deck=["verde-5"])
    events = act(state, 0, type="row_joker", slot=0)
    assert not events[-1].data["ok"] and events[-1].data["card"] == "rojo-7"
    assert faces(state, 0) == ["rojo-7", "azul-2", "verde-5"]
    assert state.knows(1, cid("rojo-7"))
    assert state.phase == "turn" and state.current == 0  # the turn goes on


# -- mirrors ---------------------------------------------------------------------------------
def test_bac21_espejo_out_of_turn_keeps_the_window_open() -> None:
    """BAC-21 espejo: any player discards a matching slot; the row shrinks; the window stays open."""
    state = table([["rojo-1"], ["azul-2"], ["verde-7", "azul-3"]], discard=["rojo-7"], current=1, last_discarder=0)
    assert state.actors() == (0, 1, 2) and state.required_actors() == (1,)
    assert state.is_reaction(2, aid(state, type="mirror", slot=0))
    assert not state.is_reaction(1, aid(state, type="draw", source="deck"))
    events = act(state, 2, type="mirror", slot=0)
    assert events[0].data["ok"] and events[0].data["variant"] == "mirror"
    assert faces(state, 2) == ["azul-3"] and state.discard[-1] == cid("verde-7")
    assert state.actors() == (0, 1, 2)


def test_bac21_autoespejo_by_the_player_who_just_discarded() -> None:
    """BAC-21 autoespejo: the player who just discarded mirrors their own twin."""
    state = table([["rojo-7", "azul-1"], ["rojo-2"]], deck=["verde-7"])
    act(state, 0, type="draw", source="deck")
    act(state, 0, type="discard")
    events = act(state, 0, type="mirror", slot=0)
    assert events[0].data["variant"] == "self_mirror" and events[0].data["ok"]
    assert faces(state, 0) == ["azul-1"]


def test_bac21_espejo_ajeno_then_give_a_slot() -> None:
    """BAC-21 espejo ajeno: discard another player's slot, then give them one of yours."""
    state = table([["rojo-1", "verde-7"], ["azul-2"], ["amarillo-5", "rojo-6"]], discard=["rojo-7"], current=1)
    act(state, 2, type="mirror_other", seat=0, slot=1)
    assert state.phase == "give" and state.actors() == (2,)
    assert state.view(0)["hole"] == [0, 1]
    act(state, 2, type="give", slot=1)
    assert faces(state, 0) == ["rojo-1", "rojo-6"] and faces(state, 2) == ["amarillo-5"]
    assert state.phase == "turn" and state.discard[-1] == cid("verde-7")


def test_bac21_mirror_match_points_option() -> None:
    """BAC-21: mirror_match = points lets all 10-point power cards match each other."""
    rows = [["rojo-1"], ["azul-secreto"]]
    face = table(rows, discard=["rojo-espia"])
    events = act(face, 1, type="mirror", slot=0)
    assert not events[0].data["ok"]
    points = table(rows, discard=["rojo-espia"], options={"mirror_match": "points"})
    events = act(points, 1, type="mirror", slot=0)
    assert events[0].data["ok"]


def test_bac21_the_draw_closes_the_window() -> None:
    """BAC-21 (ruling): the window closes when the player whose turn it is
    draws, and opens again with their discard, for the new top."""
    state = table([["rojo-1"], ["azul-7", "amarillo-2"]], discard=["rojo-7"], deck=["verde-2"])
    act(state, 0, type="draw", source="deck")
    assert state.actors() == (0,)
    with pytest.raises(IllegalAction):
        act(state, 1, type="mirror", slot=0)
    act(state, 0, type="discard")  # verde-2 on top: the window is open again
    assert 1 in state.actors()
    events = act(state, 1, type="mirror", slot=1)  # amarillo-2 on verde-2
    assert events[0].data["ok"]


def test_bac22_claims_resolve_in_arrival_order_against_the_top_as_it_stands() -> None:
    """BAC-22: the first claim is resolved first; later ones are judged against the new top."""
    state = table(
        [["rojo-1"], ["azul-2"], ["verde-7", "azul-3"], ["amarillo-7"]],
        discard=["rojo-7"],
        current=1,
    )
    act(state, 3, type="mirror", slot=0)
    assert state.discard[-1] == cid("amarillo-7")
    events = act(state, 2, type="mirror", slot=0)
    assert events[0].data["ok"] and state.discard[-1] == cid("verde-7")
    events = act(state, 0, type="mirror", slot=0)
    assert not events[0].data["ok"]


def test_bac22_a_claim_that_empties_the_pile_closes_the_window_for_the_rest() -> None:
    """BAC-22: a wrong claim whose penalty reshuffles the pile leaves nothing for later claims."""
    state = table([["rojo-1"], ["azul-2"], ["verde-5"], ["amarillo-7"]], discard=["rojo-7"], current=1)
    state.rows[3].extend(state.deck)  # park every other card: the deck is empty
    state.deck = []
    state._refresh()
    act(state, 2, type="mirror", slot=0)  # wrong: its penalty card comes from the reshuffled pile
    assert state.discard == [] and faces(state, 2) == ["verde-5", "rojo-7"]
    _rejected(state, 3, "BAC-9", type="mirror", slot=0)  # no window: not an actor any more


def test_bac23_wrong_mirror_shows_the_card_and_costs_a_penalty_card() -> None:
    """BAC-23: the card is shown to all, returns to its slot; the claimant takes an unseen card."""
    state = table([["rojo-1"], ["azul-2"], ["verde-5", "azul-3"]], discard=["rojo-7"], deck=["violeta-4"])
    events = act(state, 2, type="mirror", slot=0)
    assert events[-1].audience is None and events[-1].data["card"] == "verde-5"
    assert faces(state, 2) == ["verde-5", "azul-3", "violeta-4"]
    assert all(state.knows(s, cid("verde-5")) for s in range(3)) and state.knows(None, cid("verde-5"))
    assert not any(state.knows(s, cid("violeta-4")) for s in range(3))
    assert state.discard[-1] == cid("rojo-7")


def test_bac23_wrong_espejo_ajeno_returns_the_card_to_its_owner() -> None:
    """BAC-23: a wrong steal-mirror leaves the card with its owner; the claimant is penalized."""
    state = table([["rojo-1", "verde-6"], ["azul-2"], ["amarillo-5"]], discard=["rojo-7"], deck=["violeta-4"])
    act(state, 2, type="mirror_other", seat=0, slot=1)
    assert faces(state, 0) == ["rojo-1", "verde-6"]
    assert faces(state, 2) == ["amarillo-5", "violeta-4"]
    assert state.phase == "turn"


# -- calling Bacan and scoring -------------------------------------------------------------------
def test_bac24_calling_reveals_every_row() -> None:
    """BAC-24: calling Bacan reveals and totals every row."""
    state = table([["rojo-1", "azul-2"], ["rojo-7", "verde-secreto"]])
    events = act(state, 0, type="call_bacan")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["rows"] == {"0": ["rojo-1", "azul-2"], "1": ["rojo-7", "verde-secreto"]}
    assert end.data["totals"] == {"0": 3, "1": 17}
    assert state.view(None)["rows"][1]["cards"] == ["rojo-7", "verde-secreto"]


def test_bac25_super_bacan_wins_the_match_at_once() -> None:
    """BAC-25: a row of exactly the three comodines wins the match."""
    state = table([["comodin1", "comodin2", "comodin3"], ["rojo-1"], ["azul-1"]])
    events = act(state, 0, type="call_bacan")
    assert state.is_terminal() and state.outcome().winners == (0,)
    assert next(e for e in events if e.kind == "round_end").data["result"] == "super_bacan"
    not_only = table([["comodin1", "comodin2", "comodin3", "rojo-1"], ["rojo-5"]])
    act(not_only, 0, type="call_bacan")
    assert not not_only.is_terminal()


def test_bac25_penalty_points_rule_out_super_bacan() -> None:
    """BAC-25 ("and nothing else") with BAC-7: the three comodines plus the 10
    points of a wrong mirror at a full row are not a Super Bacan; the row
    totals 7, so the call fails (BAC-27)."""
    state = table([["comodin1", "comodin2", "comodin3"], ["rojo-1"], ["azul-1"]], deck=["verde-2"])
    state.penalty_points[0] = 10
    events = act(state, 0, type="call_bacan")
    assert next(e for e in events if e.kind == "round_end").data["result"] == "failed"
    assert not state.is_terminal()


def test_bac26_a_total_of_exactly_five_succeeds() -> None:
    """BAC-26/27: a total of 5 is still a Bacan (only more than 5 fails)."""
    state = table([["rojo-2", "azul-3"], ["rojo-7"], ["verde-6"]], scores=[0, 0, 0])
    events = act(state, 0, type="call_bacan")
    assert next(e for e in events if e.kind == "round_end").data["result"] == "success"
    assert state.scores == [-5, 7, 6]


def test_bac26_successful_bacan_minus_five() -> None:
    """BAC-26: total <= 5 and strictly lowest: the caller's score drops by 5, the others add."""
    state = table([["rojo-1", "azul-2"], ["rojo-7"], ["verde-4"]], scores=[0, 10, 3])
    events = act(state, 0, type="call_bacan")
    assert next(e for e in events if e.kind == "round_end").data["result"] == "success"
    assert state.scores == [-5, 17, 7]


def test_bac27_failed_bacan_adds_row_and_a_penalty_card() -> None:
    """BAC-27: total > 5: the caller adds their row plus a penalty card from the deck."""
    state = table([["rojo-4", "azul-4"], ["rojo-7"]], deck=["verde-6"], scores=[5, 5])
    events = act(state, 0, type="call_bacan")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["result"] == "failed" and end.data["penalty_card"] == "verde-6"
    assert state.scores == [5 + 8 + 6, 5 + 7]


def test_bac28_tied_or_beaten_everyone_adds() -> None:
    """BAC-28: total <= 5 but someone has as much or less: everyone adds, the caller too."""
    tied = table([["rojo-1", "azul-2"], ["verde-3"]])
    events = act(tied, 0, type="call_bacan")
    assert next(e for e in events if e.kind == "round_end").data["result"] == "tied"
    assert tied.scores == [3, 3]
    beaten = table([["rojo-1", "azul-2"], ["comodin1", "verde-1"]])
    act(beaten, 0, type="call_bacan")
    assert beaten.scores == [3, 0]


def test_bac29_after_scoring_a_new_round_is_dealt() -> None:
    """BAC-29: after scoring and eliminations, the next dealer deals a new round."""
    state = table([["rojo-1"], ["rojo-7", "azul-7"], ["verde-2"]], scores=[0, 140, 0], dealer=2, current=0)
    act(state, 0, type="call_bacan")
    assert state.phase == "deal" and state.dealer == 0 and state.round == 1
    assert state.revealed and state.last_round is not None and state.last_round["result"] == "success"
    act(state, 0, type="peek_count", count=1)
    assert state.round == 2 and state.phase == "peek" and state.actors() == (0, 2)
    assert [len(r) for r in state.rows] == [4, 0, 4]
    assert not state.revealed and state.penalty_points == [0, 0, 0]


def test_bac30_bacan_a_una_mano_is_not_played() -> None:
    """BAC-30: one-handed Bacan needs hands and a table: no such option exists."""
    keys = {entry["key"] for entry in GAME.options_schema()}
    assert keys == {"limit", "anti_bacan", "memory", "discard_draw_from_lap", "joker_power", "mirror_match"}
    for lang in ("es", "en"):
        assert "BAC-30" in GAME.rules_text(lang)
