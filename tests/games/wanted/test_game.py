"""WANTED's state contract: determinization, JSON and copies, the action
space as data, words in es and en."""

from __future__ import annotations

import json
import random

import pytest

from tapete.engine import BadAction, Event
from tapete.games.wanted import GAME
from tapete.games.wanted.actions import DEAL, NUM_ACTIONS
from tapete.games.wanted.rules import WantedState


@pytest.mark.parametrize(("mode", "n"), [("duelo", 2), ("tiroteo", 4), ("pandillas", 3)])
def test_determinize_keeps_what_the_seat_knows(mode: str, n: int) -> None:
    """A sampled world shows the seat the same view and redeals only hidden cards."""
    rng = random.Random(3)
    state = GAME.new_match(n, 555, {"mode": mode})
    seat = 1
    for _ in range(n + 1):  # somebody has committed
        s = rng.choice(state.required_actors())
        state.apply(s, rng.choice(state.legal_actions(s)))
    hidden = sorted(state.hidden_cards(seat))
    changed = False
    for i in range(20):
        world = state.determinize(seat, random.Random(i))
        assert world.view(seat) == state.view(seat)
        assert sorted(world.hidden_cards(seat)) == hidden
        assert world.hands[seat] == state.hands[seat] and world.pending[seat] == state.pending[seat]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        changed |= world.hands != state.hands or world.rolls != state.rolls
    assert changed


def test_json_round_trip_and_clone_are_deep() -> None:
    state = GAME.new_match(4, 8, {"mode": "pandillas"})
    for _ in range(5):
        s = state.actors()[0]
        state.apply(s, state.legal_actions(s)[0])
    again = WantedState.from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    copy = state.clone()
    before = copy.to_json()
    s = state.actors()[0]
    state.apply(s, state.legal_actions(s)[0])
    assert copy.to_json() == before


def test_action_space_as_data() -> None:
    """Actions: a fixed space of 163 with JSON forms; bad forms raise BadAction."""
    state = GAME.new_match(2, 1, {})
    assert state.num_actions() == NUM_ACTIONS == 163
    for action in range(NUM_ACTIONS):
        assert state.action_from_json(state.action_to_json(action)) == action
    assert state.action_to_json(0) == {"type": "commit", "card": "A-picas"}
    assert state.action_to_json(DEAL) == {"type": "deal"}
    for bad in ({"type": "shoot"}, {"type": "commit", "card": "11-picas"}, {"type": "leader"}):
        with pytest.raises(BadAction):
            state.action_from_json(bad)


def test_words_in_both_languages() -> None:
    """Rules, actions, events and the terminal table exist in es and en."""
    state = GAME.new_match(3, 4, {"mode": "pandillas"})
    seen: list[Event] = []
    while not state.is_terminal():
        s = state.actors()[0]
        for lang in ("es", "en"):
            assert GAME.describe_action(state, state.legal_actions(s)[0], lang)
        seen += state.apply(s, state.legal_actions(s)[0])
    for lang in ("es", "en"):
        assert "WAN-12" in GAME.rules_text(lang)
        assert all(GAME.describe_event(e, lang) != e.kind for e in seen)
        assert "WANTED" in GAME.render_text(state.view(0), lang)
        assert "WANTED" in GAME.render_text(state.view(None), lang)
