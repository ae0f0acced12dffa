"""What a player program sees and how it answers.

A bot, like a person, gets its seat's view, its legal actions and the events
addressed to it; never the true state. Search bots may ask for a sampled
world consistent with what the seat knows (`Observation.sample`), which is
`State.determinize` and leaks nothing the seat does not already know.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .events import Event
from .state import State


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and how long the bot took to decide (simulated seconds).

    In a reaction window the earliest decision is applied first, so the
    delay is the bot's reaction time. A bot may say how it weighed the legal
    moves (`policy`: action -> probability), for studies and analysis.
    """

    action: int
    delay: float = 1.0
    policy: Mapping[int, float] | None = None


class Observation:
    """One seat's look at the match, handed to a bot."""

    __slots__ = ("_state", "_view", "legal", "required", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self.seat = seat
        self._state = state
        self._view: dict[str, Any] | None = None
        self.legal: list[int] = state.legal_actions(seat)
        self.required = seat in state.required_actors()

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def options(self) -> Any:
        return self._state.options

    def sample(self, rng: random.Random) -> State:
        """A world consistent with what this seat knows."""
        return self._state.determinize(self.seat, rng)

    def action_to_json(self, action: int) -> dict[str, Any]:
        return self._state.action_to_json(action)

    def is_reaction(self, action: int) -> bool:
        """Whether a legal action races in a reaction window (a Bacan mirror claim)."""
        return self._state.is_reaction(self.seat, action)


class Bot(ABC):
    """A player program. One instance plays one seat of one match."""

    name = "bot"

    def start(self, seat: int, num_players: int, options: Any) -> None:
        """Called once before the match."""
        self.seat = seat
        self.num_players = num_players
        self.options = options

    def observe(self, events: Sequence[Event]) -> None:
        """Events visible to this seat, after every applied action.
        Bots with memory (Bacan) override this; the default forgets."""
        return None

    @abstractmethod
    def decide(self, obs: Observation) -> Decision | None:
        """The bot's action, or None to let an optional window pass.
        A required seat must return a Decision."""
