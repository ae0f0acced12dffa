"""Whole Bacan matches: seeded random play with invariants, words for everything."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tapete.games import get_game
from tapete.games.bacan.actions import MAX_ROW
from tapete.games.bacan.cards import NUM_CARDS
from tapete.games.bacan.rules import BacanState

GAME = get_game("bacan")

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"memory": "assisted", "mirror_match": "points"},
    {"joker_power": "drawn_only", "discard_draw_from_lap": 1},
    {"anti_bacan": True, "limit": 50},
    {"limit": 100},
]


def _check(state: BacanState) -> None:
    """Invariants after every action."""
    assert sorted(state.card_ids()) == list(range(NUM_CARDS))
    assert all(len(row) <= MAX_ROW for row in state.rows)
    assert set(state.required_actors()) <= set(state.actors())
    for seat in range(state.num_players):
        if not state.in_play[seat] and state.phase != "deal":
            assert not state.rows[seat] or state.revealed
        assert (seat in state.actors()) == bool(state.legal_actions(seat))
    if state.phase == "turn" and state.discard:
        assert all(s in state.actors() for s in range(state.num_players) if state.rows[s])
    for card in state.discard:
        assert state.knows(None, card)  # the pile is face up
    for card in state.deck:
        assert not any(state.knows(s, card) for s in range(state.num_players))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_matches_keep_the_invariants(options: dict[str, Any]) -> None:
    """BAC-1..29 together: random whole matches for 2..8 players end with a winner."""
    for n in range(2, 9):
        rng = random.Random(n)
        state = GAME.new_match(n, 100 + n, options)
        assert isinstance(state, BacanState)
        steps = 0
        while not state.is_terminal():
            actors = state.actors()
            seat = actors[0] if rng.random() < 0.7 else rng.choice(actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            _check(state)
            steps += 1
            assert steps < 20_000
        outcome = state.outcome()
        assert outcome.winners and outcome.rounds == state.round
        assert all(0 <= w < n for w in outcome.winners)


def test_every_event_and_action_has_words_in_both_languages() -> None:
    seen_kinds: set[str] = set()
    for seed in range(25):
        rng = random.Random(seed)
        state = GAME.new_match(3 + seed % 3, seed, {"limit": 60})
        while not state.is_terminal():
            seat = rng.choice(state.actors())
            legal = state.legal_actions(seat)
            for lang in ("es", "en"):
                for action in legal[:12]:
                    assert GAME.describe_action(state, action, lang)
            for event in state.apply(seat, rng.choice(legal)):
                seen_kinds.add(event.kind)
                for lang in ("es", "en"):
                    text = GAME.describe_event(event, lang)
                    assert text and not text.startswith(event.kind)
            for viewer in (None, 0):
                for lang in ("es", "en"):
                    assert "Bacan" in GAME.render_text(state.view(viewer), lang)
    expected = {"deal", "peek", "call_bacan", "draw", "drawn", "discard", "swap", "row_joker", "power", "mirror"}
    expected |= {"round_end", "match_end", "exchange_pick", "look", "give"}
    assert expected <= seen_kinds


def test_rules_text_names_every_rule_in_both_languages() -> None:
    for lang in ("es", "en"):
        text = GAME.rules_text(lang)
        for rule in range(1, 31):
            assert f"BAC-{rule}**" in text
    assert "Espejo ajeno" in GAME.rules_text("es") and "Steal-mirror" in GAME.rules_text("en")
    # the row's cap is written in the rules files: it must be the cap the code enforces
    assert f"mucho {MAX_ROW} cartas" in GAME.rules_text("es")
    assert f"at most {MAX_ROW} cards" in GAME.rules_text("en")
