"""Buracco's state contract: options, the action space, words, what each
seat may see (BUR-13 pozo visible, racks and muertos hidden) and determinization."""

from __future__ import annotations

import json
import random

import pytest

from tapete.engine import BadAction, BadOption
from tapete.games.buracco import GAME
from tapete.games.buracco import actions as act
from tapete.games.buracco.cards import FACES
from tapete.games.buracco.rules import DISCARD, DRAW

from .helpers import Tiles, faces, new_match, play, run, table


# -- options (BUR-4 hand_size, BUR-23 target) ---------------------------------------------------
def test_options_defaults_and_validation() -> None:
    opts = GAME.parse_options({})
    assert (opts.hand_size, opts.target) == (0, 2000)
    assert opts.tiles_per_player(2) == 12 and opts.tiles_per_player(4) == 11
    assert GAME.parse_options({"hand_size": "13"}).tiles_per_player(4) == 13
    for bad in ({"hand_size": 5}, {"target": 50}, {"target": "many"}, {"muertos": 3}):
        with pytest.raises(BadOption):
            GAME.parse_options(bad)
    schema = {entry["key"]: entry for entry in GAME.options_schema()}
    assert set(schema) == {"hand_size", "target"}
    assert all(entry["label"]["es"] and entry["label"]["en"] for entry in schema.values())


def test_conformance_option_sets_are_valid() -> None:
    for options in GAME.conformance_options:
        opts = GAME.parse_options(options)
        for n in GAME.allowed_players(opts):
            new_match(n, 1, options)


# -- the action space ---------------------------------------------------------------------------
def test_every_action_round_trips_through_json() -> None:
    state = new_match(2, 1)
    assert state.num_actions() == act.NUM_ACTIONS == 116 + act.MAX_MELDS * 53 * 2
    for action in range(act.NUM_ACTIONS):
        data = json.loads(json.dumps(state.action_to_json(action)))
        assert state.action_from_json(data) == action


@pytest.mark.parametrize(
    "data",
    [
        {"type": "fly"},
        {"type": "discard", "tile": "verde-3"},
        {"type": "extend", "meld": act.MAX_MELDS, "tile": "rojo-3", "end": "low"},
        {"type": "extend", "meld": 0, "tile": "rojo-3", "end": "middle"},
        {"type": "commit", "wild_end": "left"},
        {},
    ],
)
def test_malformed_actions_are_bad_actions(data: dict[str, object]) -> None:
    with pytest.raises(BadAction) as err:
        act.SPACE.from_json(data)
    assert err.value.es and err.value.en
    with pytest.raises(BadAction):
        act.SPACE.to_json(act.NUM_ACTIONS)


def test_why_illegal_names_a_rule_for_every_refused_action() -> None:
    state = new_match(4, 9)
    rng = random.Random(9)
    for _ in range(200):
        seat = state.actors()[0]
        legal = set(state.legal_actions(seat))
        for action in rng.sample(range(act.NUM_ACTIONS), 30):
            if action not in legal:
                why = state.why_illegal(seat, action)
                assert why.rule.startswith("BUR-") and why.es and why.en
        other = (seat + 1) % 4
        assert state.why_illegal(other, act.DRAW).rule == "BUR-5"
        state.apply(seat, rng.choice(sorted(legal)))


# -- words -----------------------------------------------------------------------------------------
def test_rules_text_in_both_languages() -> None:
    es, en = GAME.rules_text("es"), GAME.rules_text("en")
    assert "muerto" in es and "canasta" in en.lower() and es != en
    for n in (1, 4, 6, 13, 17, 20, 21, 23):
        assert f"BUR-{n}" in es and f"BUR-{n}" in en


def test_descriptions_in_both_languages() -> None:
    state = new_match(2, 2)
    rng = random.Random(2)
    seen_kinds: set[str] = set()
    for _ in range(1500):
        if state.is_terminal():
            break
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        for action in legal:
            es, en = GAME.describe_action(state, action, "es"), GAME.describe_action(state, action, "en")
            assert es and en and es != en
        for event in state.apply(seat, rng.choice(legal)):
            seen_kinds.add(event.kind)
            es, en = GAME.describe_event(event, "es"), GAME.describe_event(event, "en")
            assert es != event.kind and en != event.kind and es != en
        for viewer in (None, 0, 1):
            assert GAME.render_text(state.view(viewer), "es") != GAME.render_text(state.view(viewer), "en")
    assert {"draw", "discard", "meld", "extend", "stage"} <= seen_kinds
    # every kind seen has a message: event_message raises KeyError otherwise (describe_event above)


# -- views and hidden information (BUR-13) ----------------------------------------------------------
COMMON = ("game", "seat", "num_players", "phase", "actors", "required", "round", "scores", "over", "winners")


def test_views_have_the_common_keys_and_own_rack_only() -> None:
    state = new_match(4, 12)
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert all(key in view for key in COMMON)
        json.dumps(view)
        if seat is None:
            assert "rack" not in view
        else:
            assert view["rack"] == faces(state.racks[seat])
        assert view["rack_counts"] == [11, 11, 11, 11]
        assert view["muertos"] == [{"tiles": 11, "state": "waiting"}] * 2
        assert "racks" not in view
    # before the first draw the only faces seat 1 may see are its own tiles
    shown = {v for v in json.dumps(state.view(1)).split('"') if v in set(FACES)}
    assert shown == set(faces(state.racks[1]))
    assert not {v for v in json.dumps(state.view(None)).split('"') if v in set(FACES)}


def test_pozo_is_visible_whole_and_taken_tiles_stay_known() -> None:
    state = table(racks=[["rojo-3", "rojo-4"], ["negro-3"]], pozo=["azul-5", "comodin", "rojo-12"], phase=DRAW)
    assert state.view(None)["pozo"] == ["azul-5", "comodin", "rojo-12"]
    play(state, 0, {"type": "take_pozo"})
    assert state.view(1)["known"][0] == ["rojo-12", "azul-5", "comodin"]
    assert state.view(0)["known"][0] == []  # the seat sees its whole rack instead
    hidden = state.hidden_cards(1)
    assert all(t not in hidden for t in state.known[0])
    assert any(t in hidden for t in state.racks[0])  # rojo 3 and 4 stay secret
    # discarding a face first spends the copy everyone saw
    play(state, 0, {"type": "done"}, {"type": "discard", "tile": "azul-5"})
    assert state.view(1)["known"][0] == ["rojo-12", "comodin"]


def test_pending_meld_is_private_and_not_counted_twice() -> None:
    state = table(racks=[["rojo-3", "rojo-4", "rojo-5", "azul-9"], ["negro-3"]])
    play(state, 0, {"type": "stage", "tile": "rojo-4"})
    assert state.view(0)["pending"] == ["rojo-4"] and "rojo-4" not in state.view(0)["rack"]
    assert state.view(1)["pending"] == [] and state.view(1)["rack_counts"][0] == 4


def test_hand_over_shows_every_rack_once() -> None:
    t = Tiles()
    canasta = run(t, 1, *(f"amarillo-{n}" for n in range(1, 8)))
    state = table(
        tiles=t,
        melds=([canasta], []),
        racks=[["rojo-9"], ["negro-4", "comodin"]],
        muertos=("taken", "taken"),
        phase=DISCARD,
    )
    play(state, 0, {"type": "discard", "tile": "rojo-9"})
    assert state.view(None)["racks"] == [[], ["negro-4", "comodin"]]
    assert state.view(1)["racks"][1] == [] and state.view(1)["rack"] == ["negro-4", "comodin"]
    assert state.hidden_cards(0) == state.hidden_cards(None)


def test_determinize_redeals_only_what_the_seat_does_not_know() -> None:
    state = table(racks=[["rojo-3", "rojo-4"], ["negro-3", "negro-8"]], pozo=["azul-5", "comodin"], phase=DRAW)
    play(state, 0, {"type": "take_pozo"})
    world = state.determinize(1, random.Random(3))
    assert world.view(1) == state.view(1)
    assert world.racks[1] == state.racks[1]
    assert set(state.known[0]) <= set(world.racks[0])  # tiles everyone saw stay put
    assert sorted(world.card_ids()) == list(range(106))
    assert [len(r) for r in world.racks] == [len(r) for r in state.racks]
    assert world.rng.to_json() != state.rng.to_json()
    changed = any(a != b for a, b in zip(world.stock, state.stock, strict=True))
    assert changed


def test_no_face_token_of_a_hidden_tile_in_any_event() -> None:
    state = new_match(2, 4)
    rng = random.Random(4)
    tokens = set(FACES)
    for _ in range(300):
        seat = state.actors()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in events:
            if event.audience is not None:
                assert len(event.audience) == 1  # a private event speaks to one seat
                continue
            shown = [v for v in json.dumps(event.to_json()).split('"') if v in tokens]
            if event.kind in ("draw", "done", "keep", "muerto", "go_out"):
                assert not shown, event
