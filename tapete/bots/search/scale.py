"""A fixed margin scale, so that values compare across decisions.

A search values the end of a round as 0.5 + 0.5 tanh(margin / scale)
(`evaluators.Valuer`). With the scale a search works out for itself, the
values of one decision compare with each other but not with another
decision's; training targets and the post-game analysis need one scale for
a whole game: the mean absolute round margin (a seat's score gain over the
others' mean gain) when the game's heuristic plays every seat.
"""

from __future__ import annotations

import random
from typing import Any

from tapete.engine import Game
from tapete.engine.turns import deliver

from .evaluators import view_scores
from .rollouts import policy_move


def round_margin_scale(game: Game, num_players: int, options: Any, seed: int, rounds: int = 40) -> float:
    """The mean absolute round margin over `rounds` rounds of heuristic play
    (seeded: the same figure every time); 1.0 where the views show no scores."""
    rng = random.Random(seed)
    total, count, played = 0.0, 0, 0
    while played < rounds:
        state = game.new_match(num_players, rng.getrandbits(63), options)
        n = state.num_players
        bots = [game.heuristic_bot(random.Random(rng.getrandbits(32))) for _ in range(n)]
        for seat, bot in enumerate(bots):
            bot.start(seat, n, state.options)
        start = view_scores(state.view(None), n)
        current = state.round_index()
        while not state.is_terminal() and played < rounds:
            seat, action = policy_move(state, bots, rng)
            deliver(state.apply(seat, action), bots)
            if state.round_index() != current or state.is_terminal():
                end = view_scores(state.view(None), n)
                if start is not None and end is not None:
                    gained = [game.score_sense * (e - s) for e, s in zip(end, start, strict=True)]
                    for g in gained:
                        total += abs(g - (sum(gained) - g) / (n - 1))
                        count += 1
                played += 1
                start, current = end, state.round_index()
    return total / count if count and total > 0 else 1.0
