"""The game-agnostic kernel: the contract, options, RNG, events, records."""

from .actions import ActionSpace
from .bot import Bot, Decision, Observation
from .describe import ClientFacts, LengthBound, RateFacts, ShareFacts, StudyFacts
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
from .events import ALONE, Event, audience, private, public, visible_events
from .fields import CLONE, FRESH, LIST, LISTS, RESET, VALUE, Field, FieldState, redeal
from .game import Game, LossThresholds, SearchHints
from .options import option, options_schema, options_to_json, parse_options
from .record import LEGACY_RULES_VERSION, MatchRecord, check_rules_version, replay
from .rng import Rng
from .state import Outcome, Rejection, State

__all__ = [
    "ALONE",
    "CLONE",
    "FRESH",
    "LEGACY_RULES_VERSION",
    "LIST",
    "LISTS",
    "RESET",
    "VALUE",
    "ActionSpace",
    "BadAction",
    "BadOption",
    "BadPlayers",
    "Bot",
    "ClientFacts",
    "Decision",
    "Event",
    "Field",
    "FieldState",
    "Game",
    "IllegalAction",
    "InvalidState",
    "LengthBound",
    "LossThresholds",
    "MatchOver",
    "MatchRecord",
    "NotYourTurn",
    "Observation",
    "Outcome",
    "RateFacts",
    "Rejection",
    "Rng",
    "SearchHints",
    "ShareFacts",
    "State",
    "StudyFacts",
    "TapeteError",
    "UnknownGame",
    "WrongRulesVersion",
    "audience",
    "check_rules_version",
    "option",
    "options_schema",
    "options_to_json",
    "parse_options",
    "private",
    "public",
    "redeal",
    "replay",
    "visible_events",
]
