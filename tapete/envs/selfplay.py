"""Batched self-play for learners: N matches of one game stepped together.

    play = batch(game_id, 64, seed=0)
    turn = play.reset()
    while learning:
        actions = policy(turn.information_state, turn.action_mask)   # one per match
        turn = play.step(actions)
        ...turn.returns[turn.done]...                                 # the finished matches'

Every match is played by the learner in every seat: `turn.seat[i]` is the
seat to act in match i, `turn.information_state[i]` (float32, N x S) what
that seat knows (its observation first, `turn.observation` is the slice)
and `turn.action_mask[i]` (bool, N x (num_actions + 1), PASS last) what it
may do. The turns are the AEC environment's (`TurnOrder`: reaction windows
one seat at a time, PASS for optional seats, simultaneous choices in seat
order), and each seat's encoder hears only the events it may see.

`step(actions)` plays one action in every match. A match that ends is
reported in that step's `done` (and `truncated`, when `max_steps` cut it
short: no rewards then), with every seat's reward in `returns[i]`, and is
replaced at once by the next match of its slot, whose first decision the
same step's arrays already hold. Slot i's k-th match is dealt with
`match_seed(seed, i, k)`, 62 bits of BLAKE2b over the three numbers: a run
is reproduced by its seed whatever the policy does, and
`game.new_match(players, turn.seeds[i], options)` rebuilds slot i's match.

For networks that score moves rather than index a fixed output,
`action_features(i)` gives match i's offered actions and one row of the
game's action features each (`InfoEncoder.action_features`), and
`legal_features()` all matches' rows at once, stacked, with the match each
row belongs to. PASS has no row (score it apart, where `action_mask` offers
it).

An action outside its match's mask raises `IllegalMove` before any match
moves; with `illegal="penalize"` that match ends with -1 for the seat that
played it (0 for the others) and is replaced.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tapete.engine import Game
from tapete.games import get_game

from .match import EnvMatch
from .settings import DEFAULT_MAX_STEPS, EnvSettings


def match_seed(seed: int, slot: int, k: int) -> int:
    """The seed of slot `slot`'s `k`-th match (from 0) in a batch seeded `seed`."""
    digest = hashlib.blake2b(f"{seed}/{slot}/{k}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2


@dataclass(frozen=True, slots=True)
class Turn:
    """Every match's next decision, and what ended in the step that led here.

    Arrays are fresh for each step (keep them as they are)."""

    information_state: np.ndarray  # (N, S) float32: the seat to act's
    action_mask: np.ndarray  # (N, num_actions + 1) bool, PASS last
    seat: np.ndarray  # (N,) int64: the seat to act
    seeds: np.ndarray  # (N,) int64: the seed of the match each slot now plays
    done: np.ndarray  # (N,) bool: the slot's match ended in this step (it was replaced)
    truncated: np.ndarray  # (N,) bool: ... because of max_steps (no rewards)
    returns: np.ndarray  # (N, players) float32: every seat's reward of a match that ended, else 0
    observation_size: int

    @property
    def observation(self) -> np.ndarray:
        """The observations alone: the first `observation_size` columns (a view)."""
        return self.information_state[:, : self.observation_size]


class SelfPlay:
    """N matches of one game played together, every seat by the caller (`batch`)."""

    def __init__(
        self,
        game: Game | str,
        n: int,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        *,
        settings: EnvSettings | None = None,
    ) -> None:
        if n < 1:
            raise ValueError(f"a batch needs at least one match, not {n}")
        g = get_game(game) if isinstance(game, str) else game
        num_players = players or g.default_players
        parsed = g.parse_options(options)
        g.check_players(num_players, parsed)
        self.game = g
        self.n = n
        self.num_players = num_players
        self.options = parsed
        self.seed = seed
        self.settings = settings or EnvSettings()
        self.matches = [EnvMatch(g, num_players, parsed, self.settings) for _ in range(n)]
        first = self.matches[0]
        self.observation_size = first.observation_size
        self.size = first.size
        self.action_size = first.action_size
        self.num_actions = first.num_actions
        self.pass_action = first.pass_action
        self.mask_size = first.mask_size
        self.started = np.zeros(n, dtype=np.int64)  # matches started per slot
        self.seeds = np.zeros(n, dtype=np.int64)
        self._offered: set[int] = set()  # the last turn's mask, as flat indices

    # -- stepping ----------------------------------------------------------------------
    def reset(self) -> Turn:
        """Every slot back to its first match."""
        self.started[:] = 0
        for i in range(self.n):
            self._start(i)
        none = np.zeros(self.n, dtype=bool)
        return self._turn(none, none.copy(), np.zeros((self.n, self.num_players), dtype=np.float32))

    def _start(self, i: int) -> None:
        k = int(self.started[i])
        self.seeds[i] = match_seed(self.seed, i, k)
        self.started[i] = k + 1
        self.matches[i].reset(int(self.seeds[i]))

    def step(self, actions: Sequence[int] | np.ndarray) -> Turn:
        """One action in every match (for its seat to act); see the module's docstring."""
        n, width = self.n, self.mask_size
        chosen = np.asarray(actions, dtype=np.int64).reshape(-1).tolist()
        if len(chosen) != n:
            raise ValueError(f"{n} actions needed, one per match, got {len(chosen)}")
        offered = self._offered
        bad = [i for i, a in enumerate(chosen) if i * width + a not in offered or not 0 <= a < width]
        matches = self.matches
        if bad and self.settings.illegal != "penalize":
            m = matches[bad[0]]
            raise m.illegal(m.seat, chosen[bad[0]])
        done = np.zeros(n, dtype=bool)
        truncated = np.zeros(n, dtype=bool)
        returns = np.zeros((n, self.num_players), dtype=np.float32)
        for i in bad:
            m = matches[i]
            returns[i] = m.penalty(m.seat)
            done[i] = True
            self._start(i)
        skip = set(bad)
        for i, m in enumerate(matches):
            if bad and i in skip:
                continue
            m.play(m.seat, chosen[i])
            if m.state.is_terminal():
                returns[i] = m.returns()
                done[i] = True
                self._start(i)
            elif m.max_steps is not None and m.steps >= m.max_steps:
                done[i] = truncated[i] = True
                self._start(i)
        return self._turn(done, truncated, returns)

    def _turn(self, done: np.ndarray, truncated: np.ndarray, returns: np.ndarray) -> Turn:
        n, width, pass_action = self.n, self.mask_size, self.pass_action
        states = np.zeros((n, self.size), dtype=np.float32)
        mask = np.zeros((n, width), dtype=bool)
        seats: list[int] = []
        memories: list[np.ndarray] = []
        on: list[int] = []  # the mask's true cells, as flat indices
        for i, (m, row) in enumerate(zip(self.matches, states, strict=True)):
            seat = m.seat
            seats.append(seat)
            memory = m.write_observation(seat, row)
            if memory is not None:
                memories.append(memory)
            base = i * width
            on += [base + a for a in m.offered]
            if m.may_pass:
                on.append(base + pass_action)
        if memories:
            if len(memories) != n:
                raise RuntimeError("the encoders of one batch must all keep the contract's information_state")
            states[:, self.observation_size :] = memories
        mask.reshape(-1)[on] = True
        self._offered = set(on)
        seat_array = np.array(seats, dtype=np.int64)
        return Turn(states, mask, seat_array, self.seeds.copy(), done, truncated, returns, self.observation_size)

    # -- moves as features ----------------------------------------------------------------
    def action_features(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """Match i's offered actions (PASS left out) and their features, one row each
        (float32, len(actions) x `action_size`)."""
        m = self.matches[i]
        return m.action_features(m.seat)

    def legal_features(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(match index per row, action per row, features): every match's offered actions,
        PASS left out, stacked in match order (K rows in all)."""
        index: list[np.ndarray] = []
        acts: list[np.ndarray] = []
        rows: list[np.ndarray] = []
        for i in range(self.n):
            actions, features = self.action_features(i)
            index.append(np.full(len(actions), i, dtype=np.int64))
            acts.append(actions)
            rows.append(features)
        return np.concatenate(index), np.concatenate(acts), np.concatenate(rows)


def batch(
    game: Game | str,
    n: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    max_steps: int | None = DEFAULT_MAX_STEPS,
    reward: str = "win",
    reactions: str = "once",
    illegal: str = "raise",
) -> SelfPlay:
    """`n` self-play matches of `game` (an id or a Game) stepped together; `players`
    and `options` are the game's, the keywords the environment's settings (`EnvSettings`)."""
    settings = EnvSettings(None, max_steps, reward, reactions, "es", illegal)
    return SelfPlay(game, n, players, options, seed, settings=settings)
