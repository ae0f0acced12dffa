"""OpenSpiel's own tools run on every tapete game (skipped without the `openspiel` extra)."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from tapete.envs.openspiel import TapeteSeat, ismcts_bot, play_match, register, short_name  # noqa: E402
from tapete.games import game_ids, get_game  # noqa: E402

from .helpers import load as _load  # noqa: E402


def test_every_game_is_registered() -> None:
    names = register()
    assert names == [short_name(g) for g in game_ids()] == register()
    registered = pyspiel.registered_names()
    assert all(name in registered for name in names)
    assert pyspiel.load_game("tapete_wanted").get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert pyspiel.load_game("tapete_boon").get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


@pytest.mark.parametrize("game_id", game_ids())
def test_openspiel_random_simulation_check(game_id: str) -> None:
    """OpenSpiel's own checks, serialization included: every state cloned, serialized and read back."""
    pyspiel.random_sim_test(_load(game_id), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", game_ids())
def test_openspiel_ismcts_plays_a_whole_match(game_id: str) -> None:
    game = _load(game_id, simultaneous=False)
    n = game.num_players()
    bots = [ismcts_bot(game, simulations=4, rollout_steps=30, seed=1)]
    bots += [TapeteSeat("heuristic", get_game(game_id), seat, seed=seat) for seat in range(1, n)]
    returns = play_match(game, bots, seed=2)
    assert len(returns) == n and sum(returns) == pytest.approx(1.0)


def test_the_root_deals_and_chance_decides_the_draws() -> None:
    game = _load("wanted")
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 4_096
    state.apply_action(7)
    assert state.is_simultaneous_node()
    # WANTED's commits: both seats choose at once, each from its own hand only
    hands = [set(state.legal_actions(seat)) for seat in range(2)]
    assert hands[0] and hands[1] and not hands[0] & hands[1]
    other = game.new_initial_state()
    other.apply_action(8)
    assert other.observation_string(0) != state.observation_string(0)  # another outcome, another deal


def test_information_comes_from_the_seat_view_only() -> None:
    game = _load("boon")
    state = game.new_initial_state()
    state.apply_action(3)
    match = state.t.match
    for seat in range(3):
        text = state.information_state_string(seat)
        mine = match.view(seat)["hand"]
        assert all(card in text for card in mine)
        others = [c for s in range(3) if s != seat for c in match.view(s)["hand"]]
        assert not any(f'"{card}"' in text for card in others)
        if game.get_type().provides_information_state_tensor:  # the game's encoder: the view, then the memory
            encoder = get_game("boon").encoder(seat, 3, match.options)
            assert len(state.observation_tensor(seat)) == encoder.observation_size > 0
            assert len(state.information_state_tensor(seat)) == encoder.size > encoder.observation_size


def test_tapete_bots_play_through_openspiel_simultaneous_nodes() -> None:
    game = _load("wanted")
    bots = [TapeteSeat("heuristic", get_game("wanted"), seat, seed=seat) for seat in range(2)]
    returns = play_match(game, bots, seed=3)
    assert sorted(returns) in ([0.0, 1.0], [0.5, 0.5])


def test_a_tapete_bot_chooses_among_what_the_table_offers() -> None:
    """One reaction a window: a bot that already claimed is not offered a second
    claim, and picks among the rest itself (never a stand-in move like calling Bacan)."""
    game = _load("bacan", simultaneous=False)
    seats = [TapeteSeat("heuristic", get_game("bacan"), seat, seed=seat) for seat in range(3)]
    chosen: list[tuple[Any, int]] = []
    for seat in seats:
        decide = seat.bot.decide

        def spy(obs: Any, decide: Any = decide) -> Any:
            decision = decide(obs)
            chosen.append((decision, len(obs.legal)))
            return decision

        seat.bot.decide = spy  # type: ignore[method-assign]
        seat.restart_at = lambda state: None  # type: ignore[method-assign]
    state = game.new_initial_state()
    rng = __import__("numpy").random.RandomState(0)
    while not state.is_terminal():
        for other in seats:  # as evaluate_bots does: everyone hears of each step
            other.inform_action(state, state.current_player(), 0)
        if state.is_chance_node():
            state.apply_action(int(rng.randint(len(state.chance_outcomes()))))
            continue
        seat = seats[state.current_player()]
        before = len(chosen)
        action = seat.step(state)
        if len(chosen) > before:
            decision = chosen[-1][0]
            expected = state.spiel_game.pass_action if decision is None else decision.action
            assert action == expected
        state.apply_action(action)


def test_the_former_path_is_the_same_module() -> None:
    """docs/api.md tells users the bridge moved to `tapete.envs.openspiel`; `tapete.openspiel` still imports it."""
    import importlib

    import tapete.envs.openspiel as bridge

    assert importlib.import_module("tapete.openspiel") is bridge
