"""Options, the action space, words, and seeded whole matches with invariants."""

from __future__ import annotations

import json
import random

import pytest

from tapete.engine import BadAction, BadOption
from tapete.games.buracco import GAME
from tapete.games.buracco import actions as A
from tapete.games.buracco.cards import WILD_CAPABLE
from tapete.games.buracco.melds import RUN, build, natural_face
from tapete.games.buracco.rules import OVER, WAITING, BuraccoState

from .helpers import new_match


# -- options (BUR-4 hand_size, BUR-23 target) ---------------------------------------------------
def test_options_defaults_and_validation() -> None:
    opts = GAME.parse_options({})
    assert (opts.hand_size, opts.target) == (0, 2000)
    assert opts.tiles_per_player(2) == 12 and opts.tiles_per_player(4) == 11
    assert GAME.parse_options({"hand_size": "13"}).tiles_per_player(4) == 13
    for bad in ({"hand_size": 5}, {"target": 50}, {"target": "many"}, {"muertos": 3}):
        with pytest.raises(BadOption):
            GAME.parse_options(bad)
    schema = {entry["key"]: entry for entry in GAME.options_schema()}
    assert set(schema) == {"hand_size", "target"}
    assert all(entry["label"]["es"] and entry["label"]["en"] for entry in schema.values())


def test_conformance_option_sets_are_valid() -> None:
    for options in GAME.conformance_options:
        opts = GAME.parse_options(options)
        for n in GAME.allowed_players(opts):
            new_match(n, 1, options)


# -- the action space ---------------------------------------------------------------------------
def test_every_action_round_trips_through_json() -> None:
    state = new_match(2, 1)
    assert state.num_actions() == A.NUM_ACTIONS == 116 + A.MAX_MELDS * 53 * 2
    for action in range(A.NUM_ACTIONS):
        data = json.loads(json.dumps(state.action_to_json(action)))
        assert state.action_from_json(data) == action


@pytest.mark.parametrize(
    "data",
    [
        {"type": "fly"},
        {"type": "discard", "tile": "verde-3"},
        {"type": "extend", "meld": A.MAX_MELDS, "tile": "rojo-3", "end": "low"},
        {"type": "extend", "meld": 0, "tile": "rojo-3", "end": "middle"},
        {"type": "commit", "wild_end": "left"},
        {},
    ],
)
def test_malformed_actions_are_bad_actions(data: dict[str, object]) -> None:
    with pytest.raises(BadAction) as err:
        A.from_json(data)
    assert err.value.es and err.value.en
    with pytest.raises(BadAction):
        A.to_json(A.NUM_ACTIONS)


def test_why_illegal_names_a_rule_for_every_refused_action() -> None:
    state = new_match(4, 9)
    rng = random.Random(9)
    for _ in range(200):
        seat = state.actors()[0]
        legal = set(state.legal_actions(seat))
        for action in rng.sample(range(A.NUM_ACTIONS), 30):
            if action not in legal:
                why = state.why_illegal(seat, action)
                assert why.rule.startswith("BUR-") and why.es and why.en
        other = (seat + 1) % 4
        assert state.why_illegal(other, A.DRAW).rule == "BUR-5"
        state.apply(seat, rng.choice(sorted(legal)))


# -- words -----------------------------------------------------------------------------------------
def test_rules_text_in_both_languages() -> None:
    es, en = GAME.rules_text("es"), GAME.rules_text("en")
    assert "muerto" in es and "canasta" in en.lower() and es != en
    for n in (1, 4, 6, 13, 17, 20, 21, 23):
        assert f"BUR-{n}" in es and f"BUR-{n}" in en


def test_descriptions_in_both_languages() -> None:
    state = new_match(2, 2)
    rng = random.Random(2)
    seen_kinds: set[str] = set()
    for _ in range(1500):
        if state.is_terminal():
            break
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        for action in legal:
            es, en = GAME.describe_action(state, action, "es"), GAME.describe_action(state, action, "en")
            assert es and en and es != en
        for event in state.apply(seat, rng.choice(legal)):
            seen_kinds.add(event.kind)
            es, en = GAME.describe_event(event, "es"), GAME.describe_event(event, "en")
            assert es != event.kind and en != event.kind and es != en
        for viewer in (None, 0, 1):
            assert GAME.render_text(state.view(viewer), "es") != GAME.render_text(state.view(viewer), "en")
    assert {"draw", "discard", "meld", "extend", "stage"} <= seen_kinds
    # every kind seen has a message: event_message raises KeyError otherwise (describe_event above)


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
