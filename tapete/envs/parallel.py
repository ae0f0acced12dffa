"""A PettingZoo ParallelEnv: every seat of a simultaneous choice acts at once.

`parallel_env(game_id, 2)`: where a game's seats choose at once (secret
commits) every required seat picks its hidden card in the same step, each
from its own observation (no seat sees the others' picks, whatever order
they are applied in). Everywhere else a
step has one acting agent, the same seat the AEC environment would ask
(`TurnOrder`: reaction windows taken apart, PASS for optional seats), so
the parallel environment serves every game.

Agents are `"seat_0" .. "seat_{n-1}"`, all live until the match ends.
`acting` lists the agents whose actions the next step needs; the others'
masks are all zeros and their entries in `step`'s dict are ignored (absent
is fine). Observations are the AEC environment's dicts (`observation`,
`information_state`, `action_mask`), given for every live agent after each
step. The acting agents' actions are checked before any is applied: one
outside its mask raises `IllegalMove`, or with `illegal="penalize"` ends the
match (-1 for the first offender in seat order, 0 for the others, its info
`illegal: True`). A commit's actions are applied in seat order. Rewards come
when the match ends; `max_steps` counts agent turns (a commit of k seats is
k).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from tapete.engine import Game
from tapete.engine.turns import in_race

from .match import EnvMatch
from .pettingzoo import build_match, observation_space, render_ansi
from .settings import DEFAULT_MAX_STEPS, EnvSettings, settings_from


class TapeteParallel(ParallelEnv[str, dict[str, np.ndarray], int]):
    metadata = {"render_modes": ["ansi"], "name": "tapete_parallel_v0"}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        settings: EnvSettings | None = None,
        **setting_values: Any,
    ) -> None:
        """`options` are the game's own; `settings` (or its fields as keywords) the environment's."""
        self.settings = settings_from(settings, setting_values)
        self.match: EnvMatch = build_match(game, num_players, options, self.settings)
        self.game = self.match.game
        self.num_players = self.match.num_players
        self.render_mode = self.settings.render_mode
        self.possible_agents = [f"seat_{s}" for s in range(self.num_players)]
        self.agents: list[str] = []
        space = observation_space(self.match)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        action_space = spaces.Discrete(self.match.mask_size)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self.pass_action = self.match.pass_action
        self.acting: list[str] = []
        self._offered: dict[int, list[int]] = {}  # acting seat -> its offered actions
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the match ------------------------------------------------------------------
    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.match.reset(self._seeds.getrandbits(62))
        self.agents = list(self.possible_agents)
        self._choose()
        return self._observations(), {a: {} for a in self.agents}

    def _choose(self) -> None:
        """Who acts in the next step: every required seat of a simultaneous choice, else the
        serialized table's one seat."""
        match = self.match
        state = match.state
        required = state.required_actors()
        if len(required) > 1 and not in_race(state):
            self._offered = {seat: match.turns.allowed(state, seat) for seat in required}
        else:
            self._offered = {match.seat: match.offered}
        self.acting = [self.possible_agents[seat] for seat in self._offered]

    def _mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.match.mask_size, dtype=np.int8)
        offered = self._offered.get(seat)
        if offered is not None and not self.match.state.is_terminal():
            mask[offered] = 1
            if len(self._offered) == 1 and self.match.may_pass:
                mask[self.pass_action] = 1
        return mask

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        match = self.match
        out = {}
        for agent in self.agents:
            seat = int(agent[5:])
            state = match.information_state(seat)
            out[agent] = {
                "observation": state[: match.observation_size],
                "information_state": state,
                "action_mask": self._mask(seat),
            }
        return out

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        match = self.match
        agents = list(self.agents)
        rewards = dict.fromkeys(agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        terminated = dict.fromkeys(agents, False)
        truncated = dict.fromkeys(agents, False)
        chosen: list[tuple[int, int]] = []
        single = len(self._offered) == 1
        for seat, offered in self._offered.items():
            agent = self.possible_agents[seat]
            raw = actions.get(agent)
            a = match.pass_action if raw is None else int(raw)
            ok = (a == match.pass_action and single and match.may_pass) or (a != match.pass_action and a in offered)
            if not ok:
                if not match.penalize:
                    raise match.illegal(seat, raw)
                infos[agent]["illegal"] = True
                for other, reward in zip(self.possible_agents, match.penalty(seat), strict=True):
                    rewards[other] = reward
                return self._finish(rewards, terminated, truncated, infos, done=terminated)
            chosen.append((seat, a))
        for seat, a in sorted(chosen):
            if not single and a not in match.state.legal_actions(seat):
                raise RuntimeError(f"seat {seat}'s simultaneous choice {a} was no longer legal after the others'")
            match.play(seat, a)
        if match.state.is_terminal():
            for agent, reward in zip(self.possible_agents, match.returns(), strict=True):
                rewards[agent] = reward
            return self._finish(rewards, terminated, truncated, infos, done=terminated)
        if match.max_steps is not None and match.steps >= match.max_steps:
            return self._finish(rewards, terminated, truncated, infos, done=truncated)
        self._choose()
        return self._observations(), rewards, terminated, truncated, infos

    def _finish(
        self,
        rewards: dict[str, float],
        terminated: dict[str, bool],
        truncated: dict[str, bool],
        infos: dict[str, dict[str, Any]],
        done: dict[str, bool],
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """The match is over for every agent: the last observations, then no agents."""
        for agent in done:
            done[agent] = True
        self._offered = {}
        self.acting = []
        observations = self._observations()
        self.agents = []
        return observations, rewards, terminated, truncated, infos

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        seat = self.match.seat
        return render_ansi(self.game, self.match.state, seat, self.match.last_events, self.settings.lang)

    def close(self) -> None:
        return None


def parallel_env(
    game_id: str,
    num_players: int | None = None,
    *,
    render_mode: str | None = None,
    max_steps: int | None = DEFAULT_MAX_STEPS,
    reward: str = "win",
    reactions: str = "once",
    lang: str = "es",
    illegal: str = "raise",
    options: Mapping[str, Any] | None = None,
    **game_options: Any,
) -> TapeteParallel:
    """The Parallel environment of a game; keywords as `pettingzoo_env`'s."""
    settings = EnvSettings(render_mode, max_steps, reward, reactions, lang, illegal)
    return TapeteParallel(game_id, num_players, {**(options or {}), **game_options}, settings=settings)
