"""Seeded random whole matches in every mode: invariants after every action,
determinization, serialization, and the action space as data."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tapete.engine import BadAction, Event, MatchRecord, replay
from tapete.games.wanted import GAME
from tapete.games.wanted.actions import DEAL, NUM_ACTIONS
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
