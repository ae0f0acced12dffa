"""Nacho Loco's information-state encoder (engine/encoding.py, games/nacho_loco/encoding.py).

Checked: fixed, bounded layouts for every table size and the main options;
the memory (who played which cards, who drew and passed) separates two
pasts that end in the same view; nothing hidden reaches the encoding (a
resampled world gives the same numbers); the action rows say what the
engine then does (matches, effects, NAC-8 draws, a killer close, the field
after, NAC-15 points); the game builds an encoder for every table size.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np
import pytest

from tapete.engine import Event
from tapete.engine.turns import REACTION_WINDOW_S
from tapete.games.nacho_loco import GAME
from tapete.games.nacho_loco import actions as act
from tapete.games.nacho_loco.cards import CARD_DESIGN, CLOSER, NUM_CARDS
from tapete.games.nacho_loco.encoding import ACTIONS, MEMORY, OBSERVATION, NachoLocoEncoder
from tapete.games.nacho_loco.geometry import FIT_TABLES
from tapete.games.nacho_loco.rules import NachoLocoState
from tapete.sim.runner import next_move

from .helpers import build, new_match

OPTIONS: tuple[dict[str, Any], ...] = ({}, {"all_contacts_must_match": False}, {"target": 5})


def _feed(encoders: Sequence[NachoLocoEncoder], events: Iterable[Event]) -> None:
    """Each seat's encoder hears only the events its seat may see."""
    events = list(events)
    for seat, encoder in enumerate(encoders):
        seen = [e for e in events if e.visible_to(seat)]
        assert all(e.audience is None or seat in e.audience for e in seen)
        encoder.observe(seen)


def _positions(
    players: int, seed: int, options: dict[str, Any] | None = None, *, every: int = 1, explore: float = 0.3
) -> Iterator[tuple[NachoLocoState, list[NachoLocoEncoder]]]:
    """The states of a match (heuristic play, a random move now and then)
    with every seat's encoder fed what the seat was told so far."""
    state = new_match(players, seed, options)
    rng = random.Random(seed)
    bots = [GAME.heuristic_bot(random.Random(seed * 10 + s)) for s in range(players)]
    for seat, bot in enumerate(bots):
        bot.start(seat, players, state.options)
    encoders = [GAME.encoder(s, players, state.options) for s in range(players)]
    assert all(isinstance(e, NachoLocoEncoder) for e in encoders)
    typed = [e for e in encoders if isinstance(e, NachoLocoEncoder)]
    step = 0
    while not state.is_terminal() and step < 600:
        if step % every == 0:
            yield state, typed
        seat, action = next_move(state, bots, REACTION_WINDOW_S)
        if rng.random() < explore:
            action = rng.choice(state.legal_actions(seat))
        events = state.apply(seat, action)
        for s, bot in enumerate(bots):
            bot.observe([e for e in events if e.visible_to(s)])
        _feed(typed, events)
        step += 1


def test_layouts_are_fixed_for_every_table_and_option() -> None:
    sizes = {
        tuple(layout.size for layout in NachoLocoEncoder.layouts(n, GAME.parse_options(o)))
        for n in range(GAME.min_players, GAME.max_players + 1)
        for o in OPTIONS
    }
    assert sizes == {(OBSERVATION.size, MEMORY.size, ACTIONS.size)}
    for layout in (OBSERVATION, MEMORY, ACTIONS):
        assert "|" in layout.markdown()


@pytest.mark.parametrize("players", range(GAME.min_players, GAME.max_players + 1))
@pytest.mark.parametrize("options", OPTIONS, ids=["default", "one_match_suffices", "target_5"])
def test_encodings_have_the_layout_size_and_stay_within_bounds(players: int, options: dict[str, Any]) -> None:
    checked = 0
    for state, encoders in _positions(players, 11 + players, options, every=3):
        for seat, encoder in enumerate(encoders):
            view = state.view(seat)
            vector = encoder.information_state(view)
            assert vector.shape == (encoder.size,)
            assert np.isfinite(vector).all() and np.abs(vector).max() <= 2.0
            legal = state.legal_actions(seat)
            rows = encoder.action_features(view, legal)
            assert rows.shape == (len(legal), encoder.action_size)
            assert np.isfinite(rows).all() and (len(legal) == 0 or np.abs(rows).max() <= 2.0)
            checked += 1
    assert checked > 20


# -- memory ---------------------------------------------------------------------------
# Two pasts, one view. Seat 0 watches; (0,0) shows otravez on its left and
# rojo on its right. Past A: seat 1 plays "otravez/verde/X" (matching
# Go Again, NAC-9) and then "rojo/naranja/amarillo"; seat 2 cannot play,
# draws and keeps the card (NAC-7). Past B: seat 1 cannot play, draws and
# keeps it; seat 2 plays the same two cards to the same cells. Seat 0 then
# plays "verde/X/X". The field, the hand sizes, the pile, the turn: all the
# same; only who played and who drew differ.
GO_AGAIN_CARD, SECOND, MINE = "otravez/verde/X", "rojo/naranja/amarillo", "verde/X/X"


def _past(player: int) -> tuple[NachoLocoState, NachoLocoEncoder]:
    hands = [[MINE, "rojo/verde/azul"], ["azul/X/X"], ["azul/X/X"]]
    hands[player] = [GO_AGAIN_CARD, SECOND, "azul/X/X", "marron/X/X"]
    state = build(3, hands=hands, field=[(0, 0, "otravez/rojo/X", 0)], turn=1)
    encoder = GAME.encoder(0, 3, state.options)
    assert isinstance(encoder, NachoLocoEncoder)

    def play(data: dict[str, Any]) -> None:
        seat = state.turn
        action = state.action_from_json(data)
        assert action in state.legal_actions(seat), data
        encoder.observe([e for e in state.apply(seat, action) if e.visible_to(0)])

    draw_and_keep = [{"type": "draw"}, {"type": "pass"}]
    plays = [
        {"type": "place", "card": GO_AGAIN_CARD, "cell": [-1, 0], "rotation": 1},
        {"type": "place", "card": SECOND, "cell": [1, 0], "rotation": 2},
    ]
    for data in plays + draw_and_keep if player == 1 else draw_and_keep + plays:
        play(data)
    play({"type": "place", "card": MINE, "cell": [-2, 0], "rotation": 1})
    return state, encoder


def test_memory_tells_apart_who_played_the_cards_the_view_shows() -> None:
    state_a, enc_a = _past(1)
    state_b, enc_b = _past(2)
    view_a, view_b = state_a.view(0), state_b.view(0)
    assert view_a == view_b  # the same current view
    assert np.array_equal(enc_a.observation(view_a), enc_b.observation(view_b))
    assert not np.array_equal(enc_a.information_state(view_a), enc_b.information_state(view_b))
    played = MEMORY.span("played_count")
    assert enc_a.memory[played][1] > 0 and enc_a.memory[played][2] == 0  # seat 1 played in A
    assert enc_b.memory[played][2] > 0 and enc_b.memory[played][1] == 0  # seat 2 in B
    effects = MEMORY["effects"]
    assert enc_a.memory[effects + 1 * 3 + 1] > 0 and enc_b.memory[effects + 2 * 3 + 1] > 0  # Go Again


def test_memory_starts_over_with_each_round() -> None:
    """The memory is of the round: a new deal (NAC-16) clears it."""
    before = None
    for state, encoders in _positions(3, 5):
        if state.phase == "round_over":
            before = [e.memory.copy() for e in encoders]
        elif before is not None:
            assert all(m.any() for m in before)
            assert not any(e.memory.any() for e in encoders)
            return
    pytest.fail("the match never reached a second round")


# -- no hidden information ------------------------------------------------------------------
@pytest.mark.parametrize("players,options", [(4, {}), (3, {"all_contacts_must_match": False}), (6, {})])
def test_a_resampled_world_gives_the_same_encoding(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(7)
    checked = 0
    for state, encoders in _positions(players, 31, options, every=4):
        for seat, encoder in enumerate(encoders):
            world = state.determinize(seat, rng)
            assert world.hands[seat] == state.hands[seat]
            real, other = state.view(seat), world.view(seat)
            assert np.array_equal(encoder.information_state(real), encoder.information_state(other))
            legal = state.legal_actions(seat)
            assert legal == world.legal_actions(seat)
            assert np.array_equal(encoder.action_features(real, legal), encoder.action_features(other, legal))
            checked += 1
    assert checked > 100


# -- what the rows say, against the engine --------------------------------------------------
def _fits_somewhere(state: NachoLocoState, designs: Iterable[int]) -> int:
    table = FIT_TABLES[state.options.all_contacts_must_match]
    live: set[int] = set()
    for pattern in state.field.open.values():
        live.update(table.fits(pattern))
    return sum(1 for d in designs if d in live)


@pytest.mark.parametrize("options", [{}, {"all_contacts_must_match": False}], ids=["default", "one_match_suffices"])
def test_action_rows_say_what_the_engine_does(options: dict[str, Any]) -> None:
    a = ACTIONS.offsets
    checked = killers = outs = 0
    for state, encoders in _positions(4, 3, options, every=1, explore=0.5):
        seat = state.turn
        if state.phase not in ("play", "drawn", "again"):
            continue
        view = state.view(seat)
        legal = [x for x in state.legal_actions(seat) if act.is_place(x)]
        rows = encoders[seat].action_features(view, legal)
        hidden = [CARD_DESIGN[c] for c in state.hidden_cards(seat)]
        for action, row in zip(legal, rows, strict=True):
            design = act.unplace(action)[1]
            after = state.clone()
            events = after.apply(seat, action)
            place = next(e.data for e in events if e.kind == "place")
            assert row[a["kind"]] == 1.0
            if design == CLOSER:
                assert row[a["closes"]] == 1.0
                continue
            assert row[a["matches"] + place["matches"] - 1] == 1.0, "NAC-4 matches"
            effects = [e.data["action"] for e in events if e.kind == "effect"]
            for i, name in enumerate(("saltar", "otravez", "roba3")):
                assert row[a["triggers"] + i] == effects.count(name), "NAC-9 effects"
            assert row[a["others_draw"]] == (max(place["matches"], 1) - 1) / 2, "NAC-8"
            killer = after.closing or any(e.kind == "close" and e.data["how"] == "killer" for e in events)
            assert bool(row[a["after"] + 2]) == killer, "NAC-11 killer close"
            killers += killer
            if not killer and not any(e.kind == "close" for e in events):
                table = FIT_TABLES[state.options.all_contacts_must_match]
                live = sum(1 for p in after.field.open.values() if table.alive(p))
                assert row[a["after"]] == pytest.approx(min(live / 12, 2.0))
                assert row[a["after"] + 1] == pytest.approx(min(len(after.field.open) / 24, 2.0))
                rest = [CARD_DESIGN[c] for c in after.hands[seat]]
                if rest:
                    assert row[a["follow"]] == pytest.approx(_fits_somewhere(after, rest) / len(rest))
                assert row[a["follow"] + 1] == pytest.approx(_fits_somewhere(after, hidden) / len(hidden))
            if len(state.hands[seat]) == 1 and len(state.pile) + len(state.cleared) >= 12:
                while after.phase == "choose":  # NAC-9: the opponent who draws 3
                    events += after.apply(seat, after.legal_actions(seat)[0])
                end = next(e.data for e in events if e.kind == "round_end")
                assert row[a["out"]] == 1.0
                assert row[a["out"] + 2] == pytest.approx(min(end["points"] / 30, 2.0)), "NAC-15 points"
                outs += 1
            checked += 1
    assert checked > 200 and outs
    assert killers or options  # with one matching contact enough (NAC-4), a dead field is rare


def test_a_pass_says_whether_it_leaves_a_card_that_fits() -> None:
    """NAC-7 (keep the drawn card) and NAC-9 (decline Go Again)."""
    seen = set()
    for state, encoders in _positions(4, 9, explore=0.5):
        seat = state.turn
        legal = state.legal_actions(seat)
        if state.phase in ("drawn", "again") and act.PASS in legal:
            row = encoders[seat].action_features(state.view(seat), [act.PASS])[0]
            fits = any(act.is_place(x) for x in legal)
            assert row[ACTIONS["decline"]] == float(fits)
            assert row[ACTIONS["kind"] + 2] == 1.0
            seen.add((state.phase, fits))
    assert {("drawn", True), ("drawn", False)} <= seen


def test_observation_counts_what_the_view_shows() -> None:
    o = OBSERVATION.offsets
    checked = 0
    for state, encoders in _positions(4, 8, every=2):
        seat = state.turn
        vector = encoders[seat].observation(state.view(seat))
        hand = [CARD_DESIGN[c] for c in state.hands[seat]]
        if state.phase == "play" and hand:
            placeable = {act.unplace(x)[1] for x in state.legal_actions(seat) if act.is_place(x)}
            fit = sum(1 for d in hand if d in placeable)
            assert vector[o["playable"] + 1] == pytest.approx(fit / len(hand))
        assert vector[o["unseen"] + 11] == pytest.approx(len(state.hidden_cards(seat)) / NUM_CARDS)
        assert vector[OBSERVATION.span("hand_designs")].sum() == pytest.approx(len(hand) / 2)
        assert vector[o["turn"]] == 1.0 and vector[o["players"] + 2] == 1.0
        checked += 1
    assert checked > 30


def test_a_plan_row_is_the_sum_of_its_actions_rows() -> None:
    for state, encoders in _positions(3, 2, every=5):
        seat = state.turn
        legal = state.legal_actions(seat)
        if len(legal) >= 2:
            encoder, view = encoders[seat], state.view(seat)
            rows = encoder.action_features(view, legal[:2])
            plan = encoder.action_features(view, [tuple(legal[:2])])
            assert np.allclose(plan[0], rows.sum(axis=0))
            single = np.zeros(encoder.action_size, dtype=np.float32)
            encoder.write_action(view, legal[0], single)
            assert np.array_equal(single, rows[0])
            return
    pytest.fail("no position with two moves")


def test_the_game_gives_an_encoder_for_every_table_size() -> None:
    assert GAME.encoder_type is NachoLocoEncoder
    for players in range(GAME.min_players, GAME.max_players + 1):
        state = new_match(players, players)
        for seat in range(players):
            encoder = GAME.encoder(seat, players, state.options)
            vector = encoder.information_state(state.view(seat))
            assert vector.shape == (OBSERVATION.size + MEMORY.size,)
            assert vector[OBSERVATION["players"] + players - 2] == 1.0
