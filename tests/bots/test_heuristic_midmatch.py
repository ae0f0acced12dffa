"""Every game's heuristic bot can take over a seat at any point of a match.

The server seats a stand-in bot on a disconnected player's chair, and search
rollouts start fresh heuristic bots in sampled worlds: in both the bot has
seen none of the earlier events and must play from its seat's view alone.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tapete.bots.search import ISMCTSBot, SearchConfig
from tapete.engine import Bot, Game, State
from tapete.games import game_ids, get_game
from tapete.sim.bench import random_step
from tapete.sim.runner import next_move
from tests.game_settings import settings

MAX_ACTIONS = 40_000


def _short(game: Game) -> dict[str, Any]:
    """Options for short matches where the game offers them (its `SHORT_OPTIONS`), so many
    starts fit in a test."""
    return dict(settings(game.id).SHORT_OPTIONS)


def _random_prefix(game: Game, n: int, seed: int, options: dict[str, Any]) -> State:
    """A random match stopped after a random number of random actions."""
    probe = game.new_match(n, seed, options)
    rng = random.Random(seed)
    length = 0
    while not probe.is_terminal() and length < MAX_ACTIONS:
        random_step(probe, rng)
        length += 1
    stop = random.Random(-seed).randrange(max(1, length))
    state = game.new_match(n, seed, options)
    rng = random.Random(seed)  # the same actions again, up to `stop`
    for _ in range(stop):
        random_step(state, rng)
    return state


def _play_out(state: State, bots: list[Bot]) -> int:
    actions = 0
    while not state.is_terminal():
        seat, action = next_move(state, bots, 1.5)
        events = state.apply(seat, action)  # raises on an illegal action
        for other, bot in enumerate(bots):
            seen = [e for e in events if e.visible_to(other)]
            if seen:
                bot.observe(seen)
        actions += 1
        assert actions < MAX_ACTIONS
    return actions


def _option_sets(game: Game) -> list[dict[str, Any]]:
    short = _short(game)
    return [dict(short), *({**short, **extra} for extra in game.conformance_options)]


@pytest.mark.parametrize("game_id", game_ids())
def test_heuristic_bot_takes_over_any_seat_mid_match(game_id: str) -> None:
    game = get_game(game_id)
    starts = 0
    for i, options in enumerate(_option_sets(game)):
        allowed = game.allowed_players(game.parse_options(options))
        for n in sorted({allowed[0], allowed[-1], game.default_players} & set(allowed)):
            for seed in range(3):
                state = _random_prefix(game, n, 1000 * i + 10 * n + seed, options)
                rng = random.Random(seed)
                bots = [game.heuristic_bot(random.Random(rng.getrandbits(32))) for _ in range(n)]
                for seat, bot in enumerate(bots):
                    bot.start(seat, n, state.options)
                _play_out(state, bots)
                assert state.is_terminal()
                starts += 1
    assert starts >= 6


@pytest.mark.parametrize("game_id", game_ids())
def test_search_with_heuristic_rollouts_takes_over_mid_match(game_id: str) -> None:
    """ISMCTS started mid-match plays out its rollouts with the game's
    heuristic in every seat, copies of shadows that saw nothing of the match
    or fresh bots: a heuristic that failed there would raise (rollouts no
    longer fall back to random play)."""
    game = get_game(game_id)
    config = SearchConfig(iterations=24, rollout="heuristic", guide=True, max_rollout_actions=300)
    decisions = 0
    for seed in range(2):
        options = _short(game)
        n = game.default_players
        state = _random_prefix(game, n, 500 + seed, options)
        bots: list[Bot] = [ISMCTSBot(game, random.Random(seed), config)]
        bots += [game.heuristic_bot(random.Random(seed * 10 + s)) for s in range(1, n)]
        for seat, bot in enumerate(bots):
            bot.start(seat, n, state.options)
        for _ in range(40):
            if state.is_terminal():
                break
            seat, action = next_move(state, bots, 1.5)
            decisions += seat == 0
            events = state.apply(seat, action)
            for other, bot in enumerate(bots):
                seen = [e for e in events if e.visible_to(other)]
                if seen:
                    bot.observe(seen)
    assert decisions > 0
