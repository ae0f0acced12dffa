"""A Gymnasium single-agent environment: one seat learns, bots play the rest.

Built on the serialized turns of the AEC environment (see
`tapete.envs.pettingzoo`): `step(action)` plays the learner's turn, then lets
the bots play until the learner must act again or the match ends. Bots see
only their own observations and the events addressed to them, as everywhere
in tapete. When a bot may let a reaction window pass and does, that is its
PASS.

The observation is the learner's dict, as in the AEC environment:
`observation` (its view now, encoded by the game's encoder),
`information_state` (the observation followed by its memory of what it was
told earlier) and `action_mask` (int8, PASS last). With
`observation_key="information_state"` (or `"observation"`) the environment
observes that one float32 vector instead (a Box), as flat-input learners
such as Stable-Baselines3's MaskablePPO want. `action_masks()` (the method
MaskablePPO calls) and `info["action_mask"]` give the legal actions as
booleans. The reward is the learner's win share when the match ends, 0
before.

An action outside the mask raises `IllegalMove` (a ValueError) and changes
nothing; with `illegal="penalize"` it ends the episode instead, with reward
-1 and `info["illegal"] = True` (what Gymnasium's `check_env`, which steps
with unmasked random actions, needs). The match never sees it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from tapete.bots import make_bot
from tapete.engine import Bot, Event, Game, Observation
from tapete.engine.turns import deliver

from .match import EnvMatch
from .pettingzoo import build_match, observation, observation_space, render_ansi
from .settings import DEFAULT_MAX_STEPS, EnvSettings, settings_from

OBSERVATION_KEYS = (None, "information_state", "observation")


class TapeteGym(gym.Env[Any, Any]):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        observation_key: str | None = None,
        settings: EnvSettings | None = None,
        **setting_values: Any,
    ) -> None:
        """`options` are the game's own; `settings` (or its fields as keywords:
        `render_mode`, `max_steps`, `reward`, `reactions`, `lang`, `illegal`) the environment's.
        `observation_key`: None observes the whole dict, or the one vector named."""
        super().__init__()
        self.settings = settings_from(settings, setting_values)
        self.match: EnvMatch = build_match(game, num_players, options, self.settings)
        self.game = self.match.game
        n = self.match.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be in 0..{n - 1}")
        kinds = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(kinds) != n - 1:
            raise ValueError(f"{n - 1} opponents needed, got {len(kinds)}")
        if observation_key not in OBSERVATION_KEYS:
            raise ValueError(
                f"observation_key must be None, 'information_state' or 'observation', not {observation_key!r}"
            )
        self.seat = seat
        self.opponent_kinds = kinds
        self.observation_key = observation_key
        self.render_mode = self.settings.render_mode
        whole = observation_space(self.match)
        self.observation_space: spaces.Space[Any] = whole if observation_key is None else whole[observation_key]
        self.action_space = spaces.Discrete(self.match.mask_size)
        self.bots: dict[int, Bot] = {}
        self._seeds = random.Random()
        self.seen: list[Event] = []  # events the learner saw since its last action (for render)

    # -- gymnasium API ---------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        match = self.match
        match.reset(self._seeds.getrandbits(62))
        n = match.num_players
        others = [s for s in range(n) if s != self.seat]
        self.bots = {}
        self.seen = []
        for seat, kind in zip(others, self.opponent_kinds, strict=True):
            bot = make_bot(kind, self.game, self._seeds.getrandbits(62))
            bot.start(seat, n, match.state.options)
            self.bots[seat] = bot
        self._play_bots()
        return self._obs(), self._info()

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        match = self.match
        a = int(action)
        if not match.offers(self.seat, a):
            if not match.penalize:
                raise match.illegal(self.seat, action)
            info = self._info()
            info["illegal"] = True
            return self._obs(), -1.0, True, False, info
        self.seen = []
        self._apply(self.seat, a)
        self._play_bots()
        terminated = match.state.is_terminal()
        truncated = not terminated and self._truncated()
        reward = match.returns()[self.seat] if terminated else 0.0
        return self._obs(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner now (all False when it may not act)."""
        return self.match.mask(self.seat, dtype=bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return render_ansi(self.game, self.match.state, self.seat, self.seen, self.settings.lang)

    # -- the table ---------------------------------------------------------------
    def _apply(self, seat: int, action: int) -> None:
        match = self.match
        match.play(seat, action)
        events = match.last_events
        if events:
            self.seen.extend(e for e in events if e.visible_to(self.seat))
            deliver(events, self.bots)

    def _play_bots(self) -> None:
        """Bots act until the learner's turn or the end; a bot plays by the rules
        alone (any legal action of its seat), PASS when it declines a window."""
        match = self.match
        while not match.state.is_terminal() and not self._truncated():
            seat = match.seat
            if seat == self.seat:
                return
            decision = self.bots[seat].decide(Observation(match.state, seat))
            if decision is None:
                if not match.may_pass:
                    raise RuntimeError(f"the bot of seat {seat} passed where it must act")
                self._apply(seat, match.pass_action)
                continue
            if decision.action not in match.state.legal_actions(seat):
                raise RuntimeError(f"the bot of seat {seat} chose {decision.action}, not legal now")
            self._apply(seat, decision.action)

    def _truncated(self) -> bool:
        return self.match.max_steps is not None and self.match.steps >= self.match.max_steps

    def _obs(self) -> Any:
        if self.observation_key is None:
            return observation(self.match, self.seat)
        state = self.match.information_state(self.seat)
        return state if self.observation_key == "information_state" else state[: self.match.observation_size]

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def gym_env(
    game_id: str,
    num_players: int | None = None,
    *,
    seat: int = 0,
    opponents: str | Sequence[str] = "heuristic",
    observation_key: str | None = None,
    render_mode: str | None = None,
    max_steps: int | None = DEFAULT_MAX_STEPS,
    reward: str = "win",
    reactions: str = "once",
    lang: str = "es",
    illegal: str = "raise",
    options: Mapping[str, Any] | None = None,
    **game_options: Any,
) -> TapeteGym:
    """A single-agent environment: `seat` learns against `opponents` bots. The named
    keywords are the environment's settings; the game's options come as
    `options={...}` or as further keywords."""
    settings = EnvSettings(render_mode, max_steps, reward, reactions, lang, illegal)
    return TapeteGym(
        game_id,
        num_players,
        {**(options or {}), **game_options},
        seat=seat,
        opponents=opponents,
        observation_key=observation_key,
        settings=settings,
    )
