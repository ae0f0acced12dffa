"""Quick strength checks during training: the network against the heuristic."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from tapete.bots.learned import LearnedBot
from tapete.engine import Bot
from tapete.engine.turns import REACTION_WINDOW_S, deliver
from tapete.games import get_game
from tapete.models import QNetwork
from tapete.sim.runner import MAX_ACTIONS, next_move


@dataclass(frozen=True)
class EvalJob:
    game_id: str
    num_players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    matches: int
    weights: dict[str, np.ndarray]
    opponent: str = "heuristic"


def run_eval(job: EvalJob) -> list[float]:
    """The learned seat's win share in each match, its seat rotating, the others `job.opponent`."""
    from tapete.bots import make_bot

    game = get_game(job.game_id)
    network = QNetwork(job.weights)
    shares = []
    for m in range(job.matches):
        seed = job.seed + m
        state = game.new_match(job.num_players, seed, dict(job.options))
        n = state.num_players
        learned_seat = m % n
        bots: list[Bot] = [
            LearnedBot(game, random.Random(seed), network)
            if s == learned_seat
            else make_bot(job.opponent, game, seed * 31 + s)
            for s in range(n)
        ]
        for s, bot in enumerate(bots):
            bot.start(s, n, state.options)
        for _ in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            seat, action = next_move(state, bots, REACTION_WINDOW_S)
            deliver(state.apply(seat, action), bots)
        # a match that never ends (a bug of the network's bot) counts as lost
        shares.append(state.outcome().returns(n)[learned_seat] if state.is_terminal() else 0.0)
    return shares
