"""Seeded random whole matches, checking the invariants of every position."""

from __future__ import annotations

import random

import pytest

from tapete.games.nacho_loco.cards import NUM_CARDS, X
from tapete.games.nacho_loco.geometry import SIDES, neighbours
from tapete.games.nacho_loco.rules import AGAIN, DRAWN, OVER, PLAY, ROUND_OVER, NachoLocoState

from .helpers import new_match


def _check_field(state: NachoLocoState) -> None:
    """Every contact on a live field matches (NAC-4); the field is connected
    and, in phase play, some design fits it (else NAC-11 would have closed it)."""
    cells = state.field.cells
    assert cells and len(cells) == len(state.placed)
    for cell, key in cells.items():
        for side, (other, other_side) in enumerate(neighbours(cell)):
            if other in cells:
                mine, theirs = SIDES[key][side], SIDES[cells[other]][other_side]
                if state.options.all_contacts_must_match:
                    assert mine == theirs and mine != X
    seen = {next(iter(cells))}
    frontier = list(seen)
    while frontier:
        cell = frontier.pop()
        for other, _ in neighbours(cell):
            if other in cells and other not in seen:
                seen.add(other)
                frontier.append(other)
    assert seen == set(cells)
    if state.phase == PLAY:
        assert not state.field.is_dead(state.table)


@pytest.mark.parametrize(("players", "all_match"), [(2, True), (3, False), (4, True), (5, True), (6, False)])
def test_random_matches_keep_the_invariants(players: int, all_match: bool) -> None:
    rng = random.Random(players)
    state = new_match(players, 100 + players, {"all_contacts_must_match": all_match, "target": 10})
    rounds_scored = 0
    steps = 0
    while not state.is_terminal():
        seat = state.actors()[0]
        before = list(state.scores)
        legal = state.legal_actions(seat)
        events = state.apply(seat, rng.choice(legal))
        steps += 1
        assert sorted(state.card_ids()) == list(range(NUM_CARDS))
        if state.phase in (ROUND_OVER, OVER) and any(e.kind == "round_end" for e in events):
            rounds_scored += 1
            gained = [a - b for a, b in zip(state.scores, before, strict=True)]
            assert gained.count(0) >= players - 1
            winner = state.turn
            assert state.hands[winner] == []
            assert gained[winner] == sum(len(h) for h in state.hands)
        elif state.phase != ROUND_OVER:
            assert state.scores == before
            _check_field(state)
        if state.phase in (PLAY, DRAWN, AGAIN):
            assert all(len(h) > 0 for h in state.hands), "a live round has no empty hand"
        assert steps < 50_000
    assert rounds_scored == state.round
    assert max(state.scores) >= 10 and state.outcome().winners == (state.scores.index(max(state.scores)),)
