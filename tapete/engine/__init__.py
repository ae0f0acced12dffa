"""The game-agnostic kernel: the contract, options, RNG, events, records."""

from .bot import Bot, Decision, Observation
from .errors import (
    BadAction,
    BadOption,
    BadPlayers,
    IllegalAction,
    InvalidState,
    MatchOver,
    NotYourTurn,
    TapeteError,
    UnknownGame,
    WrongRulesVersion,
)
from .events import Event, private, public, visible_events
from .game import Game
from .options import option, options_schema, options_to_json, parse_options
from .record import LEGACY_RULES_VERSION, MatchRecord, check_rules_version, replay
from .rng import Rng
from .state import Outcome, Rejection, State

__all__ = [
    "LEGACY_RULES_VERSION",
    "BadAction",
    "BadOption",
    "BadPlayers",
    "Bot",
    "Decision",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidState",
    "MatchOver",
    "MatchRecord",
    "NotYourTurn",
    "Observation",
    "Outcome",
    "Rejection",
    "Rng",
    "State",
    "TapeteError",
    "UnknownGame",
    "WrongRulesVersion",
    "check_rules_version",
    "option",
    "options_schema",
    "options_to_json",
    "parse_options",
    "private",
    "public",
    "replay",
    "visible_events",
]
