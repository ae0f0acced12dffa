"""`Game.moves_key` keeps its promise: states of a match with equal keys word each move alike.

The server tells a seat's legal moves with their sentences after every
action, and words them once for as long as the game's `moves_key` holds
(tapete/server/table/state_text.py). A key that left out something a move's
message depends on would tell people stale sentences, so every game that
gives a key is played at random here, and every legal move of every seat
must have the same message and reaction flag under the same key as the
first time it was seen.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tapete.engine import Game
from tapete.games import game_ids, get_game


def keyed_games() -> list[str]:
    return [
        g
        for g in game_ids()
        if get_game(g).moves_key(get_game(g).new_match(get_game(g).default_players, 1, {})) is not None
    ]


def test_some_games_give_a_key() -> None:
    assert {"bacan", "boon", "wanted"} <= set(keyed_games())


@pytest.mark.parametrize("game_id", keyed_games())
def test_equal_keys_word_moves_alike(game_id: str) -> None:
    game: Game = get_game(game_id)
    rng = random.Random(11)
    checked = 0
    counts = sorted(game.allowed_players(game.parse_options({})))
    for match in range(40):
        if checked > 1000:
            break
        n = counts[match % len(counts)]
        state = game.new_match(n, 500 + match, {})
        seen: dict[Any, dict[int, tuple[Any, bool]]] = {}
        for _ in range(3000):
            if state.is_terminal():
                break
            said = seen.setdefault(game.moves_key(state), {})
            memo = getattr(game.texts, "_MOVES_SAID", None)
            if memo is not None:  # Bacan keeps its moves' messages by this key: made afresh, or this says nothing
                memo.clear()
            for seat in range(n):
                for action in state.legal_actions(seat):
                    now = (game.action_message(state, action), state.is_reaction(seat, action))
                    assert said.setdefault(action, now) == now, (game_id, action, now, said[action])
                    checked += 1
            seat = rng.choice(sorted(state.required_actors() or state.actors()))
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    assert checked > 1000
