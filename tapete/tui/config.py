"""What the setup screen produces and the table screen plays."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from tapete.engine import Game, TapeteError

from .i18n import t
from .table import Timing

# Reaction-time multipliers and bot paces offered on the setup screen.
SPEEDS = {"slow": 1.5, "normal": 1.0, "fast": 0.6}
PACES = {"slow": 1.4, "normal": 0.8, "fast": 0.35}


@dataclass
class MatchConfig:
    """One match: game, seats (None = the person at the keyboard), options, seed."""

    game_id: str
    players: int
    kinds: list[str | None]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    lang: str = "es"
    speed: str = "normal"
    pace: str = "normal"

    def timing(self) -> Timing:
        return Timing(reaction_scale=SPEEDS[self.speed], pace=PACES[self.pace])

    def with_seed(self) -> MatchConfig:
        """A copy whose seed is fixed (drawn from the system when none was given)."""
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        return replace(self, seed=seed, kinds=list(self.kinds), options=dict(self.options))


def default_kinds(players: int, human: bool = True, bot: str = "heuristic") -> list[str | None]:
    return [None if human and s == 0 else bot for s in range(players)]


class ConfigError(Exception):
    """A setup the game refuses, with the message in both languages."""

    def __init__(self, es: str, en: str) -> None:
        super().__init__(en)
        self.es, self.en = es, en

    def text(self, lang: str) -> str:
        return self.en if lang == "en" else self.es


def validate(game: Game, config: MatchConfig) -> Any:
    """The parsed options, or ConfigError saying what is wrong."""
    try:
        options = game.parse_options(config.options)
        game.check_players(config.players, options)
    except TapeteError as err:
        raise ConfigError(err.es, err.en) from None
    if len(config.kinds) != config.players:
        raise ConfigError(f"Hay {len(config.kinds)} asientos.", f"There are {len(config.kinds)} seats.")
    if sum(k is None for k in config.kinds) > 1:
        raise ConfigError(t("setup.one_human", "es"), t("setup.one_human", "en"))
    return options
