"""Training's actors (numpy alone, no PyTorch): what they record, and that labelling a decision
leaves the real match and its players as they were."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tapete.bots.search import SearchConfig
from tapete.engine.turns import REACTION_WINDOW_S, deliver
from tapete.games import get_game
from tapete.sim.runner import next_move
from tapete.train.forks import Forker, ForkSettings, run_forks
from tapete.train.jobs import Job
from tapete.train.selfplay import Actor, SelfPlaySettings, run_selfplay
from tapete.train.teacher import TeacherSeats, TeacherSettings, run_actor

TABLES = [("boon", 4, ()), ("wanted", 2, (("mode", "pandillas"),)), ("bacan", 4, (("limit", 10),))]


def check_packed(packed: dict[str, np.ndarray], game_id: str, players: int) -> None:
    game = get_game(game_id)
    encoder = game.encoder(0, players, game.parse_options(dict(TABLES_OPTIONS[game_id])))
    assert packed["states"].shape[1] == encoder.size
    assert packed["actions"].shape[1] == encoder.action_size + 1  # the heuristic's proposal
    assert len(packed["owner"]) == len(packed["actions"]) == len(packed["targets"])
    assert packed["owner"].max() == len(packed["states"]) - 1
    assert ((packed["targets"] >= 0) & (packed["targets"] <= 1)).all()


TABLES_OPTIONS = {game: options for game, _, options in TABLES}


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=[t[0] for t in TABLES])
def test_forks_label_two_or_more_moves_per_decision(game_id: str, players: int, options: tuple) -> None:
    packed, stats = run_forks(Job(game_id, players, options, 3, 1, ForkSettings(margin_scale=5.0)))
    assert stats["samples"] > 0
    check_packed(packed, game_id, players)
    assert (np.bincount(packed["owner"]) >= 2).all()


def test_montecarlo_labels_the_move_played() -> None:
    packed, _stats = run_selfplay(Job("boon", 4, (), 3, 2, SelfPlaySettings(margin_scale=2.4)))
    check_packed(packed, "boon", 4)
    assert (np.bincount(packed["owner"]) == 1).all()


def test_the_search_labels_every_move() -> None:
    packed, _stats = run_actor(Job("boon", 4, (), 3, 1, TeacherSeats(TeacherSettings(worlds=2, margin_scale=2.4))))
    check_packed(packed, "boon", 4)


def test_a_fork_leaves_the_match_and_its_players_untouched() -> None:
    """The forks play copies: after labelling, the match and every seat's next decisions are
    those of a match nobody forked."""
    game = get_game("boon")

    def play(fork: bool) -> list[tuple[int, int]]:
        state = game.new_match(4, 11)
        actors = [Actor(game, random.Random(s), None, 0.0, record=False) for s in range(4)]
        for seat, actor in enumerate(actors):
            actor.start(seat, 4, state.options)
        forker = Forker(game, actors, state.options, SearchConfig(margin_scale=2.4))
        moves = []
        while not state.is_terminal():
            seat, action = next_move(state, actors, REACTION_WINDOW_S)
            asked = actors[seat].asked
            if fork and asked is not None:
                before = state.to_json()
                forker.values(state, seat, asked[1], random.Random(len(moves)))
                assert state.to_json() == before
            actors[seat].asked = None
            moves.append((seat, action))
            deliver(state.apply(seat, action), actors)
        return moves

    assert play(fork=True) == play(fork=False)
