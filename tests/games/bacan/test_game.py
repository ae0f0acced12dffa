"""Bacan's state contract: options, actions as data, views, determinization, JSON."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tapete.engine import BadAction, BadOption, IllegalAction
from tapete.games import get_game
from tapete.games.bacan.actions import MAX_ROW, action_space
from tapete.games.bacan.cards import FACE, FACES
from tapete.games.bacan.options import Options
from tapete.games.bacan.rules import BacanState

from .helpers import act, table

GAME = get_game("bacan")


def _random_state(n: int, seed: int, steps: int, options: dict[str, Any] | None = None) -> BacanState:
    rng = random.Random(seed)
    state = GAME.new_match(n, seed, options)
    assert isinstance(state, BacanState)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


# -- options -----------------------------------------------------------------------------
def test_options_defaults_follow_the_rulebook() -> None:
    """BAC-4, BAC-6, BAC-10, BAC-12, BAC-20, BAC-21: the defaults of every option."""
    opts = GAME.parse_options({})
    assert opts == Options(150, False, "classic", 2, "anywhere", "face")


@pytest.mark.parametrize(
    "raw",
    [
        {"limit": 0},
        {"limit": "many"},
        {"memory": "photographic"},
        {"joker_power": "never"},
        {"mirror_match": "suit"},
        {"discard_draw_from_lap": 0},
        {"anti_bacan": "perhaps"},
        {"hands": 1},
    ],
)
def test_bad_options_are_refused(raw: dict[str, Any]) -> None:
    """BAC-4..21 options: a bad value is refused in es and en."""
    with pytest.raises(BadOption) as err:
        GAME.parse_options(raw)
    assert err.value.es and err.value.en


def test_options_from_strings_like_the_cli() -> None:
    """Options given as KEY=VALUE strings parse to their types."""
    opts = GAME.parse_options({"limit": "50", "anti_bacan": "true", "discard_draw_from_lap": "1"})
    assert (opts.limit, opts.anti_bacan, opts.discard_draw_from_lap) == (50, True, 1)


def test_every_option_has_es_and_en_labels() -> None:
    for entry in GAME.options_schema():
        assert entry["label"]["es"] and entry["label"]["en"]


# -- actions ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 4, 8])
def test_action_space_round_trips(n: int) -> None:
    space = action_space(n)
    assert space.size == len(space.table) == 5 + 16 + 4 + 5 * MAX_ROW + 3 * n * MAX_ROW + n
    for action in range(space.size):
        data = json.loads(json.dumps(space.to_json(action)))
        assert space.from_json(data) == action


@pytest.mark.parametrize(
    "data",
    [
        {"type": "fly"},
        {"type": "draw", "source": "sky"},
        {"type": "mirror"},
        {"type": "mirror", "slot": MAX_ROW},
        {"type": "spy", "seat": 9, "slot": 0},
        {"type": "peek", "slots": [0, 0]},
        {"type": "peek", "slots": [4]},
        {"type": "swap", "slot": "1"},
        {},
    ],
)
def test_malformed_actions_are_bad_actions(data: dict[str, Any]) -> None:
    state = GAME.new_match(4, 1)
    with pytest.raises(BadAction) as err:
        state.action_from_json(data)
    assert err.value.es and err.value.en


def test_illegal_actions_name_a_rule_and_change_nothing() -> None:
    """Every illegal action, in many states, names a rule (BAC-x) in es and en."""
    for seed in range(6):
        state = _random_state(4, seed, 25)
        snapshot = state.to_json()
        for seat in range(4):
            legal = set(state.legal_actions(seat))
            for action in range(0, state.num_actions(), 7):
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as err:
                    state.apply(seat, action)
                assert err.value.rule and (err.value.rule.startswith("BAC-") or err.value.rule == "legal-actions")
                assert err.value.es and err.value.en
        assert state.to_json() == snapshot


# -- views and hidden cards -------------------------------------------------------------------
def test_views_carry_the_common_keys() -> None:
    state = _random_state(3, 2, 10)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        for key in ("game", "seat", "num_players", "phase", "actors", "required", "round", "scores", "over"):
            assert key in view
        assert "winners" in view
        json.dumps(view)


def test_views_show_only_faces_the_seat_knows() -> None:
    """BAC-10: no view ever names a card its seat does not know."""
    for memory in ("classic", "assisted"):
        for seed in range(5):
            state = _random_state(4, seed, 40, {"memory": memory})
            for seat in (None, 0, 1, 2, 3):
                hidden = {FACE[c] for c in state.hidden_cards(seat)} - {
                    FACE[c] for c in state.card_ids() if c not in state.hidden_cards(seat)
                }
                text = json.dumps(state.view(seat))
                assert not any(f'"{face}"' in text for face in hidden)


def test_determinize_keeps_what_the_seat_knows_and_reseeds() -> None:
    for seed in range(8):
        state = _random_state(4, seed, 30 + seed)
        for seat in range(4):
            world = state.determinize(seat, random.Random(seed))
            assert world.view(seat) == state.view(seat)
            assert world.legal_actions(seat) == state.legal_actions(seat)
            for card in state.card_ids():
                if state.knows(seat, card):
                    assert world.knows(seat, card)
            assert world.rng.to_json() != state.rng.to_json()
            assert sorted(world.card_ids()) == sorted(state.card_ids())


def test_determinize_moves_hidden_cards() -> None:
    """Determinization really redeals what the seat does not know."""
    state = table([["rojo-1", "azul-2"], ["rojo-7", "verde-3"]])
    moved = 0
    for i in range(20):
        world = state.determinize(0, random.Random(i))
        moved += world.rows[1] != state.rows[1]
    assert moved > 10


def test_clone_is_deep_and_json_round_trips_mid_give_and_exchange() -> None:
    give = table([["rojo-1", "verde-7"], ["azul-2"], ["amarillo-5"]], discard=["rojo-7"], current=1)
    act(give, 2, type="mirror_other", seat=0, slot=1)
    exchange = table([["rojo-1"], ["azul-2"]], deck=["verde-intercambio"])
    act(exchange, 0, type="draw", source="deck")
    act(exchange, 0, type="exchange", seat=0, slot=0)
    for state in (give, exchange):
        copy = state.clone()
        again = BacanState.from_json(json.loads(json.dumps(state.to_json())))
        assert again.to_json() == state.to_json()
        assert again.actors() == state.actors() and again.legal_actions(again.actors()[0]) == state.legal_actions(
            state.actors()[0]
        )
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
        assert copy.to_json() != state.to_json()
        assert copy.to_json() == again.to_json()


def test_card_faces_cover_every_card() -> None:
    assert {GAME.card_face(c) for c in range(58)} == FACES
