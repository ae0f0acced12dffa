"""The heuristic bot: it plays legal moves from its view and beats random bots."""

from __future__ import annotations

import random

from tapete.engine import Observation
from tapete.games.nacho_loco import GAME
from tapete.games.nacho_loco import actions as act
from tapete.games.nacho_loco.rules import NachoLocoState
from tapete.sim.runner import play_match
from tapete.sim.stats import wilson

from .helpers import LIVE, build, place, surround


def _decide(state: NachoLocoState, seat: int) -> int:
    bot = GAME.heuristic_bot(random.Random(0))
    bot.start(seat, state.num_players, state.options)
    decision = bot.decide(Observation(state, seat))
    assert decision is not None
    return decision.action


def test_bot_prefers_a_double_match() -> None:
    field = surround(1, 0, [None, "verde", "naranja"]) + LIVE
    state = build(hands=[["verde/X/X", "verde/naranja/X"], ["azul/X/X"], ["azul/X/X"]], field=field)
    assert _decide(state, 0) == place(state, 1, 0, "verde/naranja/X", 1)


def test_bot_closes_the_field() -> None:
    field = [(0, 0, "rojo/X/X", 0)]
    state = build(hands=[["rojo/X/X", "rojo/naranja/X"], ["azul/X/X"], ["azul/X/X"]], field=field)
    assert _decide(state, 0) == place(state, -1, 0, "rojo/X/X", 1)  # the killer close


def test_bot_sends_draw_three_to_the_shortest_hand() -> None:
    field = surround(1, 0, [None, "roba3", None]) + LIVE
    hands = [["roba3/verde/X", "azul/X/X"], ["azul/X/X", "verde/X/X"], ["marron/X/X"], ["amarillo/X/X", "rojo/X/X"]]
    state = build(4, hands=hands, field=field)
    state.apply(0, place(state, 1, 0, "roba3/verde/X", 1))
    assert _decide(state, 0) == act.TARGET + 2


def test_bot_limits_what_a_last_card_can_fit() -> None:
    """With an opponent on one card, it avoids opening a new colour."""
    field = [(0, 0, "rojo/X/X", 0), *LIVE]  # (-1, 0) needs rojo on its right side
    hands = [["rojo/verde/X", "rojo/X/X", "azul/X/X"], ["azul/X/X"], ["marron/X/X", "amarillo/X/X"]]
    state = build(hands=hands, field=field)
    # rojo/verde/X would open (-2, 0) to verde; rojo/X/X opens nothing new
    for seed in range(5):
        bot = GAME.heuristic_bot(random.Random(seed))
        bot.start(0, 3, state.options)
        decision = bot.decide(Observation(state, 0))
        assert decision is not None and decision.action == place(state, -1, 0, "rojo/X/X", 1)


def test_heuristic_beats_random_clearly() -> None:
    """Acceptance: more than its fair share against random bots (4 players: 1/4)."""
    game = GAME
    matches = 60
    wins = 0.0
    for i in range(matches):
        seat = i % 4
        kinds = ["random"] * 4
        kinds[seat] = "heuristic"
        result = play_match(game, 4, kinds, 7000 + i)
        assert result.error is None, result.error
        wins += result.returns[seat]
    low, _ = wilson(wins, matches)
    assert low > 0.3, f"heuristic won {wins}/{matches}"
