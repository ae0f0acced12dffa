"""Buracco's information-state encoder (tapete/games/buracco/encoding.py).

Sizes are fixed and values bounded; the memory holds what the view forgets
(who discarded what, what was taken from the pozo, the tile just drawn);
nothing hidden gets in (a resampled world encodes the same); action
features say what a move gives away or builds (BUR-8, BUR-10, BUR-12)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pytest

from tapete.engine import Event, Observation
from tapete.engine.encoding import InfoEncoder
from tapete.engine.turns import deliver
from tapete.games.buracco import GAME
from tapete.games.buracco import actions as act
from tapete.games.buracco.cards import FACE_TO_ID, NUM_FACES
from tapete.games.buracco.encoding import ACTIONS, MEMORY, OBSERVATION, BuraccoEncoder
from tapete.games.buracco.options import Options
from tapete.games.buracco.rules import BuraccoState

from .helpers import Tiles, pierna, play, run, table

F = NUM_FACES
OPTION_SETS: tuple[dict[str, Any], ...] = ({}, {"target": 300}, {"hand_size": 15, "target": 500})


def _encoders(state: BuraccoState) -> list[InfoEncoder]:
    return [GAME.encoder(seat, state.num_players, state.options) for seat in range(state.num_players)]


def _tell(encoders: Sequence[InfoEncoder], events: Sequence[Event]) -> None:
    """Each seat's encoder hears exactly the events told to that seat."""
    for seat, encoder in enumerate(encoders):
        seen = [e for e in events if e.visible_to(seat)]
        if seen:
            encoder.observe(seen)


def _positions(
    players: int, seed: int, options: dict[str, Any], heuristic: bool, max_steps: int = 700
) -> Iterator[tuple[BuraccoState, list[InfoEncoder], int, list[int]]]:
    """(state, every seat's encoder, the seat to act, its legal moves) before each action
    of a seeded match, random or played by the heuristic bots."""
    state = GAME.new_match(players, seed, options)
    assert isinstance(state, BuraccoState)
    encoders = _encoders(state)
    rng = random.Random(seed)
    bots = [GAME.heuristic_bot(random.Random(seed * 10 + s)) for s in range(players)] if heuristic else []
    for seat, bot in enumerate(bots):
        bot.start(seat, players, state.options)
    for _ in range(max_steps):
        if state.is_terminal():
            return
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        yield state, encoders, seat, legal
        if bots:
            decision = bots[seat].decide(Observation(state, seat))
            assert decision is not None
            action = decision.action
        else:
            action = rng.choice(legal)
        events = state.apply(seat, action)
        _tell(encoders, events)
        deliver(events, bots)


def _within(values: np.ndarray) -> bool:
    return bool(np.isfinite(values).all() and np.abs(values).max(initial=0.0) <= 2.0)


# -- 1. fixed sizes, bounded values ----------------------------------------------------------------
@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("heuristic", [False, True])
def test_layout_sizes_are_fixed_and_values_bounded(players: int, options: dict[str, Any], heuristic: bool) -> None:
    """Every information state and action row has its layout's size, is finite
    and within [-2, 2], over whole seeded matches (every phase, hands that
    end, muertos taken)."""
    phases: set[str] = set()
    seed = 11 + players + len(options) + (100 if heuristic else 0)
    for state, encoders, seat, legal in _positions(players, seed, options, heuristic):
        phases.add(state.phase)
        encoder = encoders[seat]
        view = state.view(seat)
        info = encoder.information_state(view)
        assert info.shape == (OBSERVATION.size + MEMORY.size,) and info.dtype == np.float32
        assert _within(info)
        assert np.array_equal(info[: OBSERVATION.size], encoder.observation(view))
        rows = encoder.action_features(view, legal)
        assert rows.shape == (len(legal), ACTIONS.size) and _within(rows)
        other = (seat + 1) % players  # a seat not on turn encodes as well
        assert _within(encoders[other].information_state(state.view(other)))
    assert {"draw", "meld", "discard"} <= phases


def test_the_layout_is_one_for_every_table_and_option() -> None:
    """One network serves 2 and 4 players and every option: the sizes never change."""
    sizes = {
        (GAME.encoder(0, n, options).size, GAME.encoder(0, n, options).action_size)
        for n in (2, 4)
        for options in OPTION_SETS
    }
    assert sizes == {(OBSERVATION.size + MEMORY.size, ACTIONS.size)}


@pytest.mark.parametrize("players", [2, 4])
def test_unseen_tiles_are_the_hidden_tiles(players: int) -> None:
    """BUR-1 (two tiles of each face): the faces the seat has not seen are
    exactly the tiles hidden from it (stock, muertos, others' unknown racks)."""
    at = OBSERVATION.span("unseen")
    for state, encoders, seat, _ in _positions(players, 5, {"target": 300}, heuristic=True):
        for s in range(players):
            unseen = encoders[s].observation(state.view(s))[at] * 2.0
            hidden = np.bincount([t >> 1 for t in state.hidden_cards(s)], minlength=F)
            assert np.array_equal(unseen, hidden), (s, seat)


# -- 2. the memory holds what the view forgets -------------------------------------------------------
def _after(state: BuraccoState, seat: int, steps: Sequence[tuple[int, dict[str, object]]]) -> BuraccoEncoder:
    encoder = GAME.encoder(seat, state.num_players, state.options)
    assert isinstance(encoder, BuraccoEncoder)
    for actor, step in steps:
        encoder.observe([e for e in play(state, actor, step) if e.visible_to(seat)])
    return encoder


def _same_view_different_past(
    a: BuraccoState, enc_a: InfoEncoder, b: BuraccoState, enc_b: InfoEncoder, seat: int
) -> tuple[np.ndarray, np.ndarray]:
    view_a, view_b = a.view(seat), b.view(seat)
    assert view_a == view_b
    assert np.array_equal(enc_a.observation(view_a), enc_b.observation(view_b))
    info_a, info_b = enc_a.information_state(view_a), enc_b.information_state(view_b)
    assert not np.array_equal(info_a, info_b)
    return info_a, info_b


def test_memory_tells_who_discarded_what_the_pozo_shows() -> None:
    """BUR-16: the pozo shows tiles, not who threw them. Seat 1 discarding the
    rojo 12 itself, or finding it there, leaves one view and two memories."""
    mine, third, fourth = ["rojo-3", "rojo-9", "negro-5"], ["negro-10", "amarillo-6", "azul-13", "negro-1"], ["rojo-6"]
    second = ["azul-4", "azul-8", "amarillo-11"]
    # A: seat 1 draws the amarillo 7 and throws its rojo 12; B: it already holds the 7, the 12 lies in the pozo
    a_racks = [mine, [*second, "rojo-12"], third, fourth]
    a = table(players=4, racks=a_racks, stock_top=["azul-10", "amarillo-7"], phase="draw", turn=1)
    b_racks = [mine, [*second, "amarillo-7"], third, fourth]
    b = table(players=4, racks=b_racks, pozo=["rojo-12"], stock_top=["azul-10"], phase="draw", turn=2)
    seat_1 = [(1, {"type": "draw"}), (1, {"type": "done"}), (1, {"type": "discard", "tile": "rojo-12"})]
    seat_2 = [(2, {"type": "draw"}), (2, {"type": "done"}), (2, {"type": "discard", "tile": "negro-1"})]
    enc_a = _after(a, 0, seat_1 + seat_2)
    enc_b = _after(b, 0, seat_2)
    info_a, info_b = _same_view_different_past(a, enc_a, b, enc_b, 0)
    base = OBSERVATION.size + MEMORY["discarded"]
    rojo_12 = FACE_TO_ID["rojo-12"]
    assert info_a[base + 1 * F + rojo_12] == 0.5 and info_b[base + 1 * F + rojo_12] == 0.0
    # seat 2 then drew from the stock, leaving the rojo 12 on top: only A saw it
    declined = OBSERVATION.size + MEMORY["declined"]
    assert info_a[declined + 2 * F + rojo_12] == 0.5 and info_b[declined + 2 * F + rojo_12] == 0.0


def test_memory_holds_the_tile_just_drawn() -> None:
    """BUR-13/14: the sorted rack forgets which tile came from the stock; the
    memory keeps it, and the privilege's keep/throw features name it."""
    other = ["negro-8", "azul-1", "rojo-13"]
    a = table(racks=[["rojo-3", "azul-9", "negro-5"], other], stock_top=["amarillo-7"], phase="draw", privilege=True)
    b = table(racks=[["rojo-3", "amarillo-7", "negro-5"], other], stock_top=["azul-9"], phase="draw", privilege=True)
    enc_a = _after(a, 0, [(0, {"type": "draw"})])
    enc_b = _after(b, 0, [(0, {"type": "draw"})])
    info_a, _ = _same_view_different_past(a, enc_a, b, enc_b, 0)
    assert info_a[OBSERVATION.size + MEMORY["drawn"] + FACE_TO_ID["amarillo-7"]] == 1.0
    assert a.legal_actions(0) == [act.KEEP, act.REDRAW]
    rows_a = enc_a.action_features(a.view(0), [act.REDRAW])
    rows_b = enc_b.action_features(b.view(0), [act.REDRAW])
    assert rows_a[0, ACTIONS["face"] + FACE_TO_ID["amarillo-7"]] == 1.0
    assert rows_b[0, ACTIONS["face"] + FACE_TO_ID["azul-9"]] == 1.0


def test_memory_keeps_pozo_tiles_taken_after_they_are_melded() -> None:
    """BUR-13: a pozo pick-up is seen by all; once its tiles are melded the
    view's `known` forgets them, the memory does not."""
    racks = [["azul-9", "negro-2", "amarillo-12"], ["rojo-6", "rojo-7", "azul-3", "negro-11"]]
    state = table(racks=racks, pozo=["amarillo-8", "rojo-5"], phase="draw", turn=1)
    steps: list[tuple[int, dict[str, object]]] = [(1, {"type": "take_pozo"})]
    steps += [(1, {"type": "stage", "tile": t}) for t in ("rojo-5", "rojo-6", "rojo-7")]
    steps += [(1, {"type": "commit"})]
    encoder = _after(state, 0, steps)
    view = state.view(0)
    assert view["known"][1] == ["amarillo-8"]
    info = encoder.information_state(view)
    took = OBSERVATION.size + MEMORY["took"] + 1 * F
    assert info[took + FACE_TO_ID["rojo-5"]] == 0.5 and info[took + FACE_TO_ID["amarillo-8"]] == 0.5
    known = OBSERVATION["known"]  # relative seat 1's row first
    assert info[known + FACE_TO_ID["amarillo-8"]] == 0.5 and info[known + FACE_TO_ID["rojo-5"]] == 0.0


def test_a_new_hand_clears_the_memory() -> None:
    """BUR-4: each hand is dealt afresh; what was seen in the last one is gone."""
    cleared = 0
    for state, encoders, _, legal in _positions(4, 7, {"target": 5000}, heuristic=True, max_steps=3000):
        if legal == [act.DEAL]:
            assert all(e.memory.any() for e in encoders)
            events = state.apply(state.actors()[0], act.DEAL)
            assert events[0].kind == "hand_start"
            _tell(encoders, events)
            assert all(not e.memory.any() for e in encoders)
            cleared += 1
            break
    assert cleared


# -- 3. nothing hidden gets in -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("heuristic", [False, True])
def test_a_resampled_world_encodes_the_same(players: int, heuristic: bool) -> None:
    """For each seat at many points: the real view and a world resampled for
    that seat (`determinize`) give the same information state and action rows;
    the memory is fed only the events visible to the seat."""
    rng = random.Random(players)
    compared = differed = 0
    positions = _positions(players, 40 + players, {"target": 400}, heuristic)
    for step, (state, encoders, actor, legal) in enumerate(positions):
        if step % 3:
            continue
        for seat in range(players):
            world = state.determinize(seat, rng)
            differed += world.racks != state.racks or world.stock != state.stock
            real, resampled = state.view(seat), world.view(seat)
            encoder = encoders[seat]
            assert np.array_equal(encoder.information_state(real), encoder.information_state(resampled))
            if seat == actor:
                assert np.array_equal(encoder.action_features(real, legal), encoder.action_features(resampled, legal))
            compared += 1
    assert compared > 100 and differed > compared // 2


def test_events_not_told_to_the_seat_are_never_remembered() -> None:
    """Handed every event of a match (others' draws and stagings included), an
    encoder remembers exactly what it remembers from the events told to it."""
    state = GAME.new_match(4, 3, {"target": 300})
    told = _encoders(state)  # type: ignore[arg-type]
    everything = _encoders(state)  # type: ignore[arg-type]
    rng = random.Random(3)
    while not state.is_terminal():
        seat = state.actors()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        _tell(told, events)
        for encoder in everything:
            encoder.observe(events)
        for a, b in zip(told, everything, strict=True):
            assert np.array_equal(a.memory, b.memory)


# -- 4. wiring -------------------------------------------------------------------------------------------
def test_the_game_gives_its_encoder_for_every_player_count() -> None:
    assert GAME.encoder_type is BuraccoEncoder
    for options in (None, {"target": 300}, Options(hand_size=13)):
        for players in GAME.allowed_players(GAME.parse_options(options)):
            state = GAME.new_match(players, 1, options)
            for seat in range(players):
                encoder = GAME.encoder(seat, players, options)
                assert encoder.size == OBSERVATION.size + MEMORY.size
                assert encoder.information_state(state.view(seat)).shape == (encoder.size,)


# -- action features ---------------------------------------------------------------------------------------
def _row(state: BuraccoState, seat: int, action: int) -> np.ndarray:
    assert action in state.legal_actions(seat)
    return GAME.encoder(seat, state.num_players, state.options).action_features(state.view(seat), [action])[0]


def test_a_discard_says_what_it_gives_the_next_player() -> None:
    """BUR-11/13: a discard the other side's melds accept, or of a face the next
    player took from the pozo, feeds the next pick-up; a dead tile does not."""
    tiles = Tiles()
    nines = pierna(tiles, "rojo-9", "azul-9", "negro-9")
    racks = [["amarillo-9", "rojo-12", "negro-3", "azul-6"], ["rojo-12", "azul-1", "negro-8"]]
    state = table(tiles=tiles, racks=racks, melds=([], [nines]), pozo=["azul-5", "amarillo-2"], phase="meld")
    state.known[1] = [t for t in state.racks[1] if t >> 1 == FACE_TO_ID["rojo-12"]]
    play(state, 0, {"type": "done"})
    at = ACTIONS["discard"]
    nine = _row(state, 0, act.discard(FACE_TO_ID["amarillo-9"]))
    assert nine[at] > 0.0 and nine[at + 8] == nine[at + 7] == 3 / 30  # fits theirs; a pozo of 3 offered
    twelve = _row(state, 0, act.discard(FACE_TO_ID["rojo-12"]))
    assert twelve[at] == 0.0 and twelve[at + 2] == 0.5 and twelve[at + 8] > 0.0  # they took a rojo 12
    dead = _row(state, 0, act.discard(FACE_TO_ID["negro-3"]))
    assert dead[at] == dead[at + 2] == dead[at + 8] == 0.0 and dead[at + 7] > 0.0


def test_extensions_say_canasta_wild_and_relocation() -> None:
    """BUR-10 (a seventh tile makes a canasta, pure without a wild), BUR-8 (a
    wild into a pure meld), BUR-12 (the natural tile moves the run's wild)."""
    tiles = Tiles()
    sevens = pierna(tiles, "rojo-7", "rojo-7", "azul-7", "azul-7", "negro-7", "negro-7")
    azul = run(tiles, 3, "azul-3", "azul-4", "comodin", "azul-6")
    racks = [["amarillo-7", "azul-5", "comodin", "negro-12", "rojo-1"], ["rojo-12", "azul-1", "negro-8"]]
    state = table(tiles=tiles, racks=racks, melds=([sevens, azul], []), phase="meld")
    at = ACTIONS["extend"]
    canasta = _row(state, 0, act.extend(0, FACE_TO_ID["amarillo-7"], 0))
    assert canasta[at + 4] == 1.0 and canasta[at + 6] == 1.0 and canasta[at + 7] == 0.0 and canasta[at + 11] == 0.0
    wild = _row(state, 0, act.extend(0, FACE_TO_ID["comodin"], 0))
    assert wild[at + 4] == 1.0 and wild[at + 6] == 0.0 and wild[at + 7] == 1.0
    azul_5 = FACE_TO_ID["azul-5"]
    moved = [a for a in state.legal_actions(0) if act.is_extend(a) and act.extend_parts(a)[:2] == (1, azul_5)]
    assert moved
    relocation = _row(state, 0, moved[0])
    assert relocation[at] == 1.0 and relocation[at + 8] == 1.0 and relocation[at + 6] == 0.0
