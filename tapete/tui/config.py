"""What the setup screen produces and the table screen plays, and what the
terminal remembers between runs (its config file: player identities per server)."""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tapete.engine import Game, TapeteError

from .i18n import t
from .match import Timing

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


# -- what the terminal remembers between runs (its config file) ---------------------------
CONFIG_ENV = "TAPETE_CONFIG"  # a path that replaces the default file (tests, several profiles)


@dataclass(frozen=True)
class Identity:
    """A player identity on one server: the id, this device's secret and the name."""

    player_id: str
    secret: str
    name: str | None = None


def config_file() -> Path:
    """The terminal's config file: $TAPETE_CONFIG, else config.json in the user's config folder."""
    given = os.environ.get(CONFIG_ENV)
    if given:
        return Path(given)
    from platformdirs import user_config_dir

    return Path(user_config_dir("tapete", appauthor=False)) / "config.json"


def load_settings() -> dict[str, Any]:
    """The stored settings; an empty dict when there is no file or it cannot be read."""
    try:
        data = json.loads(config_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_settings(data: dict[str, Any]) -> None:
    """Write the settings readable by this user only (they hold identity secrets)."""
    path = config_file()
    path.parent.mkdir(parents=True, mode=0o700, exist_ok=True)
    partial = path.with_suffix(".tmp")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False, indent=2)
    os.replace(partial, path)


def server_key(base_url: str) -> str:
    """Identities are per server: keyed by its address without a trailing slash."""
    return base_url.rstrip("/").lower()


def load_identity(base_url: str) -> Identity | None:
    entry = load_settings().get("identities", {}).get(server_key(base_url))
    try:
        return Identity(str(entry["player_id"]), str(entry["secret"]), entry.get("name"))
    except (TypeError, KeyError):
        return None


def save_identity(base_url: str, who: Identity | None) -> None:
    """Remember `who` for this server (None forgets it)."""
    data = load_settings()
    identities = data.setdefault("identities", {})
    if who is None:
        identities.pop(server_key(base_url), None)
    else:
        identities[server_key(base_url)] = {"player_id": who.player_id, "secret": who.secret, "name": who.name}
    save_settings(data)


def muted_senders() -> list[str]:
    """The people this person muted at table chats, by the chat lines' `sender` keys (the same in
    every language and told apart across tables, so kept for every table)."""
    keys = load_settings().get("muted_senders", [])
    return [str(key) for key in keys] if isinstance(keys, list) else []


def save_muted_senders(keys: list[str]) -> None:
    data = load_settings()
    data["muted_senders"] = sorted(keys)[:200]
    save_settings(data)


# -- the seats this terminal holds (their secret tokens), per server and table ------------------
SEATS_KEPT = 200  # the newest seats remembered per server; an older table is opened where it was joined


def load_seat(base_url: str, table_id: str) -> tuple[int, str] | None:
    """The seat and its token this terminal took at `table_id` on this server (`tapete play --code`)."""
    entry = load_settings().get("seats", {}).get(server_key(base_url), {}).get(table_id)
    try:
        return int(entry["seat"]), str(entry["token"])
    except (TypeError, KeyError, ValueError):
        return None


def save_seat(base_url: str, table_id: str, seat: int, token: str) -> None:
    """Remember a seat taken here, so that "My games" opens its table again (as the browser does)."""
    data = load_settings()
    servers = data.setdefault("seats", {})
    seats = servers.setdefault(server_key(base_url), {})
    seats.pop(table_id, None)
    seats[table_id] = {"seat": seat, "token": token}
    for old in list(seats)[: max(0, len(seats) - SEATS_KEPT)]:
        del seats[old]
    save_settings(data)
