"""One or more tests per rule of ../shared/rules/nacho-loco.md (NAC-1..NAC-17)."""

from __future__ import annotations

import itertools
from collections import Counter
from itertools import product

import pytest

from tapete.engine import BadAction, IllegalAction
from tapete.games.nacho_loco import GAME
from tapete.games.nacho_loco import actions as act
from tapete.games.nacho_loco.cards import (
    ACTIONS,
    CARD_DESIGN,
    CLOSER,
    CLOSER_CARD,
    COLOURS,
    DESIGN_KINDS,
    DESIGN_TOKENS,
    DESIGNS,
    NUM_CARDS,
    NUM_DESIGNS,
    TOKEN_DESIGN,
    card_face,
    design_names,
)
from tapete.games.nacho_loco.geometry import (
    FIT_TABLES,
    ORIGIN,
    cell_coords,
    cell_id,
    is_up,
    neighbour,
    rotated,
    vertices,
)
from tapete.games.nacho_loco.rules import AGAIN, CHOOSE, DRAWN, OVER, PLAY, ROUND_OVER, NachoLocoState

from .helpers import LIVE, build, find, kinds, new_match, place, surround

ORIGIN_RNA = [(0, 0, "rojo/naranja/amarillo", 0)]  # sides: left rojo, right naranja, bottom amarillo


def _hand_tokens(state: NachoLocoState, seat: int) -> list[str]:
    return [card_face(c) for c in state.hands[seat]]


def _illegal(state: NachoLocoState, seat: int, action: int) -> IllegalAction:
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert state.to_json() == before
    assert err.value.es and err.value.en
    return err.value


# -- NAC-1, NAC-2: the deck -------------------------------------------------------------
def test_nac_1_deck_has_94_cards_of_three_kinds() -> None:
    """NAC-1: 62 colour cards, 31 action cards, 1 The Closer; 3 segments each."""
    kinds_of_cards = Counter(DESIGN_KINDS[CARD_DESIGN[c]] for c in range(NUM_CARDS))
    assert NUM_CARDS == 94
    assert kinds_of_cards == {"colour": 62, "action": 31, "closer": 1}
    assert all(len(d) == 3 for d in DESIGNS)
    segment_names = {name for d in range(NUM_DESIGNS) if d != CLOSER for name in design_names(d)}
    assert segment_names == {*COLOURS, *ACTIONS, "X"}


def test_nac_2_colour_cards_as_ruled() -> None:
    """NAC-2: 20 three-colour (every set once, increasing clockwise), 30 two
    colours + X (every ordered pair), 12 one colour + two X (twice each)."""
    colour_cards = [design_names(CARD_DESIGN[c]) for c in range(NUM_CARDS) if DESIGN_KINDS[CARD_DESIGN[c]] == "colour"]
    three = [tuple(s) for s in colour_cards if "X" not in s]
    two = [tuple(s) for s in colour_cards if s.count("X") == 1]
    one = [tuple(s) for s in colour_cards if s.count("X") == 2]
    assert sorted(three) == sorted(itertools.combinations(COLOURS, 3))
    assert sorted(two) == sorted((a, b, "X") for a, b in itertools.permutations(COLOURS, 2))
    assert Counter(one) == {(c, "X", "X"): 2 for c in COLOURS}
    assert len(set(DESIGN_TOKENS)) == NUM_DESIGNS == 88


def test_nac_2_action_cards_as_ruled() -> None:
    """NAC-2: per action six (action, colour, X) and the listed (action, c, c)."""
    action_cards = [design_names(CARD_DESIGN[c]) for c in range(NUM_CARDS) if DESIGN_KINDS[CARD_DESIGN[c]] == "action"]
    assert len(action_cards) == 31
    for action in ACTIONS:
        with_x = sorted(s[1] for s in action_cards if s[0] == action and s[2] == "X")
        assert with_x == sorted(COLOURS)
    pairs = {tuple(s) for s in action_cards if s[2] != "X"}
    assert pairs == {
        ("saltar", "rojo", "amarillo"),
        ("saltar", "naranja", "verde"),
        ("saltar", "amarillo", "azul"),
        ("saltar", "verde", "marron"),
        ("otravez", "rojo", "verde"),
        ("otravez", "naranja", "azul"),
        ("otravez", "amarillo", "marron"),
        ("otravez", "rojo", "azul"),
        ("otravez", "naranja", "marron"),
        ("roba3", "rojo", "naranja"),
        ("roba3", "amarillo", "verde"),
        ("roba3", "azul", "marron"),
        ("roba3", "naranja", "amarillo"),
    }
    assert DESIGN_TOKENS[CLOSER] == "cerrador" and CARD_DESIGN[CLOSER_CARD] == CLOSER


# -- NAC-3: the lattice -----------------------------------------------------------------
def test_nac_3_neighbours_are_mutual_and_share_a_side() -> None:
    """NAC-3: across side k of a cell lies a cell of the other orientation whose
    shared side has the same two corners."""
    for x, y in product(range(-40, 41), range(-25, 26)):
        assert cell_coords(cell_id(x, y)) == (x, y)
        for side in range(3):
            (nx, ny), nside = neighbour(x, y, side)
            assert is_up(nx, ny) != is_up(x, y)
            assert neighbour(nx, ny, nside) == ((x, y), side)
            mine = vertices(x, y)
            theirs = vertices(nx, ny)
            edge = {mine[side], mine[(side + 1) % 3]}
            other = {theirs[nside], theirs[(nside + 1) % 3]}
            assert {(round(a, 9), round(b, 9)) for a, b in edge} == {(round(a, 9), round(b, 9)) for a, b in other}


def test_nac_3_three_rotations_never_flipped() -> None:
    """NAC-3: a card shows its 3 clockwise rotations, never its mirror image."""
    design = TOKEN_DESIGN["rojo/naranja/X"]
    mirror = TOKEN_DESIGN["naranja/rojo/X"]
    rotations = {rotated(design, r) for r in range(3)}
    assert len(rotations) == 3
    assert not rotations & {rotated(mirror, r) for r in range(3)}


def test_nac_3_a_card_needs_a_contact_and_an_empty_cell() -> None:
    """NAC-3: a card goes into an empty cell next to the field."""
    state = build(hands=[["rojo/X/X"], ["azul/X/X"], ["azul/X/X"]], field=ORIGIN_RNA)
    assert place(state, -1, 0, "rojo/X/X", 1) in state.legal_actions(0)
    for cell in ([-3, 0], [0, 0]):  # no contact; taken
        with pytest.raises(BadAction) as caught:
            state.action_from_json({"type": "place", "card": "rojo/X/X", "cell": cell, "rotation": 1})
        assert caught.value.rule == "NAC-3"
    beyond = act.place(len(state.field.slots()), TOKEN_DESIGN["rojo/X/X"], 1)  # a slot the field does not have
    assert _illegal(state, 0, beyond).rule == "NAC-3"


def test_nac_3_a_place_names_its_cell_by_slot() -> None:
    """NAC-3: slot k of a place action is the k-th open cell in the order the
    cells opened, the cell the view lists k-th; its JSON form, or the cell's,
    gives it back, and the same cards placed in the same order give the same slots."""
    state = build(hands=[["rojo/X/X"], ["azul/X/X"], ["azul/X/X"]], field=ORIGIN_RNA)
    assert [c["cell"] for c in state.view(0)["open"]] == [[-1, 0], [1, 0], [0, 1]]  # sides 0, 1, 2 of the origin
    action = place(state, 1, 0, "rojo/X/X", 1)
    form = state.action_to_json(action)
    assert form == {"type": "place", "card": "rojo/X/X", "slot": 1, "rotation": 1}
    assert state.action_from_json(form) == action
    assert state.action_from_json({"type": "place", "card": "rojo/X/X", "cell": [1, 0], "rotation": 1}) == action
    state.apply(0, place(state, -1, 0, "rojo/X/X", 1))
    opened = [c["cell"] for c in state.view(0)["open"]]
    assert opened[:2] == [[1, 0], [0, 1]] and sorted(opened[2:]) == [[-2, 0], [-1, -1]]
    again = GAME.state_from_json(state.to_json())
    assert [c["cell"] for c in again.view(0)["open"]] == opened


def test_nac_3_the_field_has_no_edge() -> None:
    """NAC-3 (ruling): a field far from the origin still opens the cells around it."""
    state = build(hands=[["rojo/X/X"], ["azul/X/X"], ["azul/X/X"]], field=[(400, -300, "rojo/naranja/amarillo", 0)])
    opened = {cell_coords(c) for c in state.field.open}
    assert opened == {(399, -300), (401, -300), (400, -299)}
    assert place(state, 399, -300, "rojo/X/X", 1) in state.legal_actions(0)


# -- NAC-4, NAC-5: matching -------------------------------------------------------------
def test_nac_4_every_contact_must_match() -> None:
    """NAC-4: with two contacts, a card matching only one may not go there."""
    field = surround(1, 0, [None, "verde", "naranja"]) + LIVE
    state = build(hands=[["verde/X/X", "verde/naranja/X"], ["azul/X/X"], ["azul/X/X"]], field=field)
    assert _illegal(state, 0, place(state, 1, 0, "verde/X/X", 1)).rule == "NAC-4"
    assert place(state, 1, 0, "verde/naranja/X", 1) in state.legal_actions(0)


def test_nac_4_an_x_matches_nothing() -> None:
    """NAC-4: a cell touching an X is closed to every normal card."""
    field = surround(1, 0, [None, "X", None]) + LIVE
    for all_match in (True, False):
        table = FIT_TABLES[all_match]
        pattern = build(hands=[[], [], []], field=field).field.open[cell_id(1, 0)]
        assert not table.alive(pattern)


def test_nac_4_option_one_matching_contact_suffices() -> None:
    """NAC-4 option all_contacts_must_match=false: one match, others may mismatch."""
    field = surround(1, 0, [None, "verde", "naranja"]) + LIVE
    hands = [["verde/X/X"], ["azul/X/X"], ["azul/X/X"]]
    state = build(hands=hands, field=field, options={"all_contacts_must_match": False})
    action = place(state, 1, 0, "verde/X/X", 1)
    assert action in state.legal_actions(0)
    events = state.apply(0, action)
    assert find(events, "place")[0]["matches"] == 1
    x_field = surround(1, 0, [None, "verde", "X"]) + LIVE
    state = build(hands=hands, field=x_field, options={"all_contacts_must_match": False})
    assert action in state.legal_actions(0)


def test_nac_4_same_action_matches() -> None:
    """NAC-4: an action segment matches the same action, not a colour."""
    field = surround(1, 0, [None, "saltar", None]) + LIVE
    state = build(hands=[["saltar/verde/X", "otravez/verde/X"], ["azul/X/X"], ["azul/X/X"]], field=field)
    legal = state.legal_actions(0)
    assert place(state, 1, 0, "saltar/verde/X", 1) in legal
    assert _illegal(state, 0, place(state, 1, 0, "otravez/verde/X", 1)).rule == "NAC-4"


def test_nac_5_the_closer_needs_two_x_contacts() -> None:
    """NAC-5: The Closer goes only where at least 2 contacts are X."""
    two_x = build(hands=[["cerrador"], ["azul/X/X"], ["azul/X/X"]], field=surround(1, 0, [None, "X", "X"]) + LIVE)
    assert place(two_x, 1, 0, "cerrador", 0) in two_x.legal_actions(0)
    assert _illegal(two_x, 0, place(two_x, 1, 0, "cerrador", 1)).rule == "NAC-5"
    one_x = build(hands=[["cerrador"], ["azul/X/X"], ["azul/X/X"]], field=surround(1, 0, [None, "X", "rojo"]) + LIVE)
    assert _illegal(one_x, 0, place(one_x, 1, 0, "cerrador", 0)).rule == "NAC-5"
    assert one_x.legal_actions(0) == [act.DRAW]


# -- NAC-6: the deal --------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_nac_6_deal_six_each_and_turn_up_a_normal_card(players: int) -> None:
    """NAC-6: 6 cards each, the rest is the pile, one card turned up."""
    firsts = set()
    for seed in range(12):
        state = new_match(players, seed)
        assert [len(h) for h in state.hands] == [6] * players
        assert len(state.pile) == NUM_CARDS - 6 * players - 1
        assert len(state.placed) == 1 and state.placed[0][1] == ORIGIN
        assert state.placed[0][0] != CLOSER_CARD
        firsts.add(state.turn)
    assert len(firsts) > 1  # the first player is drawn at random


def test_nac_6_the_closer_turned_up_goes_back() -> None:
    """NAC-6: if The Closer is turned up it is shuffled back and another turned."""
    field = [(0, 0, "rojo/X/X", 0)]
    pile = ["azul/X/X", "azul/X/X", "cerrador", "verde/X/X"]
    state = build(hands=[["rojo/X/X", "verde/azul/X"], ["marron/X/X"], ["marron/X/X"]], field=field, pile=pile)
    events = state.apply(0, place(state, -1, 0, "rojo/X/X", 1))  # a killer close: a new field is turned up
    assert "closer_back" in kinds(events)
    assert find(events, "field_start")[0]["card"] == "verde/X/X"
    assert CLOSER_CARD in state.pile


def test_nac_6_play_goes_clockwise() -> None:
    """NAC-6: after a turn, the next seat plays."""
    state = build(hands=[["rojo/X/X", "azul/X/X"], ["azul/X/X"], ["marron/X/X"]], field=ORIGIN_RNA)
    state.apply(0, place(state, -1, 0, "rojo/X/X", 1))
    assert state.actors() == (1,)
    err = _illegal(state, 0, act.DRAW)
    assert err.rule == "NAC-6"


# -- NAC-7: play, or draw ---------------------------------------------------------------
def test_nac_7_you_must_play_if_you_can() -> None:
    """NAC-7: drawing is illegal while a card can be played."""
    state = build(hands=[["rojo/X/X", "verde/X/X"], ["azul/X/X"], ["azul/X/X"]], field=ORIGIN_RNA)
    assert act.DRAW not in state.legal_actions(0)
    assert _illegal(state, 0, act.DRAW).rule == "NAC-7"
    assert _illegal(state, 0, act.PASS).rule == "NAC-7"
    assert _illegal(state, 0, place(state, -1, 0, "azul/X/X", 1)).rule == "NAC-7"  # not in hand


def test_nac_7_draw_then_place_the_drawn_card() -> None:
    """NAC-7: with nothing to play, draw; a playable drawn card may go at once."""
    state = build(hands=[["verde/X/X"], ["azul/X/X"], ["azul/X/X"]], field=ORIGIN_RNA, pile=["rojo/X/X"])
    assert state.legal_actions(0) == [act.DRAW]
    events = state.apply(0, act.DRAW)
    assert find(events, "drew")[0]["cards"] == ["rojo/X/X"]
    assert state.phase == DRAWN and state.actors() == (0,)
    legal = state.legal_actions(0)
    assert place(state, -1, 0, "rojo/X/X", 1) in legal and legal[-1] == act.PASS
    state.apply(0, place(state, -1, 0, "rojo/X/X", 1))
    assert _hand_tokens(state, 0) == ["verde/X/X"] and state.turn == 1


def test_nac_7_an_unplayable_drawn_card_ends_the_turn() -> None:
    """NAC-7: an unplayable drawn card: the only choice is to pass."""
    state = build(hands=[["verde/X/X"], ["azul/X/X"], ["azul/X/X"]], field=ORIGIN_RNA, pile=["marron/X/X"])
    state.apply(0, act.DRAW)
    assert state.legal_actions(0) == [act.PASS]
    state.apply(0, act.PASS)
    assert state.turn == 1 and state.phase == PLAY
    assert _hand_tokens(state, 0) == ["verde/X/X", "marron/X/X"]


def test_nac_7_only_the_drawn_card_may_be_placed() -> None:
    """NAC-7: after drawing, only that card may go down."""
    state = build(hands=[["verde/X/X"], ["azul/X/X"], ["azul/X/X"]], field=ORIGIN_RNA, pile=["rojo/X/X"])
    state.apply(0, act.DRAW)
    assert _illegal(state, 0, place(state, 1, 0, "verde/X/X", 0)).rule == "NAC-7"
    assert _illegal(state, 0, act.DRAW).rule == "NAC-7"


# -- NAC-8: multiple matches ------------------------------------------------------------
def test_nac_8_matching_two_makes_everyone_else_draw_one() -> None:
    """NAC-8: 2 matching contacts: every other player draws 1."""
    field = surround(1, 0, [None, "verde", "naranja"]) + LIVE
    state = build(hands=[["verde/naranja/X", "azul/X/X"], ["azul/X/X"], ["marron/X/X"]], field=field)
    events = state.apply(0, place(state, 1, 0, "verde/naranja/X", 1))
    assert find(events, "place")[0]["matches"] == 2
    assert [len(h) for h in state.hands] == [1, 2, 2]
    assert {(d["seat"], d["count"]) for d in find(events, "draw")} == {(1, 1), (2, 1)}


def test_nac_8_matching_three_makes_everyone_else_draw_two() -> None:
    """NAC-8: 3 matching contacts: every other player draws 2."""
    field = surround(1, 0, ["rojo", "naranja", "amarillo"]) + LIVE
    state = build(hands=[["rojo/naranja/amarillo", "azul/X/X"], ["azul/X/X"], ["marron/X/X"]], field=field)
    events = state.apply(0, place(state, 1, 0, "rojo/naranja/amarillo", 0))
    assert find(events, "place")[0]["matches"] == 3
    assert [len(h) for h in state.hands] == [1, 3, 3]


# -- NAC-9: actions ---------------------------------------------------------------------
def _action_field(action: str) -> list[tuple[int, int, str, int]]:
    return surround(1, 0, [None, action, None]) + LIVE


def test_nac_9_skip_next_skips_the_next_player() -> None:
    """NAC-9: Skip Next: the next player loses the turn."""
    hands = [["saltar/verde/X", "azul/X/X"], ["azul/X/X"], ["marron/X/X"], ["marron/X/X"]]
    state = build(4, hands=hands, field=_action_field("saltar"))
    events = state.apply(0, place(state, 1, 0, "saltar/verde/X", 1))
    assert find(events, "skipped") == [{"seat": 1}]
    assert state.turn == 2


def test_nac_9_skip_next_with_two_players_plays_again() -> None:
    """NAC-9: with 2 players, Skip Next means you play again."""
    state = build(2, hands=[["saltar/verde/X", "azul/X/X"], ["azul/X/X"]], field=_action_field("saltar"))
    state.apply(0, place(state, 1, 0, "saltar/verde/X", 1))
    assert state.turn == 0 and state.phase == PLAY


def test_nac_9_go_again_is_one_optional_card_without_drawing() -> None:
    """NAC-9: Go Again: one more card, optional; declining draws nothing."""
    hands = [["otravez/verde/X", "verde/X/X"], ["azul/X/X"], ["marron/X/X"]]
    state = build(hands=hands, field=_action_field("otravez"))
    state.apply(0, place(state, 1, 0, "otravez/verde/X", 1))
    assert state.phase == AGAIN and state.actors() == (0,)
    legal = state.legal_actions(0)
    assert act.PASS in legal and any(act.is_place(a) for a in legal)
    state.apply(0, act.PASS)
    assert state.turn == 1 and _hand_tokens(state, 0) == ["verde/X/X"]


def test_nac_9_go_again_without_a_playable_card_only_passes() -> None:
    """NAC-9: if you cannot play the extra card, the turn ends without drawing."""
    hands = [["otravez/verde/X", "amarillo/X/X"], ["azul/X/X"], ["marron/X/X"]]
    state = build(hands=hands, field=_action_field("otravez"))
    state.apply(0, place(state, 1, 0, "otravez/verde/X", 1))
    assert state.legal_actions(0) == [act.PASS]
    assert _illegal(state, 0, act.DRAW).rule == "NAC-7"


def test_nac_9_opponent_draws_three_chosen_by_the_player() -> None:
    """NAC-9: Opponent Draws 3: you choose the opponent, who draws 3."""
    hands = [["roba3/verde/X", "azul/X/X"], ["azul/X/X"], ["marron/X/X"], ["marron/X/X"]]
    state = build(4, hands=hands, field=_action_field("roba3"))
    state.apply(0, place(state, 1, 0, "roba3/verde/X", 1))
    assert state.phase == CHOOSE
    assert state.legal_actions(0) == [act.TARGET + 1, act.TARGET + 2, act.TARGET + 3]
    assert _illegal(state, 0, act.TARGET + 0).rule == "NAC-9"
    assert _illegal(state, 0, act.DRAW).rule == "NAC-9"
    events = state.apply(0, act.TARGET + 2)
    assert find(events, "target") == [{"seat": 0, "target": 2}]
    assert [len(h) for h in state.hands] == [1, 1, 4, 1]
    assert state.turn == 1 and state.phase == PLAY


def test_nac_9_opponent_draws_three_with_two_players_needs_no_choice() -> None:
    """NAC-9: with one opponent the choice makes itself."""
    state = build(2, hands=[["roba3/verde/X", "azul/X/X"], ["azul/X/X"]], field=_action_field("roba3"))
    state.apply(0, place(state, 1, 0, "roba3/verde/X", 1))
    assert [len(h) for h in state.hands] == [1, 4] and state.turn == 1


def test_nac_9_an_action_works_only_when_matched() -> None:
    """NAC-9: an action segment that touches no card does nothing."""
    field = surround(1, 0, [None, "verde", None]) + LIVE
    state = build(hands=[["saltar/verde/X", "azul/X/X"], ["azul/X/X"], ["marron/X/X"]], field=field)
    events = state.apply(0, place(state, 1, 0, "saltar/verde/X", 0))  # verde on side 1, saltar on the empty top
    assert "effect" not in kinds(events) and state.turn == 1


# -- NAC-10: refills --------------------------------------------------------------------
def test_nac_10_cleared_fields_become_the_new_pile() -> None:
    """NAC-10: an empty pile is refilled from cleared fields, never the current one."""
    cleared = ["marron/X/X", "marron/X/X"]
    state = build(hands=[["verde/X/X"], ["azul/X/X"], ["azul/X/X"]], field=ORIGIN_RNA, cleared=cleared, fill=False)
    assert state.pile == [] and state.legal_actions(0) == [act.DRAW]
    events = state.apply(0, act.DRAW)
    assert find(events, "refill") == [{"count": 2}]
    assert len(state.pile) == 1 and state.cleared == []
    assert [p[0] for p in state.placed] != [] and all(p[0] not in state.pile for p in state.placed)


def test_nac_10_nothing_to_draw_means_pass() -> None:
    """NAC-10: with nothing to draw at all, the player passes."""
    state = build(hands=[["verde/X/X"], ["azul/X/X"], ["azul/X/X"]], field=ORIGIN_RNA, fill=False)
    assert state.legal_actions(0) == [act.PASS]
    assert _illegal(state, 0, act.DRAW).rule == "NAC-10"
    state.apply(0, act.PASS)
    assert state.turn == 1 and _hand_tokens(state, 0) == ["verde/X/X"]


def test_nac_10_draws_stop_when_nothing_is_left() -> None:
    """NAC-10: a multiple-match draw with an empty pile and no cleared cards gives fewer cards."""
    field = surround(1, 0, ["rojo", "naranja", "amarillo"]) + LIVE
    hands = [["rojo/naranja/amarillo", "azul/X/X"], ["azul/X/X"], ["marron/X/X"]]
    state = build(hands=hands, field=field, pile=["verde/X/X"], fill=False)
    events = state.apply(0, place(state, 1, 0, "rojo/naranja/amarillo", 0))
    draws = find(events, "draw")
    assert [(d["seat"], d["count"], d["wanted"]) for d in draws] == [(1, 1, 2), (2, 0, 2)]


def test_nac_10_the_closed_field_feeds_the_pile_when_nothing_else_is_left() -> None:
    """NAC-10 (ruling): a new field's card comes from the pile or older cleared
    fields; only if none is left does the closed field make the new pile."""
    field = [(0, 0, "rojo/X/X", 0)]
    hands = [["rojo/X/X", "verde/azul/X"], ["marron/X/X"], ["marron/X/X"]]
    state = build(hands=hands, field=field, pile=["azul/X/X", "verde/X/X"], fill=False)
    events = state.apply(0, place(state, -1, 0, "rojo/X/X", 1))  # killer close; the gifts empty the pile
    assert kinds(events).count("refill") == 1
    assert [card_face(p[0]) for p in state.placed] == ["rojo/X/X"]
    assert [card_face(c) for c in state.pile] == ["rojo/X/X"] and state.cleared == []
    assert state.turn == 0 and state.phase == PLAY


# -- NAC-11: killer close ---------------------------------------------------------------
def test_nac_11_killer_close() -> None:
    """NAC-11, NAC-14: a card after which no design fits anywhere closes the
    field: gifts to the others, a new field, the closer plays first."""
    field = [(0, 0, "rojo/X/X", 0)]  # only (-1, 0) is open to anything: rojo on its right
    pile = ["azul/X/X", "verde/X/X", "amarillo/X/X"]
    state = build(hands=[["rojo/X/X", "verde/azul/X"], ["marron/X/X"], ["marron/X/X"]], field=field, pile=pile)
    events = state.apply(0, place(state, -1, 0, "rojo/X/X", 1))
    assert find(events, "close") == [{"seat": 0, "how": "killer"}]
    gifts = [(d["seat"], d["count"]) for d in find(events, "draw") if d["reason"] == "gift"]
    assert gifts == [(1, 1), (2, 1)]
    assert _hand_tokens(state, 1) == ["marron/X/X", "azul/X/X"]
    assert _hand_tokens(state, 2) == ["marron/X/X", "verde/X/X"]
    assert [card_face(p[0]) for p in state.placed] == ["amarillo/X/X"]
    assert sorted(card_face(c) for c in state.cleared) == ["rojo/X/X", "rojo/X/X"]
    assert state.turn == 0 and state.phase == PLAY


def test_nac_11_is_tested_against_the_catalogue_not_the_hands() -> None:
    """NAC-11: a cell no hand can fill but some design could keeps the field open."""
    field = [(0, 0, "rojo/X/X", 0)]
    state = build(hands=[["rojo/naranja/X", "verde/X/X"], ["azul/X/X"], ["azul/X/X"]], field=field, pile=["marron/X/X"])
    events = state.apply(0, place(state, -1, 0, "rojo/naranja/X", 1))  # opens (-2, 0) needing naranja
    assert "close" not in kinds(events)
    assert state.legal_actions(1) == [act.DRAW]  # nobody can play, yet the field stays
    assert len(state.placed) == 2


# -- NAC-12: everyone drew --------------------------------------------------------------
def test_nac_12_everyone_draws_and_the_last_matcher_closes() -> None:
    """NAC-12: every player in turn draws and cannot play: the last player who
    matched closes the field (NAC-14: gifts, and they play first)."""
    field = [(0, 0, "rojo/X/X", 0)]
    hands = [["rojo/naranja/X", "verde/X/X"], ["azul/X/X"], ["azul/X/X"]]
    pile = ["marron/X/X", "marron/X/X", "amarillo/X/X", "verde/azul/X", "azul/verde/X", "verde/X/X"]
    state = build(hands=hands, field=field, pile=pile)
    state.apply(0, place(state, -1, 0, "rojo/naranja/X", 1))
    events = []
    for seat in (1, 2, 0):
        assert state.turn == seat and state.legal_actions(seat) == [act.DRAW]
        state.apply(seat, act.DRAW)
        events = state.apply(seat, act.PASS)
    assert find(events, "close") == [{"seat": 0, "how": "stalled"}]
    assert [len(h) for h in state.hands] == [2, 3, 3]  # own draws, then the gifts
    assert state.turn == 0 and len(state.placed) == 1
    assert card_face(state.placed[0][0]) == "verde/X/X"


def test_nac_12_a_declined_drawn_card_counts_as_not_playing() -> None:
    """NAC-12 (ruling): a turn that draws and places nothing counts, even if
    the drawn card could have gone down."""
    field = [(0, 0, "rojo/X/X", 0)]
    pile = ["rojo/X/X", "marron/X/X"]
    state = build(2, hands=[["verde/X/X"], ["azul/X/X"]], field=field, pile=pile)
    state.apply(0, act.DRAW)
    assert len(state.legal_actions(0)) > 1
    state.apply(0, act.PASS)
    state.apply(1, act.DRAW)
    events = state.apply(1, act.PASS)
    assert find(events, "close") == [{"seat": None, "how": "stalled"}]


def test_nac_12_nobody_matched_clears_the_field_without_gifts() -> None:
    """NAC-12: if nobody matched on this field, it is cleared and a new card
    turned up, no gifts, and the next player goes on."""
    field = [(0, 0, "rojo/X/X", 0)]
    pile = ["marron/X/X", "marron/X/X", "azul/X/X", "verde/azul/X"]
    state = build(hands=[["verde/X/X"], ["azul/X/X"], ["amarillo/X/X"]], field=field, pile=pile, turn=1)
    for seat in (1, 2, 0):
        state.apply(seat, act.DRAW)
        events = state.apply(seat, act.PASS)
    assert find(events, "close") == [{"seat": None, "how": "stalled"}]
    assert "draw" not in kinds(events)  # no gifts
    assert [len(h) for h in state.hands] == [2, 2, 2]
    assert card_face(state.placed[0][0]) == "verde/azul/X"
    assert state.turn == 1 and state.idle == 0


# -- NAC-13: The Closer -----------------------------------------------------------------
def test_nac_13_the_closer_closes_at_once_without_extra_draws() -> None:
    """NAC-13: The Closer on 3 X contacts closes the field; no NAC-8 draws, only gifts."""
    field = surround(1, 0, ["X", "X", "X"]) + LIVE
    state = build(hands=[["cerrador", "azul/X/X"], ["azul/X/X"], ["verde/X/X"]], field=field)
    events = state.apply(0, place(state, 1, 0, "cerrador", 0))
    assert find(events, "place")[0]["matches"] == 3
    assert find(events, "close") == [{"seat": 0, "how": "closer"}]
    assert [d["reason"] for d in find(events, "draw")] == ["gift", "gift"]
    assert [len(h) for h in state.hands] == [1, 2, 2]
    assert state.turn == 0 and len(state.placed) == 1 and CLOSER_CARD in state.cleared


# -- NAC-14: after a close --------------------------------------------------------------
def test_nac_9_a_close_ends_pending_go_again_and_the_closer_starts() -> None:
    """NAC-9 (ruling), NAC-14: a Go Again matched by a killer-closing card
    lapses; the closer plays first on the new field."""
    field = [(0, 0, "verde/X/X", 1), (2, 0, "otravez/rojo/X", 0), (3, 0, "rojo/X/X", 2)]
    hands = [["otravez/verde/X", "azul/X/X"], ["marron/X/X"], ["marron/X/X"]]
    state = build(hands=hands, field=field)
    # (1, 0) touches otravez on its right side and verde on its left one
    events = state.apply(0, place(state, 1, 0, "otravez/verde/X", 1))
    assert find(events, "effect") == [{"seat": 0, "action": "otravez"}]
    assert find(events, "close") == [{"seat": 0, "how": "killer"}]
    assert state.phase == PLAY and state.turn == 0 and state.again == 0
    assert [len(h) for h in state.hands] == [1, 3, 3]  # one for the double match, one gift


def test_nac_9_a_close_ends_a_pending_skip_next() -> None:
    """NAC-9 (ruling): a Skip Next matched by a killer-closing card lapses:
    the closer plays first and then the next player plays, not skipped."""
    field = [(0, 0, "verde/X/X", 1), (2, 0, "saltar/rojo/X", 0), (3, 0, "rojo/X/X", 2)]
    hands = [["saltar/verde/X", "azul/X/X", "rojo/X/X"], ["marron/X/X"], ["marron/X/X"]]
    state = build(hands=hands, field=field)
    events = state.apply(0, place(state, 1, 0, "saltar/verde/X", 1))
    assert find(events, "effect") == [{"seat": 0, "action": "saltar"}]
    assert find(events, "close") == [{"seat": 0, "how": "killer"}]
    assert state.turn == 0 and state.skips == 0
    seat = state.actors()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert state.turn == 1


def test_nac_14_gifts_come_from_the_pile_in_turn_order() -> None:
    """NAC-14: the closer gives every other player 1 card from the pile."""
    field = surround(1, 0, ["X", "X", None]) + LIVE
    pile = ["azul/X/X", "verde/azul/X", "amarillo/X/X", "naranja/X/X"]
    hands = [["cerrador", "azul/X/X"], ["verde/X/X"], ["verde/X/X"], ["rojo/X/X"]]
    state = build(4, hands=hands, field=field, pile=pile, turn=0)
    state.apply(0, place(state, 1, 0, "cerrador", 0))
    assert [card_face(c) for c in (state.hands[1][-1], state.hands[2][-1], state.hands[3][-1])] == [
        "azul/X/X",
        "verde/azul/X",
        "amarillo/X/X",
    ]
    assert card_face(state.placed[0][0]) == "naranja/X/X"


# -- NAC-15: end of a round -------------------------------------------------------------
def test_nac_15_last_card_scores_the_other_hands() -> None:
    """NAC-15: the player who places their last card scores the other hands."""
    state = build(hands=[["rojo/X/X"], ["azul/X/X", "verde/X/X"], ["marron/X/X"]], field=ORIGIN_RNA)
    events = state.apply(0, place(state, -1, 0, "rojo/X/X", 1))
    assert find(events, "round_end")[0]["points"] == 3
    assert state.scores == [3, 0, 0] and state.phase == ROUND_OVER


def test_nac_15_consequences_of_the_last_card_come_first() -> None:
    """NAC-15: draws for a multiple match and Opponent Draws 3 are resolved
    before the round is scored."""
    field = surround(1, 0, [None, "roba3", "naranja"]) + LIVE
    hands = [["roba3/naranja/X"], ["azul/X/X"], ["marron/X/X"], ["marron/X/X"]]
    state = build(4, hands=hands, field=field)
    # roba3 on side 1 and naranja on side 2: two matches, everyone else draws 1
    state.apply(0, place(state, 1, 0, "roba3/naranja/X", 1))
    assert state.phase == CHOOSE and state.hands[0] == []
    events = state.apply(0, act.TARGET + 3)
    assert find(events, "round_end")[0]["points"] == 2 + 2 + 5
    assert state.scores[0] == 9


def test_nac_15_gifts_of_a_close_come_before_scoring() -> None:
    """NAC-15: a killer close with the last card gives its gifts first."""
    field = [(0, 0, "rojo/X/X", 0)]
    state = build(hands=[["rojo/X/X"], ["marron/X/X"], ["marron/X/X"]], field=field)
    events = state.apply(0, place(state, -1, 0, "rojo/X/X", 1))
    assert kinds(events).index("close") < kinds(events).index("round_end")
    assert state.scores[0] == 4


def test_nac_15_the_closer_counts_one() -> None:
    """NAC-15: The Closer left in a hand counts 1 like any card."""
    state = build(hands=[["rojo/X/X"], ["cerrador"], ["marron/X/X"]], field=ORIGIN_RNA)
    state.apply(0, place(state, -1, 0, "rojo/X/X", 1))
    assert state.scores[0] == 2


# -- NAC-16: the next round -------------------------------------------------------------
def test_nac_16_next_round_is_dealt_and_the_winner_starts() -> None:
    """NAC-16: all cards gathered and shuffled, 6 each, a new field, the winner first."""
    state = build(hands=[["rojo/X/X"], ["azul/X/X", "verde/X/X"], ["marron/X/X"]], field=ORIGIN_RNA, turn=0)
    state.apply(0, place(state, -1, 0, "rojo/X/X", 1))
    assert state.actors() == (0,) and state.legal_actions(0) == [act.NEXT_ROUND]
    assert _illegal(state, 0, act.DRAW).rule == "NAC-16"
    events = state.apply(0, act.NEXT_ROUND)
    assert kinds(events)[:2] == ["round_start", "field_start"]
    assert state.round == 2 and state.turn == 0 and state.phase == PLAY
    assert [len(h) for h in state.hands] == [6, 6, 6]
    assert len(state.placed) == 1 and state.cleared == []
    assert sorted(state.card_ids()) == list(range(NUM_CARDS))


def test_nac_16_next_round_only_when_the_round_is_over() -> None:
    """NAC-16: dealing mid-round is illegal."""
    state = build(hands=[["rojo/X/X"], ["azul/X/X"], ["marron/X/X"]], field=ORIGIN_RNA)
    assert _illegal(state, 0, act.NEXT_ROUND).rule == "NAC-16"


# -- NAC-17: the match ------------------------------------------------------------------
def test_nac_17_first_to_the_target_wins() -> None:
    """NAC-17: reaching the target (20 by default) ends the match."""
    state = build(hands=[["rojo/X/X"], ["azul/X/X", "verde/X/X"], ["marron/X/X"]], field=ORIGIN_RNA)
    state.scores = [18, 19, 0]
    state.apply(0, place(state, -1, 0, "rojo/X/X", 1))
    assert state.phase == OVER and state.is_terminal() and state.actors() == ()
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.scores == (21.0, 19.0, 0.0)


def test_nac_17_target_option() -> None:
    """NAC-17 option target: a lower target ends the match sooner."""
    options = {"target": 3}
    state = build(hands=[["rojo/X/X"], ["azul/X/X", "verde/X/X"], ["marron/X/X"]], field=ORIGIN_RNA, options=options)
    state.apply(0, place(state, -1, 0, "rojo/X/X", 1))
    assert state.is_terminal()
    state = build(hands=[["rojo/X/X"], ["azul/X/X"], ["marron/X/X"]], field=ORIGIN_RNA, options={"target": 3})
    state.apply(0, place(state, -1, 0, "rojo/X/X", 1))
    assert not state.is_terminal() and state.phase == ROUND_OVER
