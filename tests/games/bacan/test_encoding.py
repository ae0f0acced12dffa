"""Bacan's information-state encoder (encoding.py, docs/encodings.md): fixed
sizes, a memory that follows the cards as the seat saw them (BAC-10), and
nothing in it that the seat may not know."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tapete.engine import Event
from tapete.engine.turns import REACTION_WINDOW_S
from tapete.games import get_game
from tapete.games.bacan import actions as act
from tapete.games.bacan.cards import FACE
from tapete.games.bacan.encoding import BacanEncoder
from tapete.games.bacan.encoding_layout import ACT_AT, KNOWN, MEMORY, OBSERVATION, SEATS, SLOT_FIELDS, F, R
from tapete.games.bacan.memory import HOLE
from tapete.games.bacan.positions import position
from tapete.games.bacan.rules import BacanState
from tapete.sim.runner import next_move

GAME = get_game("bacan")
OPTION_SETS: tuple[dict[str, Any], ...] = ({}, *GAME.conformance_options)
Step = Callable[[BacanState, list[BacanEncoder]], None]


def _encoders(state: BacanState) -> list[BacanEncoder]:
    n = state.num_players
    encoders = [GAME.encoder(seat, n, state.options) for seat in range(n)]
    assert all(isinstance(e, BacanEncoder) for e in encoders)
    return encoders  # type: ignore[return-value]


def _tell(events: list[Event], encoders: list[BacanEncoder]) -> None:
    """Each seat's encoder is told exactly the events visible to its seat."""
    for seat, encoder in enumerate(encoders):
        encoder.observe([e for e in events if e.visible_to(seat)])


def _play(n: int, seed: int, options: dict[str, Any], actions: int, step: Step) -> list[Event]:
    """A seeded match of heuristic bots, `step` after every action; its events."""
    state = GAME.new_match(n, seed, options)
    assert isinstance(state, BacanState)
    bots = [GAME.heuristic_bot(random.Random(seed * 31 + s)) for s in range(n)]
    for seat, bot in enumerate(bots):
        bot.start(seat, n, state.options)
    encoders = _encoders(state)
    history: list[Event] = []
    for _ in range(actions):
        if state.is_terminal():
            break
        seat, action = next_move(state, bots, REACTION_WINDOW_S)
        events = state.apply(seat, action)
        for other, bot in enumerate(bots):
            bot.observe([e for e in events if e.visible_to(other)])
        _tell(events, encoders)
        history += events
        step(state, encoders)
    return history


def test_the_game_wires_its_encoder_for_every_player_count() -> None:
    """`Game.encoder` works from 2 to 8 players (BAC-3), with one layout for every table."""
    sizes = set()
    for n in range(GAME.min_players, GAME.max_players + 1):
        state = GAME.new_match(n, n, None)
        for seat in range(n):
            encoder = GAME.encoder(seat, n, state.options)
            assert isinstance(encoder, BacanEncoder)
            vector = encoder.information_state(state.view(seat))
            rows = encoder.action_features(state.view(seat), state.legal_actions(seat) or [0])
            sizes.add((vector.shape, rows.shape[1], encoder.observation_size))
    assert GAME.encoder_type is BacanEncoder
    assert GAME.max_players == SEATS and len(sizes) == 1
    assert len(SLOT_FIELDS) == F


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "assisted-points-lap1", "drawn_only-anti-50"])
@pytest.mark.parametrize("n", [2, 3, 4, 6, 8])
def test_sizes_are_fixed_and_numbers_bounded(n: int, options: dict[str, Any]) -> None:
    """Every information state and action row of seeded matches has the layout's size,
    is finite and lies within [-2, 2]."""
    seen_kinds: set[int] = set()

    def step(state: BacanState, encoders: list[BacanEncoder]) -> None:
        for seat, encoder in enumerate(encoders):
            view = state.view(seat)
            vector = encoder.information_state(view)
            assert vector.shape == (encoder.size,) and vector.dtype == np.float32
            assert np.isfinite(vector).all() and np.abs(vector).max() <= 2.0
            legal = state.legal_actions(seat)
            if legal:
                rows = encoder.action_features(view, legal)
                assert rows.shape == (len(legal), encoder.action_size)
                assert np.isfinite(rows).all() and np.abs(rows).max() <= 2.0
                seen_kinds.update(state.space.table[a][0] for a in legal)

    _play(n, 100 + n, options, 400 if n <= 4 else 200, step)
    assert {act.CALL, act.DRAW_DECK, act.SWAP, act.MIRROR, act.MIRROR_OTHER} <= seen_kinds


@pytest.mark.parametrize("options", OPTION_SETS[:2], ids=["classic", "assisted"])
def test_the_memory_follows_every_card_it_saw(options: dict[str, Any]) -> None:
    """BAC-10: every face the encoder remembers is the card really in that slot,
    and every seat it believes knows a card does know it."""

    def step(state: BacanState, encoders: list[BacanEncoder]) -> None:
        for seat, encoder in enumerate(encoders):
            picture = encoder.picture
            for target, row in enumerate(state.rows):
                assert len(picture.rows[target]) == len(row) == len(picture.knowers[target])
                for slot, face in enumerate(picture.rows[target]):
                    card = row[slot]
                    if face == HOLE:
                        assert card < 0
                        continue
                    assert face is None or (face == FACE[card] and state.knows(seat, card))
                    knowers = picture.knowers[target][slot]
                    assert all(state.knows(s, card) for s in range(state.num_players) if knowers >> s & 1)

    _play(4, 7, options, 1500, step)


def _peeked(slots: list[int]) -> tuple[BacanState, BacanEncoder]:
    """Seat 0 of a fresh 4-player match after a deal of 2 peeks, having peeked `slots`."""
    state = GAME.new_match(4, 21, None)
    assert isinstance(state, BacanState)
    encoder = _encoders(state)[0]
    _tell(state.apply(state.dealer, state.space.encode(act.DEAL, 2)), [encoder])
    for seat in range(4):
        mask = sum(1 << s for s in slots) if seat == 0 else 0b11
        _tell(state.apply(seat, state.space.encode(act.PEEK, mask)), [encoder])
    return state, encoder


def test_memory_matters_the_peeked_slots() -> None:
    """BAC-8, BAC-10: two peeks of different slots leave the same view (classic
    memory shows no face) but different information states."""
    state_a, enc_a = _peeked([0, 1])
    state_b, enc_b = _peeked([2, 3])
    view_a, view_b = state_a.view(0), state_b.view(0)
    assert view_a == view_b
    assert np.array_equal(enc_a.observation(view_a), enc_b.observation(view_b))
    info_a, info_b = enc_a.information_state(view_a), enc_b.information_state(view_b)
    assert not np.array_equal(info_a, info_b)
    known = OBSERVATION.size + MEMORY["slots"] + KNOWN
    assert [info_a[known + slot * F] for slot in range(4)] == [1.0, 1.0, 0.0, 0.0]
    assert [info_b[known + slot * F] for slot in range(4)] == [0.0, 0.0, 1.0, 1.0]


def _spied(slot: int) -> tuple[BacanState, BacanEncoder]:
    """Seat 0 drew an Espía and looked at `slot` of seat 1 (BAC-17)."""
    rows = [["rojo-3", "azul-7", "verde-1", "rojo-5"], ["amarillo-2", "rojo-6", "azul-1", "verde-6"]]
    state = position(rows, discard=["rojo-2"], phase="drawn", held="azul-espia", peeked={0: [0]}, seed=3)
    assert isinstance(state, BacanState)
    encoder = _encoders(state)[0]
    encoder.information_state(state.view(0))  # taking the seat over: read from its view
    _tell(state.apply(0, state.space.encode(act.SPY, 1, slot)), [encoder])
    return state, encoder


def test_memory_matters_the_spied_card() -> None:
    """BAC-17: what an Espía showed is the seat's alone to remember; the view after
    it is the same whichever slot it looked at."""
    state_a, enc_a = _spied(0)
    state_b, enc_b = _spied(1)
    view_a, view_b = state_a.view(0), state_b.view(0)
    assert view_a == view_b
    assert np.array_equal(enc_a.observation(view_a), enc_b.observation(view_b))
    info_a, info_b = enc_a.information_state(view_a), enc_b.information_state(view_b)
    assert not np.array_equal(info_a, info_b)
    known = OBSERVATION.size + MEMORY["slots"] + (1 * R) * F + KNOWN  # seat 1 is relative seat 1
    assert (info_a[known], info_a[known + F]) == (1.0, 0.0)
    assert (info_b[known], info_b[known + F]) == (0.0, 1.0)


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "assisted-points-lap1", "drawn_only-anti-50"])
def test_no_hidden_information(options: dict[str, Any]) -> None:
    """The encoding of a seat's real view equals the one of a world resampled for
    that seat (`determinize`), with the same memory; the memory is told only the
    events visible to the seat (some are private: peeks, draws, looks)."""
    rng = random.Random(5)
    checks = [0]

    def step(state: BacanState, encoders: list[BacanEncoder]) -> None:
        if rng.random() > 0.25:
            return
        for seat, encoder in enumerate(encoders):
            world = state.determinize(seat, random.Random(rng.getrandbits(32)))
            real, other = state.view(seat), world.view(seat)
            assert np.array_equal(encoder.information_state(real), encoder.information_state(other))
            legal = state.legal_actions(seat)
            assert legal == world.legal_actions(seat)
            if legal:
                assert np.array_equal(encoder.action_features(real, legal), encoder.action_features(other, legal))
            checks[0] += 1

    history = _play(4, 11, options, 900, step)
    assert checks[0] > 200
    assert {"drawn", "peek"} <= {e.kind for e in history if e.audience is not None}


def test_a_copy_shares_nothing() -> None:
    """`copy()` (a search's branch) goes its own way: events told to the copy leave
    the original's encoding as it was."""
    state = GAME.new_match(3, 4, None)
    assert isinstance(state, BacanState)
    bots = [GAME.heuristic_bot(random.Random(s)) for s in range(3)]
    for seat, bot in enumerate(bots):
        bot.start(seat, 3, state.options)
    encoder = _encoders(state)[0]
    for _ in range(60):
        seat, action = next_move(state, bots, REACTION_WINDOW_S)
        events = state.apply(seat, action)
        for other, bot in enumerate(bots):
            bot.observe([e for e in events if e.visible_to(other)])
        _tell(events, [encoder])
    view = state.view(0)
    before = encoder.information_state(view).copy()
    clone = encoder.copy()
    assert np.array_equal(clone.information_state(view), before)
    for _ in range(40):
        seat, action = next_move(state, bots, REACTION_WINDOW_S)
        events = state.apply(seat, action)
        for other, bot in enumerate(bots):
            bot.observe([e for e in events if e.visible_to(other)])
        _tell(events, [clone])
    assert not np.array_equal(clone.information_state(state.view(0)), before)
    assert np.array_equal(encoder.information_state(view), before)


def test_action_rows_read_the_memory() -> None:
    """A mirror of a card the seat knows matches the top (BAC-21) is known right and
    gains its points; a swap gains the slot's points less the held card's (BAC-13);
    one action's row is the same alone as in a batch."""
    rows = [["rojo-7", "azul-3", "verde-1", "rojo-5"], ["amarillo-2", "rojo-6", "azul-1", "verde-6"]]
    opts = {"memory": "assisted"}  # the view shows what seat 0 peeked: taking over reads it
    state = position(rows, discard=["azul-7"], peeked={0: [0, 1]}, options=opts, seed=2)
    assert isinstance(state, BacanState)
    encoder = _encoders(state)[0]
    view = state.view(0)
    space = state.space
    legal = state.legal_actions(0)
    features = encoder.action_features(view, legal)
    gain, match = ACT_AT["gain"], ACT_AT["match"]
    right = features[legal.index(space.encode(act.MIRROR, 0))]
    wrong = features[legal.index(space.encode(act.MIRROR, 1))]
    unknown = features[legal.index(space.encode(act.MIRROR, 2))]
    assert right[gain] == pytest.approx(0.7) and list(right[match : match + 3]) == [1.0, 0.0, 1.0]
    assert list(wrong[match : match + 3]) == [0.0, 1.0, 0.0] and wrong[gain] < 0
    assert unknown[match] == 0.0 and unknown[match + 1] == 0.0 and 0.0 < unknown[match + 2] < 0.2
    alone = np.zeros(encoder.action_size, dtype=np.float32)
    encoder.write_action(view, legal[3], alone)
    assert np.array_equal(alone, features[3])

    drawn = position(rows, discard=["azul-7"], phase="drawn", held="verde-2", peeked={0: [0]}, options=opts, seed=2)
    encoder = _encoders(drawn)[0]
    swap = encoder.action_features(drawn.view(0), [drawn.space.encode(act.SWAP, 0)])[0]
    assert swap[gain] == pytest.approx(0.5)


def test_taking_over_mid_round_reads_the_view() -> None:
    """As the heuristic does, an encoder that did not see the round's deal starts
    from the seat's view (BAC-10 assisted memory shows what it knows)."""
    state = position(
        [["rojo-7", "azul-3", "verde-1"], ["amarillo-2", "rojo-6"]],
        discard=["azul-7"],
        peeked={0: [0, 2]},
        options={"memory": "assisted"},
    )
    encoder = _encoders(state)[0]
    encoder.information_state(state.view(0))
    assert encoder.picture.rows[0] == ["rojo-7", None, "verde-1"]
    assert encoder.picture.rows[1] == [None, None]
