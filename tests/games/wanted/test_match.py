"""Seeded random whole matches in every mode: invariants after every action,
and the scores they add up to."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tapete.engine import Event, MatchRecord, replay
from tapete.games.wanted import GAME
from tapete.games.wanted.cards import FACES, REWARD, card_id
from tapete.games.wanted.rules import WantedState

CASES = [("duelo", 2), ("tiroteo", 3), ("tiroteo", 10), ("pandillas", 2), ("pandillas", 5), ("pandillas", 10)]


def _random_match(mode: str, n: int, seed: int) -> tuple[WantedState, list[list[Event]], MatchRecord]:
    rng = random.Random(seed)
    state = GAME.new_match(n, seed * 7919 + 13, {"mode": mode})
    record = MatchRecord("wanted", {"mode": mode}, seed * 7919 + 13, [{"bot": "random"}] * n)
    history = []
    while not state.is_terminal():
        _check_invariants(state)
        seat = rng.choice(state.required_actors())
        action = rng.choice(state.legal_actions(seat))
        history.append(state.apply(seat, action))
        record.actions.append((seat, action))
    _check_invariants(state)
    return state, history, record


def _check_invariants(state: WantedState) -> None:
    assert sorted(state.card_ids()) == list(range(54))
    n = state.num_players
    if state.phase == "commit":
        # every participant holds 5 cards at a deal's start and loses one per battle (3 in Pandillas)
        per = state.per
        for s in state.participants:
            assert len(state.hands[s]) + len(state.pending[s]) >= per
        assert set(state.actors()) == {s for s in state.participants if len(state.pending[s]) < per}
    if state.phase == "over":
        assert state.actors() == () and state.result
    for seat in range(n):
        view = state.view(seat)
        others_hands = [FACES[c] for s in range(n) if s != seat for c in state.hands[s] + state.pending[s]]
        if not state.hands_public():
            text = json.dumps(view)
            assert not [f for f in others_hands if f'"{f}"' in text], "a hidden hand leaked into a view"
        assert view["scores"] == state.scores()
    assert state.stage <= state.options.replays


@pytest.mark.parametrize(("mode", "n"), CASES)
def test_random_matches_keep_every_invariant(mode: str, n: int) -> None:
    """WAN-4..WAN-12 together: cards conserved, hidden hands stay hidden, the
    match ends with winners, replays reproduce it, rounds add up."""
    for seed in range(6):
        state, history, record = _random_match(mode, n, seed)
        outcome = state.outcome()
        assert outcome.winners and len(outcome.scores) == n
        assert outcome.rounds >= (state.options.deals if mode == "pandillas" else 1)
        assert replay(GAME, record).to_json() == state.to_json()
        kinds = Counter(e.kind for events in history for e in events)
        assert kinds["match_over"] == 1 and kinds["stage_over"] == state.stage + 1


def test_scores_are_the_collected_rewards() -> None:
    """WAN-8: in Tiroteo every reward collected is a card that lost a battle."""
    for seed in range(10):
        state, history, _ = _random_match("tiroteo", 6, seed)
        if state.stage:
            continue
        collected = sum(state.scores())
        battles = [e.data for events in history for e in events if e.kind == "battle"]
        lost = 0
        for b in battles:
            if b["winner"] is not None:
                lost += sum(REWARD[card_id(s["card"])] for s in b["seats"] if s["seat"] != b["winner"])
        assert collected == lost
