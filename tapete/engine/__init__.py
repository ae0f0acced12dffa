"""The game-agnostic kernel: the contract, options, RNG, events, records."""

from .bot import Bot, Decision, Observation
from .errors import (
    BadAction,
    BadOption,
    BadPlayers,
    IllegalAction,
    MatchOver,
    NotYourTurn,
    TapeteError,
    UnknownGame,
)
from .events import Event, private, public, visible_events
from .game import Game
from .options import option, options_schema, options_to_json, parse_options
from .record import MatchRecord, replay
from .rng import Rng
from .state import Outcome, Rejection, State

__all__ = [
    "BadAction",
    "BadOption",
    "BadPlayers",
    "Bot",
    "Decision",
    "Event",
    "Game",
    "IllegalAction",
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
    "option",
    "options_schema",
    "options_to_json",
    "parse_options",
    "private",
    "public",
    "replay",
    "visible_events",
]
