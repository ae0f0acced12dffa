"""PettingZoo AEC environments for every tapete game.

Agents are `"seat_0" .. "seat_{n-1}"`. Each observation is a dict:
`observation`, the seat's view encoded by `ObservationEncoder` (float32), and
`action_mask` (int8), which is non-zero only for the agent to move. Actions
are the game's own integer action space plus one more, **PASS**
(`num_actions`), offered only when a seat may let a window go by.

One agent at a time, so windows with several actors are taken apart in a
fixed order:

- **Reaction windows** (optional actors, e.g. a Bacan mirror): every optional
  actor, in turn order from the seat after the one on turn (so that no seat
  always has the first claim), gets a turn whose mask holds its legal reactions and
  PASS. A reaction is applied at once. With the setting `reactions="once"`
  (the default) each seat has one reaction per window: having claimed or
  passed, it is not asked again until the required seat's next action; with
  `reactions="all"` the window is offered again to every optional actor after
  each claim. When all of them are done, the required seat acts (its own
  reactions are in its mask too, once per window with "once"). The rules are
  the same in both: only what the environment offers differs.
- **Simultaneous choices** (several required seats, e.g. WANTED's hidden
  commits): the required seats act one after another in seat order; since an
  observation is a view, no seat sees the others' hidden commits.

Rewards come at the end of the match: each seat's win share (1 for a sole
winner, 1/k when k seats share the win, 0 otherwise), or with
`reward="zero_sum"` the share minus the table's mean. `max_steps` truncates a
match that runs too long. These settings (`EnvSettings`) are the
environment's; the game's options are passed apart (`options`).
"""

from __future__ import annotations

import functools
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

from .encoding import OBS_BOUND, ObservationEncoder
from .settings import DEFAULT_MAX_STEPS, EnvSettings, settings_from


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


def in_turn_order(seats: tuple[int, ...], after: int | None, num_players: int) -> list[int]:
    """`seats` in turn order from the seat after `after` (the seat on turn), so that
    no seat is always first to be offered a window (seat order when none is on turn)."""
    if after is None:
        return list(seats)
    return sorted(seats, key=lambda seat: (seat - after - 1) % num_players)


class TurnOrder:
    """Which seat the serialized table asks next, what it may do, and whether it may pass.

    A *window* lasts from one required action (a turn's draw, a commit) to the
    next; reactions (`State.is_reaction`) happen inside it. With
    `reactions="once"` each seat is offered one reaction per window (a claim
    or PASS for an optional seat; a required seat's reactions leave its mask
    once it has claimed); with `reactions="all"` a seat may keep claiming for
    as long as the rules let it.
    """

    def __init__(self, reactions: str = "once") -> None:
        self.once = reactions == "once"
        self.asked: set[int] = set()  # seats done with this window (passed, or reacted when once)

    def reset(self) -> None:
        self.asked.clear()

    def next(self, state: State) -> tuple[int, bool]:
        """(seat, may_pass) of the next turn; the state must not be terminal."""
        actors = state.actors()
        required = state.required_actors()
        for seat in in_turn_order(actors, required[0] if required else None, state.num_players):
            if seat not in required and seat not in self.asked and state.legal_actions(seat):
                return seat, True
        if required:
            return required[0], False
        # nobody must act and everyone passed: offer the window again
        self.asked.clear()
        return actors[0], False

    def allowed(self, state: State, seat: int) -> list[int]:
        """The legal actions this seat is offered now."""
        legal = state.legal_actions(seat)
        if not (self.once and seat in self.asked):
            return legal
        kept = [a for a in legal if not state.is_reaction(seat, a)]
        return kept or legal

    def record_pass(self, seat: int) -> None:
        self.asked.add(seat)

    def record_action(self, seat: int, reaction: bool) -> None:
        """After an action was applied: a required action opens a new window."""
        if not reaction:
            self.reset()
        elif self.once:
            self.asked.add(seat)
        else:  # the position changed: every optional seat is offered the window again
            self.reset()


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
        `render_mode`, `max_steps`, `reward`, `reactions`, `lang`) the environment's."""
        super().__init__()
        self.settings = settings_from(settings, setting_values)
        self.game = get_game(game) if isinstance(game, str) else game
        self.num_players = num_players or self.game.default_players
        self.game_options = self.game.parse_options(options)
        self.game.check_players(self.num_players, self.game_options)
        self.encoder = encoder_for(self.game, self.num_players, self.game_options)
        self.render_mode = self.settings.render_mode
        self.lang = self.settings.lang
        self.max_steps = self.settings.max_steps
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
        self.turns = TurnOrder(self.settings.reactions)
        self._seeds = random.Random()
        self.state: State = probe
        self.last_events: list[Event] = []
        self.steps = 0
        self.may_pass = False
        self.offered: list[int] = []

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
        self.offered = self.turns.allowed(self.state, seat)

    def seat_of(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def legal_mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.num_game_actions + 1, dtype=np.int8)
        if self.state.is_terminal() or self.possible_agents[seat] != self.agent_selection:
            return mask
        mask[self.offered] = 1
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
            for a, reward in zip(self.possible_agents, self.final_rewards(), strict=True):
                self.rewards[a] = reward
                self.terminations[a] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        if not self.state.is_terminal():
            self._select()
        self._accumulate_rewards()

    def final_rewards(self) -> list[float]:
        """Every seat's reward at the end of the match, in the settings' shape."""
        returns = [float(r) for r in self.state.outcome().returns(self.num_players)]
        if self.settings.reward == "zero_sum":
            mean = sum(returns) / len(returns)
            return [r - mean for r in returns]
        return returns

    def apply_turn(self, seat: int, action: int | None, *, offered_only: bool = True) -> None:
        """Apply one agent's turn: PASS, or an action of its mask (else ValueError).
        `offered_only=False` accepts any legal action (bots play by the rules alone)."""
        if action is None or int(action) == self.pass_action:
            if not self.may_pass:
                raise ValueError(f"seat {seat} may not pass now")
            self.steps += 1
            self.turns.record_pass(seat)
            self.last_events = []
            return
        action = int(action)
        allowed = self.offered if offered_only else self.state.legal_actions(seat)
        if action not in allowed:
            raise ValueError(f"action {action} is not offered to seat {seat} now")
        self.steps += 1
        reaction = self.state.is_reaction(seat, action)
        self.last_events = self.state.apply(seat, action)
        self.turns.record_action(seat, reaction)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return render_ansi(self.game, self.state, self.seat_of(self.agent_selection), self.last_events, self.lang)

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
    options: Mapping[str, Any] | None = None,
    **game_options: Any,
) -> TapeteAEC:
    """The AEC environment of a game. The named keywords are the environment's
    settings (`EnvSettings`); the game's options come as `options={...}` or as
    further keywords (`pettingzoo_env("wanted", 4, mode="tiroteo")`)."""
    settings = EnvSettings(render_mode, max_steps, reward, reactions, lang)
    return TapeteAEC(game_id, num_players, {**(options or {}), **game_options}, settings=settings)
