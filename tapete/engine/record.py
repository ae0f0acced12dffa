"""Match records and replay: a match is its seed, options, seats and actions,
under one version of its game's rules (`Game.rules_version`). A record says
which; replaying it under another version is refused, never done wrongly."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .state import State

from .errors import WrongRulesVersion
from .standin import by_step, step_pairs

LEGACY_RULES_VERSION = 1
"""The version of records written before records carried one."""


@dataclass
class MatchRecord:
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    actions: list[tuple[int, int]] = field(default_factory=list)
    rules_version: int = LEGACY_RULES_VERSION
    # the actions a person's stand-in made for them: index -> "standin" | "clock" (tapete.engine.standin)
    by_standin: dict[int, str] = field(default_factory=dict)

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "actions": [list(a) for a in self.actions],
            "rules_version": self.rules_version,
        }
        if self.by_standin:
            out["by_standin"] = step_pairs(self.by_standin)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchRecord:
        return cls(
            game=str(data["game"]),
            options=dict(data.get("options") or {}),
            seed=int(data["seed"]),
            seats=[dict(s) for s in data["seats"]],
            actions=[(int(s), int(a)) for s, a in data.get("actions", [])],
            rules_version=int(data.get("rules_version", LEGACY_RULES_VERSION)),
            by_standin=by_step(data.get("by_standin") or ()),
        )


def check_rules_version(game: Game, version: int) -> None:
    """Refuse a record of another version of `game`'s rules."""
    if version != game.rules_version:
        name = game.name
        raise WrongRulesVersion(
            f"Este registro es de la versión {version} de las reglas de {name['es']}; "
            f"esta versión de tapete juega la {game.rules_version} y no puede reproducirlo.",
            f"This record is of version {version} of the {name['en']} rules; "
            f"this version of tapete plays version {game.rules_version} and cannot replay it.",
            rule="rules-version",
        )


def replay(game: Game, record: MatchRecord, upto: int | None = None) -> State:
    """Rebuild the state after the first `upto` actions (all by default)."""
    check_rules_version(game, record.rules_version)
    state = game.new_match(record.num_players, record.seed, record.options)
    for seat, action in record.actions[:upto]:
        state.apply(seat, action)
    return state
