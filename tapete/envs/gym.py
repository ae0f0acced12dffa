"""A Gymnasium single-agent environment: one seat learns, bots play the rest.

Built on the AEC environment's serialized turns (see `tapete.envs.pettingzoo`):
`step(action)` plays the learner's turn, then lets the bots play until the
learner must act again or the match ends. Bots see only their own
observations and the events addressed to them, as everywhere in tapete.
When a bot may let a reaction window pass and does, that is its PASS.

The observation is the learner's encoded view (a float32 vector);
`action_masks()` (the method sb3-contrib's MaskablePPO calls) and
`info["action_mask"]` give the legal actions. The reward is the learner's
win share when the match ends, 0 before. An illegal action does not change
the match: by default (`illegal="lose"`) it ends the episode with reward -1
and `info["illegal"] = True`, so that checkers and unmasked agents can run;
`illegal="raise"` raises ValueError instead.
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

from .encoding import OBS_BOUND
from .pettingzoo import TapeteAEC, render_ansi
from .settings import DEFAULT_MAX_STEPS, EnvSettings


class TapeteGym(gym.Env[np.ndarray, Any]):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        illegal: str = "lose",
        settings: EnvSettings | None = None,
        **setting_values: Any,
    ) -> None:
        """`options` are the game's own; `settings` (or its fields as keywords:
        `render_mode`, `max_steps`, `reward`, `reactions`, `lang`) the environment's."""
        super().__init__()
        self.aec = TapeteAEC(game, num_players, options, settings=settings, **setting_values)
        self.game = self.aec.game
        n = self.aec.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be in 0..{n - 1}")
        kinds = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(kinds) != n - 1:
            raise ValueError(f"{n - 1} opponents needed, got {len(kinds)}")
        if illegal not in ("lose", "raise"):
            raise ValueError("illegal must be 'lose' or 'raise'")
        self.seat = seat
        self.opponent_kinds = kinds
        self.illegal = illegal
        self.render_mode = self.aec.render_mode
        self.observation_space = spaces.Box(-OBS_BOUND, OBS_BOUND, shape=(self.aec.encoder.size,), dtype=np.float32)
        self.action_space = spaces.Discrete(self.aec.num_game_actions + 1)
        self.bots: dict[int, Bot] = {}
        self._seeds = random.Random()
        self.seen: list[Event] = []  # events the learner saw since its last action (for render)

    # -- gymnasium API ---------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self.aec.reset(seed=self._seeds.getrandbits(62))
        n = self.aec.num_players
        others = [s for s in range(n) if s != self.seat]
        self.bots = {}
        self.seen = []
        for seat, kind in zip(others, self.opponent_kinds, strict=True):
            bot = make_bot(kind, self.game, self._seeds.getrandbits(62))
            bot.start(seat, n, self.aec.state.options)
            self.bots[seat] = bot
        self._play_bots()
        return self._obs(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        mask = self.action_masks()
        a = int(action)
        if not (0 <= a < len(mask)) or not mask[a]:
            if self.illegal == "raise":
                raise ValueError(f"action {a} is not legal now")
            info = self._info()
            info["illegal"] = True
            return self._obs(), -1.0, True, False, info
        self.seen = []
        self._apply(self.seat, a)
        self._play_bots()
        terminated = self.aec.state.is_terminal()
        truncated = not terminated and self._truncated()
        reward = self._reward() if terminated else 0.0
        return self._obs(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner now (all False when it may not act)."""
        if self.aec.state.is_terminal():
            return np.zeros(self.aec.num_game_actions + 1, dtype=bool)
        return self.aec.legal_mask(self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return render_ansi(self.game, self.aec.state, self.seat, self.seen, self.aec.lang)

    # -- the table ---------------------------------------------------------------
    def _apply(self, seat: int, action: int | None) -> None:
        self.aec.apply_turn(seat, action, offered_only=seat == self.seat)
        self.seen.extend(e for e in self.aec.last_events if e.visible_to(self.seat))
        deliver(self.aec.last_events, self.bots)
        if not self.aec.state.is_terminal():
            self.aec._select()

    def _play_bots(self) -> None:
        """Bots act until the learner's turn or the end."""
        aec = self.aec
        while not aec.state.is_terminal() and not self._truncated():
            seat = aec.seat_of(aec.agent_selection)
            if seat == self.seat:
                return
            decision = self.bots[seat].decide(Observation(aec.state, seat))
            if decision is None and not aec.may_pass:
                raise RuntimeError(f"the bot of seat {seat} passed where it must act")
            self._apply(seat, None if decision is None else decision.action)

    def _truncated(self) -> bool:
        return self.aec.max_steps is not None and self.aec.steps >= self.aec.max_steps

    def _reward(self) -> float:
        return self.aec.final_rewards()[self.seat]

    def _obs(self) -> np.ndarray:
        view = self.aec.state.view(self.seat)
        return np.asarray(self.aec.encoder.encode(view), dtype=np.float32)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def gym_env(
    game_id: str,
    num_players: int | None = None,
    *,
    seat: int = 0,
    opponents: str | Sequence[str] = "heuristic",
    render_mode: str | None = None,
    max_steps: int | None = DEFAULT_MAX_STEPS,
    reward: str = "win",
    reactions: str = "once",
    lang: str = "es",
    options: Mapping[str, Any] | None = None,
    **game_options: Any,
) -> TapeteGym:
    """A single-agent environment: `seat` learns against `opponents` bots. The named
    keywords are the environment's settings; the game's options come as
    `options={...}` or as further keywords."""
    settings = EnvSettings(render_mode, max_steps, reward, reactions, lang)
    return TapeteGym(
        game_id, num_players, {**(options or {}), **game_options}, seat=seat, opponents=opponents, settings=settings
    )
