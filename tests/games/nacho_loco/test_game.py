"""Actions as data, views, hidden information, serialization and words."""

from __future__ import annotations

import json
import random

import pytest
from rich.text import Text

from tapete.engine import BadAction, BadOption
from tapete.games.nacho_loco import GAME
from tapete.games.nacho_loco import actions as act
from tapete.games.nacho_loco.cards import CLOSER, DESIGN_TOKENS, NUM_DESIGNS, SEGMENT_CODE, TOKEN_DESIGN, card_face
from tapete.games.nacho_loco.geometry import (
    FIT_TABLES,
    MAX_OPEN,
    ROTATIONS,
    FitTable,
    cell_coords,
    cell_id,
    fit,
    pattern_of,
)
from tapete.games.nacho_loco.rules import DRAWN

from .helpers import build, new_match, place

ORIGIN_RNA = [(0, 0, "rojo/naranja/amarillo", 0)]


def test_action_space_layout_is_stable() -> None:
    assert MAX_OPEN == 96
    assert act.PLACES == MAX_OPEN * NUM_DESIGNS * 3
    assert act.NUM_ACTIONS == act.PLACES + 3 + 6
    assert act.unplace(act.place(7, 5, 2)) == (7, 5, 2)
    assert act.SPACE.to_json(act.place(3, TOKEN_DESIGN["rojo/X/X"], 1)) == {
        "type": "place",
        "card": "rojo/X/X",
        "slot": 3,
        "rotation": 1,
    }


@pytest.mark.parametrize(
    "action",
    [
        0,
        act.PLACES - 1,
        act.place(MAX_OPEN - 1, CLOSER, 0),
        act.DRAW,
        act.PASS,
        act.NEXT_ROUND,
        act.TARGET,
        act.NUM_ACTIONS - 1,
    ],
)
def test_actions_round_trip_through_json(action: int) -> None:
    assert act.SPACE.from_json(json.loads(json.dumps(act.SPACE.to_json(action)))) == action


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"type": "fly"},
        {"type": "target", "seat": 6},
        {"type": "target", "seat": True},
        {"type": "place", "card": "rojo/rojo/X", "cell": [0, 0], "rotation": 0},
        {"type": "place", "card": "rojo/X/X", "cell": [99, 0], "rotation": 0},
        {"type": "place", "card": "rojo/X/X", "cell": [0], "rotation": 0},
        {"type": "place", "card": "rojo/X/X", "cell": [0, 0], "rotation": 3},
        {"type": "place", "card": "rojo/X/X", "slot": 96, "rotation": 0},
        {"type": "place", "card": "rojo/X/X", "slot": -1, "rotation": 0},
        {"type": "place", "card": "rojo/X/X", "rotation": 0},
    ],
)
def test_bad_json_actions_are_rejected(data: dict[str, object]) -> None:
    with pytest.raises(BadAction):
        act.SPACE.from_json(data)
    with pytest.raises(BadAction):
        act.SPACE.to_json(act.NUM_ACTIONS)


def test_options_are_typed_and_validated() -> None:
    opts = GAME.parse_options({"all_contacts_must_match": "false", "target": "7"})
    assert opts.all_contacts_must_match is False and opts.target == 7
    with pytest.raises(BadOption):
        GAME.parse_options({"target": 0})
    with pytest.raises(BadOption):
        GAME.parse_options({"hand_size": 7})
    keys = {entry["key"] for entry in GAME.options_schema()}
    assert keys == {"all_contacts_must_match", "target"}


def test_views_show_own_hand_and_public_field_only() -> None:
    state = new_match(4, 3)
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == [card_face(c) for c in state.hands[seat]]
        assert view["hand_sizes"] == [6, 6, 6, 6] and view["draw_pile"] == len(state.pile)
        assert len(view["field"]) == 1 and view["field"][0]["cell"] == [0, 0]
        for key in ("game", "seat", "num_players", "phase", "actors", "required", "round", "scores", "over"):
            assert key in view
    spectator = state.view(None)
    assert "hand" not in spectator and spectator["seat"] is None
    assert json.dumps(spectator)


def test_only_the_drawer_sees_which_card_was_drawn() -> None:
    state = build(hands=[["verde/X/X"], ["azul/X/X"], ["azul/X/X"]], field=ORIGIN_RNA, pile=["rojo/X/X"])
    state.apply(0, act.DRAW)
    assert state.phase == DRAWN
    assert state.view(0)["drawn"] == 1
    assert state.view(1)["drawn"] is None and "drawn" not in state.view(None)


def test_open_cells_in_the_view_say_what_each_side_needs() -> None:
    state = build(hands=[["rojo/X/X"], [], []], field=ORIGIN_RNA)
    needs = {tuple(c["cell"]): c["needs"] for c in state.view(None)["open"]}
    assert needs == {(-1, 0): [None, "rojo", None], (1, 0): [None, None, "naranja"], (0, 1): ["amarillo", None, None]}


def test_hidden_cards_and_determinize_keep_what_the_seat_knows() -> None:
    state = new_match(3, 5)
    for _ in range(30):
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    hidden = state.hidden_cards(1)
    assert set(hidden) == set(state.pile) | set(state.hands[0]) | set(state.hands[2])
    world = state.determinize(1, random.Random(4))
    assert world.hands[1] == state.hands[1]
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert sorted(world.card_ids()) == sorted(state.card_ids())
    assert world.view(1) == state.view(1)
    assert world.rng.to_json() != state.rng.to_json()


def test_clone_and_json_round_trip_are_exact() -> None:
    state = new_match(5, 9, {"all_contacts_must_match": False})
    rng = random.Random(1)
    for _ in range(120):
        if state.is_terminal():
            break
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        before = state.to_json()
        copy = state.clone()
        state.apply(seat, rng.choice(legal))
        assert copy.to_json() == before  # the clone did not share anything that moved
    again = GAME.state_type.from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    assert again.field.open == state.field.open and again.field.cells == state.field.cells


def test_fit_tables_agree_with_a_direct_check() -> None:
    """The cached pattern table gives the same answer as matching by hand."""
    table = FIT_TABLES[True]
    needs = (0, SEGMENT_CODE["amarillo"], SEGMENT_CODE["naranja"])  # side 0 touches nothing
    fits = table.fits(pattern_of(needs))
    assert TOKEN_DESIGN["amarillo/naranja/X"] in fits
    assert TOKEN_DESIGN["naranja/amarillo/X"] not in fits
    assert all(DESIGN_TOKENS[d] != "cerrador" for d in fits)


def test_describe_and_render_in_both_languages() -> None:
    state = build(hands=[["rojo/X/X", "cerrador"], ["azul/X/X"], ["azul/X/X"]], field=ORIGIN_RNA)
    action = place(state, -1, 0, "rojo/X/X", 1)
    text = GAME.describe_action(state, action, "es")
    assert "rojo" in text and "(-1,0)" not in text  # people never read coordinates
    # nor a slot number the board never shows: the cell is named as the board names it, by what it touches
    assert "en la casilla libre junto a rojo" in text and "hueco" not in text, text
    english = GAME.describe_action(state, action, "en")
    assert "in the open cell next to red" in english and "gap" not in english, english
    events = state.apply(0, action)
    for lang in ("es", "en"):
        for event in events:
            assert GAME.describe_event(event, lang) != event.kind
        text = GAME.render_text(state.view(0), lang)
        assert "▲" in text and "▼" in text and "(0,0)" in text
        Text.from_markup(text)  # valid Rich markup
    assert "Cerrador" in GAME.render_text(state.view(0), "es")
    assert "Closer" in GAME.render_text(state.view(0), "en")
    for lang in ("es", "en"):
        rules = GAME.rules_text(lang)
        assert all(f"NAC-{i}" in rules for i in range(1, 18))


def test_why_illegal_speaks_both_languages() -> None:
    state = build(hands=[["rojo/X/X"], ["azul/X/X"], ["azul/X/X"]], field=ORIGIN_RNA)
    why = state.why_illegal(0, place(state, 1, 0, "rojo/X/X", 0))
    assert why.rule == "NAC-4" and why.es and why.en
    assert state.why_illegal(0, act.NUM_ACTIONS + 5).rule == "actions"
    assert cell_coords(cell_id(3, -2)) == (3, -2)


@pytest.mark.parametrize("all_match", [True, False])
def test_indexed_fit_table_equals_the_reference_matching(all_match: bool) -> None:
    """NAC-4, NAC-5: the lazily indexed tables agree with `fit`, pattern by pattern."""
    table = FitTable(all_match)
    rng = random.Random(3)
    codes = range(11)
    patterns = [(a, b, c) for a in codes for b in codes for c in codes]
    for needs in [*rng.sample(patterns, 150), (0, 0, 0), (10, 10, 0), (1, 1, 1), (7, 8, 9)]:
        expected = {
            d: tuple((r, k) for r in ROTATIONS[d] if (k := fit(needs, d, r, all_match))) for d in range(NUM_DESIGNS)
        }
        expected = {d: v for d, v in expected.items() if v}
        assert table.fits(pattern_of(needs)) == expected, needs
        assert table.alive(pattern_of(needs)) == any(d != CLOSER for d in expected)
