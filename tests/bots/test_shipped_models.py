"""The models shipped in tapete/models, with numpy alone (no PyTorch here).

For every game with a shipped model: it loads and fits the game's encoder
today, it plays only legal moves in 50 seeded matches (the learned bot in a
rotating seat, the game's heuristic in the others, the configuration the
model was trained on), and it reproduces the decisions recorded in
golden_models.json when its weights were shipped. A model shipped or
retrained changes its hash: write the golden file again with

    TAPETE_WRITE_GOLDEN=1 pytest tests/bots/test_shipped_models.py
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from tapete import models
from tapete.bots import LearnedBot, kinds_for
from tapete.bots.learned import offers_learned, shipped_network
from tapete.engine import Bot, Decision, Game, Observation
from tapete.engine.turns import REACTION_WINDOW_S, deliver
from tapete.games import all_games
from tapete.sim.runner import next_move

GOLDEN = Path(__file__).with_name("golden_models.json")
MATCHES = 50
GOLDEN_MATCHES = 3
GOLDEN_DECISIONS = 40


def shipped_games() -> list[Game]:
    return [g for g in all_games() if models.model_paths(g.id, models.SHIPPED)[0].exists()]


def trained_on(game: Game) -> tuple[int, dict[str, Any]]:
    """The players and options the model's card says it was trained on."""
    info = models.read_info(game.id, models.SHIPPED)
    setting = info.meta.get("trained_on", {})
    return int(setting.get("players", game.default_players)), dict(setting.get("options", {}))


class Recorder(Bot):
    """Passes a learned bot's decisions through and keeps them."""

    def __init__(self, bot: LearnedBot) -> None:
        self.bot = bot
        self.decisions: list[int] = []

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        self.bot.start(seat, num_players, options)

    def observe(self, events: Any) -> None:
        self.bot.observe(events)

    def decide(self, obs: Observation) -> Decision | None:
        decision = self.bot.decide(obs)
        if decision is not None:
            assert decision.action in obs.legal, f"{decision.action} is not legal here"
            self.decisions.append(decision.action)
        return decision


def play(game: Game, seed: int) -> list[int]:
    """One seeded match with the learned bot in seat seed % players; its decisions."""
    players, options = trained_on(game)
    state = game.new_match(players, seed, options)
    learned_seat = seed % players
    recorder = Recorder(LearnedBot(game, random.Random(seed)))
    bots: list[Bot] = [
        recorder if seat == learned_seat else game.heuristic_bot(random.Random(seed * 31 + seat))
        for seat in range(players)
    ]
    for seat, bot in enumerate(bots):
        bot.start(seat, players, state.options)
    for _ in range(50_000):
        if state.is_terminal():
            break
        seat, action = next_move(state, bots, REACTION_WINDOW_S)
        assert action in state.legal_actions(seat)
        deliver(state.apply(seat, action), bots)
    assert state.is_terminal(), f"a {game.id} match with the learned bot never ended"
    return recorder.decisions


def golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}


def test_every_shipped_model_loads_and_its_level_is_offered() -> None:
    for game in all_games():
        shipped = game in shipped_games()
        assert offers_learned(game) == shipped == ("learned" in kinds_for(game)), game.id
        if shipped:
            network, _ = shipped_network(game)
            assert network.state_size > 0


@pytest.mark.parametrize("game", shipped_games(), ids=lambda g: g.id)
def test_a_shipped_model_plays_only_legal_moves(game: Game) -> None:
    for seed in range(MATCHES):
        play(game, seed)


@pytest.mark.parametrize("game", shipped_games(), ids=lambda g: g.id)
def test_a_shipped_model_reproduces_its_recorded_decisions(game: Game) -> None:
    sha = models.read_info(game.id, models.SHIPPED).sha256
    recorded = [play(game, 1000 + k)[:GOLDEN_DECISIONS] for k in range(GOLDEN_MATCHES)]
    if os.environ.get("TAPETE_WRITE_GOLDEN"):
        data = golden()
        data[game.id] = {"sha256": sha, "decisions": recorded}
        GOLDEN.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    entry = golden().get(game.id)
    assert entry is not None, f"no golden decisions for {game.id}: write them (see this module's docstring)"
    assert entry["sha256"] == sha, f"{game.id}'s model changed since its golden decisions were written"
    assert recorded == entry["decisions"]
