"""Seeded random whole matches: every invariant after every action, JSON on
the way, and the side that reaches the target wins."""

from __future__ import annotations

import json
import random

import pytest

from tapete.games.buracco import GAME
from tapete.games.buracco.cards import WILD_CAPABLE
from tapete.games.buracco.melds import RUN, build, natural_face
from tapete.games.buracco.rules import OVER, WAITING, BuraccoState

from .helpers import new_match


# -- whole matches -----------------------------------------------------------------------------------
def _check_invariants(state: BuraccoState, hand_totals: list[int]) -> None:
    assert sorted(state.card_ids()) == list(range(106))
    for side in (0, 1):
        for meld in state.melds[side]:
            assert len(meld.tiles) >= 3 and build(list(meld.tiles)) is not None
            if meld.kind == RUN:
                assert meld.lo >= 1 and meld.hi <= 14  # BUR-6
                odd = [i for i, t in enumerate(meld.tiles) if t >> 1 != natural_face(meld.key, meld.lo + i)]
            else:
                odd = [i for i, t in enumerate(meld.tiles) if WILD_CAPABLE[t >> 1]]
                assert all((t >> 1) % 13 + 1 == meld.key for i, t in enumerate(meld.tiles) if i not in odd)
            assert len(odd) <= 1 and all(WILD_CAPABLE[meld.tiles[i] >> 1] for i in odd)  # BUR-8, BUR-9
            assert meld.wild == (odd[0] if odd else -1)
        assert (state.muerto_state[side] == WAITING) == bool(state.muertos[side])
    for seat, rack in enumerate(state.racks):
        assert set(state.known[seat]) <= set(rack)
    assert set(state.pending) <= set(state.racks[state.turn])
    assert state.scores[0] == hand_totals[0] and state.scores[1] == hand_totals[1]


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (4, 32), (4, 33)])
def test_seeded_random_matches_keep_every_invariant(players: int, seed: int) -> None:
    state = new_match(players, seed, {"target": 600})
    rng = random.Random(seed)
    totals = [0, 0]
    steps = 0
    while not state.is_terminal():
        seat = state.actors()[0]
        for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
            if event.kind == "hand_end":
                for side in (0, 1):
                    totals[side] += event.data["sides"][side]["total"]
        _check_invariants(state, totals)
        steps += 1
        if steps % 97 == 0:
            again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
            assert again.to_json() == state.to_json()
        assert steps < 100_000
    assert state.phase == OVER
    winner = state.winner
    assert state.scores[winner] >= 600 and state.scores[winner] > state.scores[1 - winner]
    assert set(state.outcome().winners) == set(state.side_seats(winner))
