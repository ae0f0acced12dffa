"""A seat's information state as numbers: the fixed layout learners read.

Every game gives an `InfoEncoder` (`Game.encoder`). It is fed exactly what a
bot is fed - the events told to its seat (`observe`) and the seat's view
(`information_state`) - so it cannot hold what the seat may not know: a
leak would have to be in a view or an event first, where the conformance
suite looks for it. Its memory (cards played, peeked, taken) is kept
incrementally as events arrive, never re-derived from the whole history.

Three vectors, float32, each of a fixed size for a game, a player count
and options (`Layout`, documented per game in docs/encodings.md):

- `observation(view)`: the view alone, what is on the table now;
- `information_state(view)`: the observation followed by the memory, what
  the seat knows now (two seats' states that differ only in what was seen
  earlier differ here);
- `action_features(view, arms)`: one row per candidate move (an action, or
  a plan: several actions chosen as one), for networks that score moves.

The environments, which observe at every step, call `write_state(state,
out)`: the observation written straight from the match's state, the same
numbers as from the seat's view (each game's encoder writes them without
building the view; the conformance suite checks them equal, and blind to
hidden cards).

Seats are written relative to the encoder's own (0 = itself, 1 = the next
seat in turn order...), padded to the game's largest table, so one network
serves every player count.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self, cast

import numpy as np

from .events import Event

FLOAT = np.float32


@dataclass(frozen=True, slots=True)
class Segment:
    """A named run of a vector: `size` numbers that mean `about` (docs)."""

    name: str
    size: int
    about: str


class Layout:
    """The named segments of one vector, in order."""

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.segments = tuple(segments)
        self.offsets: dict[str, int] = {}
        at = 0
        for segment in self.segments:
            if segment.name in self.offsets:
                raise ValueError(f"segment {segment.name!r} twice in a layout")
            self.offsets[segment.name] = at
            at += segment.size
        self.size = at

    def __getitem__(self, name: str) -> int:
        """The offset of a segment."""
        return self.offsets[name]

    def span(self, name: str) -> slice:
        start = self.offsets[name]
        return slice(start, start + self.sizes()[name])

    def sizes(self) -> dict[str, int]:
        return {s.name: s.size for s in self.segments}

    def markdown(self) -> str:
        """The layout as a Markdown table (offset, size, name, meaning)."""
        rows = ["| offset | size | segment | what it holds |", "| ---: | ---: | --- | --- |"]
        rows += [f"| {self.offsets[s.name]} | {s.size} | `{s.name}` | {s.about} |" for s in self.segments]
        return "\n".join(rows)


def one_hot_seat(out: np.ndarray, base: int, seat: int | None, me: int, n: int) -> None:
    """Mark `seat`, relative to `me`, in the segment at `base` (nothing for None)."""
    if seat is not None:
        out[base + (seat - me) % n] = 1.0


class InfoEncoder(ABC):
    """One seat's encoder for one match; `copy()` for a search's branch."""

    # The layouts, a class-level function of the table's size and options.
    @classmethod
    @abstractmethod
    def layouts(cls, num_players: int, options: Any) -> tuple[Layout, Layout, Layout]:
        """(observation, memory, action features) layouts."""

    def __init__(self, seat: int, num_players: int, options: Any) -> None:
        self.seat = seat
        self.num_players = num_players
        self.options = options
        obs, mem, act = self.layouts(num_players, options)
        self.obs_layout, self.memory_layout, self.action_layout = obs, mem, act
        self.memory = np.zeros(mem.size, dtype=FLOAT)

    @property
    def observation_size(self) -> int:
        return self.obs_layout.size

    @property
    def size(self) -> int:
        """The size of `information_state`."""
        return self.obs_layout.size + self.memory_layout.size

    @property
    def action_size(self) -> int:
        return self.action_layout.size

    def rel(self, seat: int) -> int:
        """`seat` as this encoder's seats count (0 = itself)."""
        return (seat - self.seat) % self.num_players

    # -- what arrives ---------------------------------------------------------
    def observe(self, events: Sequence[Event]) -> None:
        """Remember what the seat was told (events addressed to it, in order)."""
        for event in events:
            self.remember(event)

    def remember(self, event: Event) -> None:
        """One event into the memory; by default nothing is remembered."""
        return None

    # -- what leaves ----------------------------------------------------------
    @abstractmethod
    def write_observation(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Write the view into `out` (zeros, the observation's size)."""

    def write_state(self, state: Any, out: np.ndarray) -> None:
        """Write the observation of the seat's view of `state` into `out` (zeros): the numbers
        of `write_observation(state.view(self.seat), out)`. A game's encoder may write them
        straight from the state, without building the view, reading only what that view
        shows (the environments then call it at every step, and read `memory` after it: an
        encoder that works its memory out when read brings it up to date here too; the
        conformance suite checks the numbers equal to the view's and blind to hidden cards)."""
        self.write_observation(state.view(self.seat), out)

    def observation(self, view: Mapping[str, Any]) -> np.ndarray:
        out = np.zeros(self.obs_layout.size, dtype=FLOAT)
        self.write_observation(view, out)
        return out

    def information_state(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The observation followed by the memory (into `out`, zeroed here, when given)."""
        if out is None:
            out = np.zeros(self.size, dtype=FLOAT)
        else:
            out[:] = 0.0
        n = self.obs_layout.size
        self.write_observation(view, out[:n])
        out[n:] = self.memory
        return out

    @abstractmethod
    def write_action(self, view: Mapping[str, Any], action: int, out: np.ndarray) -> None:
        """Write one action's features into `out` (zeros, the action layout's size)."""

    def action_features(self, view: Mapping[str, Any], arms: Sequence[int | Sequence[int]]) -> np.ndarray:
        """One row per arm: an action's features, or a plan's (its actions' summed)."""
        out = np.zeros((len(arms), self.action_layout.size), dtype=FLOAT)
        for row, arm in enumerate(arms):
            if isinstance(arm, int):
                self.write_action(view, arm, out[row])
            else:
                for action in arm:
                    self.write_action(view, action, out[row])
        return out

    def copy(self) -> Self:
        clone = copy.copy(self)
        clone.memory = self.memory.copy()
        return clone


def cells(out: np.ndarray) -> memoryview[float]:
    """`out` (float32) as a memoryview: one number set through it costs a fraction of
    numpy's item assignment (encoders that run at every step write dozens), and the
    same float32 lands in the array."""
    if out.dtype != FLOAT:
        raise TypeError(f"cells() writes float32 arrays, not {out.dtype}")
    return cast("memoryview[float]", out.data)


def fill_cards(out: np.ndarray, base: int, faces: Sequence[str] | None, index: Mapping[str, int]) -> None:
    """Count each face of `faces` at `base + index[face]` (unknown faces ignored)."""
    if not faces:
        return
    for face in faces:
        at = index.get(face)
        if at is not None:
            out[base + at] += 1.0
