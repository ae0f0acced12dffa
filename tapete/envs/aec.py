"""PettingZoo AEC environments for every tapete game.

Agents are `"seat_0" .. "seat_{n-1}"`. Each observation is a dict:
`observation`, the seat's view encoded by `ObservationEncoder` (float32), and
`action_mask` (int8), which is non-zero only for the agent to move. Actions
are the game's own integer action space plus one more, **PASS**
(`num_actions`), offered only when a seat may let a window go by.

One agent at a time, so windows with several actors are taken apart in a
fixed order:

- **Reaction windows** (optional actors, e.g. a Bacan mirror): every optional
  actor, in seat order, gets a turn whose mask holds its legal reactions and
  PASS. A reaction is applied at once and the window is offered again from
  the new position (to every optional actor, in seat order). When all of them
  have passed, the required seat acts (its own reactions are in its mask too).
- **Simultaneous choices** (several required seats, e.g. WANTED's hidden
  commits): the required seats act one after another in seat order; since an
  observation is a view, no seat sees the others' hidden commits.

Rewards come at the end of the match: each seat's win share (1 for a sole
winner, 1/k when k seats share the win, 0 otherwise). `max_steps` truncates a
match that runs too long.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tapete.engine import Event, Game, State
from tapete.games import get_game

from .encoding import OBS_BOUND, ObservationEncoder


@functools.cache
def _encoder(game_id: str, num_players: int, options_key: tuple[tuple[str, Any], ...]) -> ObservationEncoder:
    return ObservationEncoder.discover(get_game(game_id), num_players, dict(options_key))


def encoder_for(game: Game, num_players: int, options: Any) -> ObservationEncoder:
    """The cached encoder of a registered game, or a fresh one for another."""
    key = tuple(sorted(vars(options).items())) if options is not None and hasattr(options, "__dict__") else ()
    try:
        if get_game(game.id) is game:
            return _encoder(game.id, num_players, key)
    except Exception:  # not a registered game (a test's toy game)
        pass
    return ObservationEncoder.discover(game, num_players, options)


class TurnOrder:
    """Which seat the serialized table asks next, and whether it may pass."""

    def __init__(self) -> None:
        self.passed: set[int] = set()

    def reset(self) -> None:
        self.passed.clear()

    def next(self, state: State) -> tuple[int, bool]:
        """(seat, may_pass) of the next turn; the state must not be terminal."""
        actors = state.actors()
        required = state.required_actors()
        for seat in actors:
            if seat not in required and seat not in self.passed and state.legal_actions(seat):
                return seat, True
        if required:
            return required[0], False
        # nobody must act and everyone passed: offer the window again
        self.passed.clear()
        return actors[0], False

    def record_pass(self, seat: int) -> None:
        self.passed.add(seat)


class TapeteAEC(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "tapete_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        num_players: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        max_steps: int | None = 5_000,
        render_mode: str | None = None,
        lang: str = "es",
    ) -> None:
        super().__init__()
        self.game = get_game(game) if isinstance(game, str) else game
        self.num_players = num_players or self.game.default_players
        self.game_options = self.game.parse_options(options)
        self.game.check_players(self.num_players, self.game_options)
        self.encoder = encoder_for(self.game, self.num_players, self.game_options)
        self.render_mode = render_mode
        self.lang = lang
        self.max_steps = max_steps
        self.possible_agents = [f"seat_{s}" for s in range(self.num_players)]
        probe = self.game.new_match(self.num_players, 0, self.game_options)
        self.num_game_actions = probe.num_actions()
        self.pass_action = self.num_game_actions
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, shape=(self.encoder.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.num_game_actions + 1,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_game_actions + 1) for a in self.possible_agents}
        self.turns = TurnOrder()
        self._seeds = random.Random()
        self.state: State = probe
        self.last_events: list[Event] = []
        self.steps = 0
        self.may_pass = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the match ------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state = self.game.new_match(self.num_players, self._seeds.getrandbits(62), self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.turns.reset()
        self.steps = 0
        self.last_events = []
        self._select()

    def _select(self) -> None:
        seat, self.may_pass = self.turns.next(self.state)
        self.agent_selection = self.possible_agents[seat]

    def seat_of(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def legal_mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.num_game_actions + 1, dtype=np.int8)
        if self.state.is_terminal() or self.possible_agents[seat] != self.agent_selection:
            return mask
        mask[self.state.legal_actions(seat)] = 1
        if self.may_pass:
            mask[self.pass_action] = 1
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat_of(agent)
        vector = np.asarray(self.encoder.encode(self.state.view(seat)), dtype=np.float32)
        return {"observation": vector, "action_mask": self.legal_mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of(agent)
        self._cumulative_rewards[agent] = 0.0
        self.apply_turn(seat, action)
        if self.state.is_terminal():
            returns = self.state.outcome().returns(self.num_players)
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = float(returns[s])
                self.terminations[a] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        if not self.state.is_terminal():
            self._select()
        self._accumulate_rewards()

    def apply_turn(self, seat: int, action: int | None) -> None:
        """Apply one agent's turn: PASS, or a legal game action (else ValueError)."""
        self.steps += 1
        if action is None or int(action) == self.pass_action:
            if not self.may_pass:
                raise ValueError(f"seat {seat} may not pass now")
            self.turns.record_pass(seat)
            self.last_events = []
            return
        action = int(action)
        if action not in self.state.legal_actions(seat):
            raise ValueError(f"action {action} is not legal for seat {seat}")
        self.last_events = self.state.apply(seat, action)
        self.turns.reset()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        seat = self.seat_of(self.agent_selection)
        return self.game.render_text(self.state.view(seat), self.lang)

    def close(self) -> None:
        return None


def pettingzoo_env(game_id: str, num_players: int | None = None, **options: Any) -> TapeteAEC:
    """The AEC environment of a game; keyword arguments are the game's options."""
    return TapeteAEC(game_id, num_players, options)
