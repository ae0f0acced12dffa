"""The WANTED game: the factory of its matches and everything said in words."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, ClassVar

from tapete.engine import Bot, Game, State

from . import texts
from .bots import WantedBot
from .cards import FACES, card_face
from .checks import problems
from .client import CLIENT
from .encoding import WantedEncoder
from .house_rules import HOUSE_RULES
from .options import PLAYERS, Options
from .rules import WantedState
from .search import WantedSearchHints
from .study import STUDY

RULES_VERSION = 1
"""The version of these rules as coded: bump it when the same seed, options
and actions would play out differently, so old match records are refused."""


class WantedGame(Game):
    id = "wanted"
    rules_version = RULES_VERSION
    name: ClassVar[dict[str, str]] = {"es": "WANTED", "en": "WANTED"}
    round_result_events: ClassVar[frozenset[str]] = frozenset({"deal_over", "stage_over"})
    client = CLIENT
    study = STUDY
    min_players = 2
    max_players = 10
    default_players = 2  # the default mode is Duelo
    options_type = Options
    state_type = WantedState
    texts = texts
    house_rules = HOUSE_RULES
    search_hints = WantedSearchHints()
    encoder_type = WantedEncoder
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {"mode": "tiroteo"},
        {"mode": "pandillas"},
    )

    def allowed_players(self, options: Any) -> tuple[int, ...]:
        """Duelo exactly 2 (WAN-5), Tiroteo 3-10 (WAN-7), Pandillas 2-10 (WAN-9)."""
        return PLAYERS[options.mode]

    def _new_state(self, num_players: int, options: Any, seed: int) -> State:
        return WantedState.new(num_players, options, seed)

    def heuristic_bot(self, rng: random.Random) -> Bot:
        return WantedBot(rng)

    def moves_key(self, state: State) -> Hashable:
        return ()  # a move's message is the move's alone (texts.action_message)

    def state_problems(self, state: State) -> list[tuple[str, str]]:
        assert isinstance(state, WantedState)
        return problems(state)

    def card_faces(self) -> frozenset[str]:
        return frozenset(FACES)

    def card_face(self, card_id: int) -> str:
        return card_face(card_id)
