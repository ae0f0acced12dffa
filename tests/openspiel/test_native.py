"""tapete's games behave like OpenSpiel's own: games and states pickle, copy and
serialize; returns are constant-sum; `max_game_length` is a true bound."""

from __future__ import annotations

import copy
import json
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import tapete  # noqa: E402
from tapete.envs import openspiel as bridge  # noqa: E402
from tapete.envs.openspiel import GAME_CLASSES, class_name, length_bound, register, short_name  # noqa: E402
from tapete.games import game_ids, get_game  # noqa: E402

from .helpers import load, play_randomly, random_step  # noqa: E402


def _midway(game: Any, steps: int = 12, seed: int = 5) -> Any:
    """A state some random steps into a match (a chance node or a decision)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


def _same(a: Any, b: Any) -> None:
    assert str(a) == str(b) and a.history() == b.history()
    assert a.current_player() == b.current_player()
    assert a.is_terminal() == b.is_terminal()
    players = range(a.num_players())
    assert [a.information_state_string(p) for p in players] == [b.information_state_string(p) for p in players]
    if a.get_game().get_type().provides_information_state_tensor:
        assert [a.information_state_tensor(p) for p in players] == [b.information_state_tensor(p) for p in players]
    if not a.is_terminal() and not a.is_chance_node() and not a.is_simultaneous_node():
        assert a.legal_actions() == b.legal_actions()


def test_every_game_has_its_class_bound_under_a_stable_name() -> None:
    register()
    assert set(GAME_CLASSES) == set(game_ids())
    assert class_name("nacho-loco") == "TapeteNachoLocoGame"
    for game_id, cls in GAME_CLASSES.items():
        assert getattr(bridge, class_name(game_id)) is cls
        assert cls.__module__ == "tapete.envs.openspiel" and cls.__qualname__ == class_name(game_id)
        assert type(pyspiel.load_game(short_name(game_id))) is cls


@pytest.mark.parametrize("game_id", game_ids())
def test_games_and_states_pickle_copy_and_serialize(game_id: str) -> None:
    game = load(game_id)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and type(again) is type(game)
    assert copy.deepcopy(game) is game and copy.copy(game) is game
    for steps in (0, 1, 12):
        state = _midway(game, steps)
        _same(pickle.loads(pickle.dumps(state)), state)
        _same(copy.deepcopy(state), state)
        _same(copy.copy(state), state)
        new_game, new_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert str(new_game) == str(game)
        _same(new_state, state)
    # a copy goes its own way: playing on from it leaves the original as it was
    state = _midway(game, 12)
    before = str(state), state.history()
    twin = pickle.loads(pickle.dumps(state))
    rng = random.Random(1)
    for _ in range(5):
        if not twin.is_terminal():
            random_step(twin, rng)
    assert (str(state), state.history()) == before


def _elsewhere(code: str, data: bytes, *args: str) -> str:
    """What `code` prints in a new Python process, fed `data`."""
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        input=data,
        capture_output=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(Path(tapete.__file__).resolve().parents[1])},
    )
    return done.stdout.decode().strip()


def test_a_pickle_loads_in_a_process_that_never_imported_the_bridge() -> None:
    game = load("boon")
    state = _midway(game, 8)
    code = (
        "import pickle, sys; state = pickle.loads(sys.stdin.buffer.read()); "
        "print(state.history(), state.information_state_string(0) == sys.argv[1])"
    )
    printed = _elsewhere(code, pickle.dumps(state), state.information_state_string(0))
    assert printed == f"{state.history()} True"


def test_importing_the_bridge_registers_the_games_as_openspiels_own_modules_do() -> None:
    """`deserialize_game_and_state` loads the game by name: importing the module is enough."""
    game = load("wanted")
    state = _midway(game, 6)
    code = (
        "import sys, pyspiel, tapete.envs.openspiel; "
        "game, state = pyspiel.deserialize_game_and_state(sys.stdin.read()); print(game, state.history())"
    )
    printed = _elsewhere(code, pyspiel.serialize_game_and_state(game, state).encode())
    assert printed == f"{game} {state.history()}"


@pytest.mark.parametrize("game_id", game_ids())
def test_returns_are_constant_sum_win_shares(game_id: str) -> None:
    game = load(game_id)
    kind = game.get_type()
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0 and (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    state, _ = play_randomly(game, seed=3)
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0) and all(0.0 <= r <= 1.0 for r in returns)


# -- max_game_length --------------------------------------------------------------------------
WANTED_MODES = [
    (2, {"mode": "duelo"}),
    (3, {"mode": "tiroteo"}),
    (3, {"mode": "pandillas", "deals": 2, "replays": 2}),
    (2, {"mode": "pandillas", "deals": 1, "replays": 1}),
]


@pytest.mark.parametrize(("players", "options"), WANTED_MODES)
@pytest.mark.parametrize("simultaneous", [True, False])
def test_wanteds_rules_bound_a_match_and_random_play_stays_within(
    players: int, options: dict[str, Any], simultaneous: bool
) -> None:
    """WANTED: a stage of at most 5 battles (or `deals` deals of one gang battle), at
    most `replays` replays; every battle's choices a node (or a node a seat)."""
    register()
    params = {"players": players, "options": json.dumps(options), "simultaneous": simultaneous}
    game = pyspiel.load_game("tapete_wanted", params)
    bound = length_bound(get_game("wanted"), players, game.options, simultaneous)
    assert bound.hard and game.max_game_length() == bound.moves
    for seed in range(30):
        state, decisions = play_randomly(game, seed)
        assert decisions <= bound.moves and not state.is_cut()


def test_the_bound_of_each_game_follows_its_rules_and_options() -> None:
    wanted, boon, nacho = get_game("wanted"), get_game("boon"), get_game("nacho-loco")
    duel = wanted.parse_options({})
    assert length_bound(wanted, 2, duel).moves == 4 * 5  # 1 + 3 replays, 5 battles, one joint node each
    assert length_bound(wanted, 2, duel, simultaneous=False).moves == 4 * 5 * 2
    gangs = wanted.parse_options({"mode": "pandillas"})  # 3 deals, 3 replays, battles of <= 8 nodes
    assert length_bound(wanted, 4, gangs).moves == 3 * 8 + 2 + 3 * (1 + 8)
    # Boon: 100 rounds of (deal, a bid a seat, the bury, every card)
    assert length_bound(boon, 3, boon.parse_options({})).moves == 100 * (1 + 3 + 3 + 27)
    assert length_bound(boon, 4, boon.parse_options({})).moves == 100 * (1 + 4 + 4 + 28)
    # Nacho Loco: 2 players to 5 points play at most 9 rounds (each gives its winner >= 1 point)
    assert length_bound(nacho, 2, nacho.parse_options({"target": 5})).moves == 9 * 4 * 94
    for game_id in game_ids():  # more points to play for, a longer match
        game = get_game(game_id)
        for n in game.allowed_players(game.parse_options({})):
            assert length_bound(game, n, game.parse_options({})).moves > 0


@pytest.mark.parametrize("players", [3, 4])
def test_a_boon_round_never_outlasts_its_bound_in_random_play(players: int) -> None:
    """BOO-4..BOO-8: the deal, a bid a seat, the bury and every card: 34 nodes with 3 players, 37 with 4."""
    register()
    game = pyspiel.load_game("tapete_boon", {"players": players})
    longest = {3: 34, 4: 37}[players]
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        per_round: dict[int, int] = {}
        while not state.is_terminal():
            if not state.is_chance_node():
                r = state.t.match.round_index()
                per_round[r] = per_round.get(r, 0) + 1
            random_step(state, rng)
        assert max(per_round.values()) <= longest


def test_nacho_locos_rounds_never_outnumber_their_bound_in_random_play() -> None:
    """NAC-15, NAC-17: every round gives its winner a point a card left in the other hands."""
    game = load("nacho-loco", players=3)
    target = game.options.target
    rounds = 3 * (target - 1) // 2 + 1
    for seed in range(6):
        state, _ = play_randomly(game, seed)
        assert state.t.match.round_index() <= rounds and not state.is_cut()


@pytest.mark.parametrize("game_id", ["boon", "bacan", "buracco", "nacho-loco"])
def test_where_the_rules_set_no_bound_the_bridge_stops_the_match_as_a_draw(game_id: str) -> None:
    """The bound is enforced: a match reaching `max_game_length` decisions ends, 1/n each."""
    game = load(game_id)
    assert not game.bound.hard and game.max_game_length() == game.bound.moves
    for seed in range(3):  # the default bound is far above random play at these settings
        state, decisions = play_randomly(game, seed)
        assert not state.is_cut() and decisions < game.max_game_length()
    short = load(game_id, max_game_length=25)
    assert short.max_game_length() == 25
    n = short.num_players()
    cut = 0
    for seed in range(10):
        state, decisions = play_randomly(short, seed)
        assert decisions <= 25
        if state.is_cut():
            cut += 1
            assert decisions == 25 and state.returns() == [1.0 / n] * n
            assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []
    assert cut
    pyspiel.random_sim_test(short, num_sims=2, serialize=True, verbose=False)


def test_a_hard_bound_is_not_raised_by_the_parameter() -> None:
    register()
    duel = pyspiel.load_game("tapete_wanted", {"max_game_length": 10_000})
    assert duel.max_game_length() == 20
    assert pyspiel.load_game("tapete_wanted", {"max_game_length": 3}).max_game_length() == 3


def test_openspiels_zero_sum_transform_wraps_a_game() -> None:
    """For algorithms that insist on ZERO_SUM: OpenSpiel's `zerosum` subtracts the mean return."""
    register()
    game = pyspiel.load_game("zerosum(game=tapete_wanted(players=2))")
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    for seed in range(3):
        state, _ = play_randomly(game, seed)
        assert sum(state.returns()) == pytest.approx(0.0) and max(state.returns()) <= 0.5
