"""The rematch's first player: the seat after the finished match's, in every game that has one."""

from __future__ import annotations

import itertools

import pytest

from tapete.games import game_ids, get_game
from tapete.server.table.rematch import first_actor, rotated_seed


@pytest.mark.parametrize("game_id", game_ids())
def test_the_first_player_moves_one_seat_on(game_id: str) -> None:
    game = get_game(game_id)
    players = game.default_players
    options = game.parse_options({})
    draws = itertools.count(1000)
    for old_seed in range(6):
        before = first_actor(game, players, old_seed, options)
        seed = rotated_seed(game, players, old_seed, options, lambda: next(draws))
        if before is None:  # everyone starts at once (WANTED's hidden choices): nothing to rotate
            assert first_actor(game, players, seed, options) is None
        else:
            assert first_actor(game, players, seed, options) == (before + 1) % players
