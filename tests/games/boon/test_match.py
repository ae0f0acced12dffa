"""Seeded random whole matches: invariants of every round and of the match."""

from __future__ import annotations

import random

import pytest

from tapete.games.boon import GAME
from tapete.games.boon.cards import VICTORY_PER_PLAYER
from tapete.games.boon.rules import HAND_SIZE, BoonState
from tapete.sim.bench import random_step


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("payouts", ["3,2,1,-1,-2,-3", "1,1,0,0,-1,-1"])
def test_random_matches_keep_the_invariants(n: int, payouts: str) -> None:
    """BOO-3/9/11/12: victory cards are conserved, rounds count 120 points,
    the dealer moves left each round, the match ends when someone has none."""
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.new_match(n, seed, {"payouts": payouts})
        assert isinstance(state, BoonState)
        rounds_seen = 0
        dealer = state.dealer
        while not state.is_terminal():
            round_before = state.round
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            events = state.apply(seat, legal[rng.randrange(len(legal))])
            assert sum(state.victory) == VICTORY_PER_PLAYER * n and min(state.victory) >= 0
            if state.round != round_before:
                assert state.dealer == (dealer + 1) % n
                dealer = state.dealer
            for event in events:
                if event.kind == "round_end":
                    rounds_seen += 1
                    check_round(event.data, n)
            assert state.num_players == n
        assert rounds_seen == state.round
        assert min(state.victory) == 0
        assert state.outcome().winners == tuple(s for s in range(n) if state.victory[s] == max(state.victory))


def check_round(result: dict, n: int) -> None:
    if result["leaster"]:
        assert sum(result["tricks"]) == HAND_SIZE[n]
        assert sum(result["points"]) <= 120
        if result["winner"] is not None:
            assert result["tricks"][result["winner"]] > 0
    else:
        assert result["taker_points"] + result["defender_points"] == 120
        assert 0 <= result["taker_tricks"] <= HAND_SIZE[n]


def test_bench_random_match_finishes_quickly() -> None:
    rng = random.Random(1)
    for seed in range(30):
        state = GAME.new_match(4, seed)
        steps = 0
        while not state.is_terminal():
            random_step(state, rng)
            steps += 1
        assert steps < 5000
