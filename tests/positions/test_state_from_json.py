"""`Game.state_from_json` refuses states no match could be in, naming what is wrong."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from tapete.engine import InvalidState, State
from tapete.games import game_ids, get_game


def _midgame(game_id: str, steps: int = 25, seed: int = 3) -> State:
    game = get_game(game_id)
    state = game.new_match(game.default_players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.required_actors()[0] if state.required_actors() else state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _card_lists(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of non-empty lists of ints in a state's JSON (where cards may lie)."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _card_lists(value, (*path, key))
    elif isinstance(data, list):
        if data and all(isinstance(x, int) and not isinstance(x, bool) for x in data):
            found.append(path)
        else:
            for i, value in enumerate(data):
                found += _card_lists(value, (*path, i))
    return found


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


@pytest.mark.parametrize("game_id", game_ids())
def test_a_real_state_reads_back(game_id: str) -> None:
    state = _midgame(game_id)
    game = get_game(game_id)
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize("game_id", game_ids())
def test_a_card_missing_is_named(game_id: str) -> None:
    game = get_game(game_id)
    state = _midgame(game_id)
    data = state.to_json()
    where = next(p for p in _card_lists(data) if p[0] in ("deck", "stock", "pile", "hands", "racks"))
    cards = _at(data, where)
    lost = cards.pop()
    with pytest.raises(InvalidState) as caught:
        game.state_from_json(data)
    assert "missing" in caught.value.en and game.card_face(lost) in caught.value.en
    assert "Faltan" in caught.value.es


@pytest.mark.parametrize("game_id", game_ids())
def test_a_card_duplicated_is_named(game_id: str) -> None:
    game = get_game(game_id)
    state = _midgame(game_id)
    data = state.to_json()
    where = next(
        p for p in _card_lists(data) if p[0] in ("deck", "stock", "pile", "hands", "racks") and len(_at(data, p)) > 1
    )
    cards = _at(data, where)
    cards[-1] = cards[0]
    with pytest.raises(InvalidState) as caught:
        game.state_from_json(data)
    assert game.card_face(cards[0]) in caught.value.en and "duplicated" in caught.value.en


@pytest.mark.parametrize("game_id", game_ids())
def test_a_malformed_state_is_an_invalid_state(game_id: str) -> None:
    game = get_game(game_id)
    data = _midgame(game_id).to_json()
    for broken in ({k: v for k, v in data.items() if k != "phase"}, {**data, "num_players": 1}, {**data, "game": "x"}):
        with pytest.raises(InvalidState):
            game.state_from_json(broken)


@pytest.mark.parametrize("game_id", game_ids())
def test_an_unknown_phase_is_refused(game_id: str) -> None:
    game = get_game(game_id)
    data = copy.deepcopy(_midgame(game_id).to_json())
    data["phase"] = "siesta"
    with pytest.raises(InvalidState):
        game.state_from_json(data)


def test_bacan_drawn_phase_without_a_held_card_is_inconsistent() -> None:
    game = get_game("bacan")
    state = _midgame("bacan")
    data = state.to_json()
    assert data["phase"] in ("turn", "drawn")
    if data["held"] >= 0:
        data["deck"].append(data["held"])
    data.update(phase="drawn", held=-1)
    with pytest.raises(InvalidState) as caught:
        game.state_from_json(data)
    assert "holds a card" in caught.value.en


def test_boon_turn_out_of_the_trick_order_is_inconsistent() -> None:
    game = get_game("boon")
    data = _midgame("boon", steps=12).to_json()
    assert data["phase"] == "play"
    data["turn"] = (data["turn"] + 1) % data["num_players"]
    with pytest.raises(InvalidState) as caught:
        game.state_from_json(data)
    assert "next seat in the trick" in caught.value.en


def test_checks_can_be_skipped_for_trusted_json() -> None:
    game = get_game("boon")
    data = _midgame("boon").to_json()
    data["hands"][0] = data["hands"][0] + data["hands"][0][:1]
    assert game.state_from_json(data, check=False).to_json() == data
    with pytest.raises(InvalidState):
        game.state_from_json(data)


def test_a_state_where_nobody_can_act_is_refused() -> None:
    from tapete.games.boon.positions import position

    with pytest.raises(InvalidState) as caught:  # the tricks go on, but every hand is empty
        position(
            hands=[[], [], [], []], taker=0, buried=["azul-1", "azul-2", "oro-2", "oro-3"], tricks_won=[7, 0, 0, 0]
        )
    assert "nobody has a legal action" in caught.value.en and "nadie" in caught.value.es
