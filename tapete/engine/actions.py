"""A game's fixed integer action space: what every game's `actions.py` builds.

Actions are integers 0..size-1 (stable ids: masks for RL, records, the
wire), each with a JSON form for people and protocols. A game subclasses
`ActionSpace` in its `actions.py` as `<Name>Actions`, with the ids as module
constants beside it, and its state names the space in `State.space`:
`num_actions`, `action_to_json` and `action_from_json` follow from it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any


class ActionSpace(ABC):
    """The ids of a match's actions and their JSON forms.

    `size` is the number of ids. `from_json` raises BadAction for anything
    that is not a member of the space; a state that can read more forms
    than its space alone (Nacho Loco's cell, which needs the playfield)
    overrides `State.action_from_json` and says so."""

    def __init__(self, size: int) -> None:
        self.size = size

    @abstractmethod
    def to_json(self, action: int) -> dict[str, Any]:
        """The JSON form of `action`, e.g. {"type": "play", "card": "oro-14"}."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> int:
        """The id of a JSON form; BadAction for anything that is not one."""

    @staticmethod
    def kind(data: Mapping[str, Any]) -> Any:
        """The form's "type" (None when `data` is not a mapping)."""
        return data.get("type") if isinstance(data, Mapping) else None
