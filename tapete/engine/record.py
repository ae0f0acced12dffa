"""Match records and replay: a match is its seed, options, seats and actions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .state import State


@dataclass
class MatchRecord:
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    actions: list[tuple[int, int]] = field(default_factory=list)

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "actions": [list(a) for a in self.actions],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchRecord:
        return cls(
            game=str(data["game"]),
            options=dict(data.get("options") or {}),
            seed=int(data["seed"]),
            seats=[dict(s) for s in data["seats"]],
            actions=[(int(s), int(a)) for s, a in data.get("actions", [])],
        )


def replay(game: Game, record: MatchRecord, upto: int | None = None) -> State:
    """Rebuild the state after the first `upto` actions (all by default)."""
    state = game.new_match(record.num_players, record.seed, record.options)
    for seat, action in record.actions[:upto]:
        state.apply(seat, action)
    return state
