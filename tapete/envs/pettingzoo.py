"""PettingZoo AEC environments for every tapete game.

Agents are `"seat_0" .. "seat_{n-1}"`. Actions are the game's own integer
action space plus one more, **PASS** (`num_actions`), offered only when a
seat may let a reaction window go by. Each observation is a dict:

- `observation` (float32, `observation_size`): the seat's view now, encoded by
  the game's encoder (`InfoEncoder.observation`, tapete/engine/encoding.py;
  layouts in docs/encodings.md);
- `information_state` (float32, `state_size`): the observation followed by
  the seat's memory - what it was told earlier and the view no longer shows
  (cards played, peeked, taken). Each seat's encoder is fed, after every
  applied action, exactly the events that seat may see;
- `action_mask` (int8, `num_actions + 1`, PASS last): non-zero only for the
  agent to act.

An observation is built only when asked for (`observe`, `last`), for that
agent alone, from its view only; `action_mask(agent)` gives the mask alone.

One agent at a time, so windows with several actors are taken apart
(`TurnOrder`, tapete/envs/turns.py):

- **Reaction windows** (optional actors, e.g. a Bacan mirror): every optional
  actor, in turn order from the seat after the one on turn (so that no seat
  always has the first claim), gets a turn whose mask holds its legal
  reactions and PASS. A reaction is applied at once. With the setting
  `reactions="once"` (the default) each seat has one reaction per window:
  having claimed or passed, it is not asked again until the required seat's
  next action; with `reactions="all"` the window is offered again to every
  optional actor after each claim. When all of them are done, the required
  seat acts (its own reactions are in its mask too, once per window with
  "once"). The rules are the same in both: only what the environment offers
  differs.
- **Simultaneous choices** (several required seats, e.g. WANTED's hidden
  commits): the required seats act one after another in seat order; no seat
  sees the others' hidden commits (`tapete.envs.parallel_env` has them act
  at once).

Rewards come at the end of the match: each seat's win share (1 for a sole
winner, 1/k when k seats share the win, 0 otherwise), or with
`reward="zero_sum"` the share minus the table's mean. `max_steps` truncates a
match that runs too long. An action outside the mask raises `IllegalMove`
(a ValueError), or with `illegal="penalize"` ends the match: -1 for the
offender, 0 for the others, `infos[agent]["illegal"] = True`. These settings
(`EnvSettings`) are the environment's; the game's options are passed apart
(`options`).
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from rich.console import Console

from tapete.engine import Event, Game, State
from tapete.games import get_game

from .match import EnvMatch
from .settings import DEFAULT_MAX_STEPS, EnvSettings, settings_from
from .turns import TurnOrder, in_turn_order

# `TurnOrder` is read from here by the OpenSpiel bridge (openspiel/game.py).
__all__ = ["TapeteAEC", "TurnOrder", "in_turn_order", "pettingzoo_env", "render_ansi"]


def observation_space(match: EnvMatch) -> spaces.Dict:
    """The dict every environment observes (see the module's docstring)."""
    bound = match.bound
    return spaces.Dict(
        {
            "observation": spaces.Box(-bound, bound, shape=(match.observation_size,), dtype=np.float32),
            "information_state": spaces.Box(-bound, bound, shape=(match.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(match.mask_size,), dtype=np.int8),
        }
    )


def observation(match: EnvMatch, seat: int) -> dict[str, np.ndarray]:
    """A seat's observation dict: its information state computed once, the observation a slice of it."""
    state = match.information_state(seat)
    return {
        "observation": state[: match.observation_size],
        "information_state": state,
        "action_mask": match.mask(seat),
    }


def build_match(
    game: Game | str, num_players: int | None, options: Mapping[str, Any] | None, settings: EnvSettings
) -> EnvMatch:
    """The EnvMatch of a game (registered id or Game) with checked players and options."""
    g = get_game(game) if isinstance(game, str) else game
    n = num_players or g.default_players
    parsed = g.parse_options(options)
    g.check_players(n, parsed)
    return EnvMatch(g, n, parsed, settings)


class TapeteAEC(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "tapete_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        settings: EnvSettings | None = None,
        **setting_values: Any,
    ) -> None:
        """`options` are the game's own; `settings` (or its fields as keywords:
        `render_mode`, `max_steps`, `reward`, `reactions`, `lang`, `illegal`) the environment's."""
        super().__init__()
        self.settings = settings_from(settings, setting_values)
        self.match = build_match(game, num_players, options, self.settings)
        self.game = self.match.game
        self.num_players = self.match.num_players
        self.game_options = self.match.options
        self.render_mode = self.settings.render_mode
        self.lang = self.settings.lang
        self.max_steps = self.settings.max_steps
        self.possible_agents = [f"seat_{s}" for s in range(self.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.num_game_actions = self.match.num_actions
        self.pass_action = self.match.pass_action
        obs_space = observation_space(self.match)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.match.mask_size) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state: State = self.match.state
        self._cache: tuple[int, str, dict[str, np.ndarray]] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- what the match holds ----------------------------------------------------
    @property
    def turns(self) -> TurnOrder:
        return self.match.turns

    @property
    def may_pass(self) -> bool:
        return self.match.may_pass

    @property
    def offered(self) -> list[int]:
        return self.match.offered

    @property
    def steps(self) -> int:
        return self.match.steps

    @property
    def last_events(self) -> list[Event]:
        return self.match.last_events

    @property
    def observation_size(self) -> int:
        return self.match.observation_size

    @property
    def state_size(self) -> int:
        return self.match.size

    # -- the match ------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.match.reset(self._seeds.getrandbits(62))
        self.state = self.match.state
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._cache = None
        self.agent_selection = self.possible_agents[self.match.seat]

    def seat_of(self, agent: str) -> int:
        return self._seat[agent]

    def legal_mask(self, seat: int) -> np.ndarray:
        return self.match.mask(seat)

    def action_mask(self, agent: str) -> np.ndarray:
        """The agent's `action_mask` alone (int8), without building its observation: for
        agents that need no observation (`env.last(observe=False)`), such as random play."""
        return self.match.mask(self._seat[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        cache = self._cache
        version = self.match.version
        if cache is not None and cache[0] == version and cache[1] == agent:
            return cache[2]
        obs = observation(self.match, self._seat[agent])
        self._cache = (version, agent, obs)
        return obs

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self.match
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        a = match.pass_action if action is None else int(action)
        if not match.offers(seat, a):
            if not match.penalize:
                raise match.illegal(seat, action)
            self.infos[agent] = {"illegal": True}
            self._end(match.penalty(seat), truncated=False)
            return
        match.play(seat, a)
        if match.state.is_terminal():
            self._end(match.returns(), truncated=False)
            return
        if match.max_steps is not None and match.steps >= match.max_steps:
            self._end(None, truncated=True)
        self.agent_selection = self.possible_agents[match.seat]

    def _end(self, rewards: list[float] | None, *, truncated: bool) -> None:
        """The match is over for every agent (rewards None: truncated, no reward)."""
        done = self.truncations if truncated else self.terminations
        for agent in self.agents:
            done[agent] = True
        if rewards is not None:
            for agent, reward in zip(self.possible_agents, rewards, strict=True):
                self.rewards[agent] = reward
            self._accumulate_rewards()

    def final_rewards(self) -> list[float]:
        """Every seat's reward at the end of the match, in the settings' shape."""
        return self.match.returns()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return render_ansi(self.game, self.match.state, self.seat_of(self.agent_selection), self.last_events, self.lang)

    def close(self) -> None:
        return None


def render_ansi(game: Game, state: State, seat: int, events: list[Event], lang: str) -> str:
    """The seat's table as the game draws it, then what just happened in the game's own
    sentences (only the events that seat may see), as terminal text with ANSI colours."""
    console = Console(file=io.StringIO(), force_terminal=True, color_system="standard", width=100)
    console.print(game.render_text(state.view(seat), lang), highlight=False, soft_wrap=True)
    for event in events:
        if event.visible_to(seat):
            console.print(f"· {game.describe_event(event, lang)}", markup=False, highlight=False, soft_wrap=True)
    output = console.file.getvalue()  # type: ignore[attr-defined]
    return str(output)


def pettingzoo_env(
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
) -> TapeteAEC:
    """The AEC environment of a game. The named keywords are the environment's
    settings (`EnvSettings`); the game's options come as `options={...}` or as
    further keywords (`pettingzoo_env("wanted", 4, mode="tiroteo")`)."""
    settings = EnvSettings(render_mode, max_steps, reward, reactions, lang, illegal)
    return TapeteAEC(game_id, num_players, {**(options or {}), **game_options}, settings=settings)
