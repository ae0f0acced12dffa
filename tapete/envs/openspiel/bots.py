"""tapete's bots and OpenSpiel's at one table: `TapeteSeat`, `ismcts_bot`, `play_match`."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from tapete.engine import Game
from tapete.engine.turns import deliver

from .game import TapeteSpielState
from .observer import resampler


class TapeteSeat(pyspiel.Bot):
    """A tapete bot (a `make_bot` kind) as an OpenSpiel bot, for OpenSpiel's
    `evaluate_bots`: it sees its seat's observation and the events addressed
    to it, as anywhere (the events of each step reach it at its next call)."""

    def __init__(self, kind: str, game: Game, seat: int, seed: int) -> None:
        pyspiel.Bot.__init__(self)
        from tapete.bots import make_bot

        self.kind, self.game, self.seat, self.seed = kind, game, seat, seed
        self.bot = make_bot(kind, game, seed)
        self.started = False
        self.told = -1  # the history length whose events the bot has heard

    def restart_at(self, state: TapeteSpielState) -> None:
        from tapete.bots import make_bot

        self.bot = make_bot(self.kind, self.game, self.seed)
        self.started = False
        self.told = -1

    def _catch_up(self, state: TapeteSpielState) -> None:
        match = state.t.match
        if match is None:
            return
        if not self.started:
            self.bot.start(self.seat, match.num_players, match.options)
            self.started = True
        moment = len(state.history())
        if moment != self.told:
            self.told = moment
            deliver(state.t.events, {self.seat: self.bot})

    def inform_action(self, state: TapeteSpielState, player: int, action: int) -> None:
        self._catch_up(state)

    def inform_actions(self, state: TapeteSpielState, actions: list[int]) -> None:
        self._catch_up(state)

    def step(self, state: TapeteSpielState) -> int:
        from tapete.engine import Observation

        self._catch_up(state)
        match = state.t.match
        assert match is not None
        legal = state.legal_actions(self.seat)
        pass_action = state.spiel_game.pass_action
        offered = [a for a in legal if a != pass_action]
        decision = None
        if offered:
            obs = Observation(match, self.seat)
            obs.legal = offered  # the bot chooses among what the table offers (one reaction a window)
            decision = self.bot.decide(obs)
        if decision is not None and decision.action in legal:
            return decision.action
        return pass_action if pass_action in legal else legal[0]


def ismcts_bot(game: pyspiel.Game, simulations: int, rollout_steps: int | None, seed: int) -> Any:
    """OpenSpiel's own IS-MCTS (`open_spiel.python.algorithms.ismcts`) with its
    random-rollout evaluator (a rollout cut after `rollout_steps` moves is
    valued 0 for everyone) and worlds from `resampler`. The game must be
    loaded with `simultaneous=False` (IS-MCTS searches sequential games)."""
    from open_spiel.python.algorithms import ismcts, mcts

    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state, max_length=rollout_steps)

    class SearchBot(ismcts.ISMCTSBot):
        """What evaluate_bots asks of a bot and this one lacks: starting a match."""

        def restart_at(self, state: Any) -> None:
            self.reset()

        def inform_action(self, state: Any, player: int, action: int) -> None:
            return None

    bot = SearchBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=simulations,
        random_state=random_state,
        allow_inconsistent_action_sets=True,
    )
    bot.set_resampler(resampler)
    return bot


def play_match(game: pyspiel.Game, bots: list[Any], seed: int) -> list[float]:
    """One match to the end by OpenSpiel's `evaluate_bots`; the returns."""
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))
    return [float(r) for r in returns]
