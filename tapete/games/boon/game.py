"""The Boon game: the factory of its matches and everything said in words."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, ClassVar

from tapete.engine import Bot, Game, State

from . import texts
from .bots import BoonBot
from .cards import FACES, card_face
from .checks import problems
from .client import CLIENT
from .encoding import BoonEncoder
from .house_rules import HOUSE_RULES
from .options import Options
from .rules import BoonState
from .search import BoonSearchHints
from .study import STUDY

RULES_VERSION = 1
"""The version of these rules as coded: bump it when the same seed, options
and actions would play out differently, so old match records are refused."""


class BoonGame(Game):
    id = "boon"
    rules_version = RULES_VERSION
    name: ClassVar[dict[str, str]] = {"es": "Boon", "en": "Boon"}
    round_result_events: ClassVar[frozenset[str]] = frozenset({"round_end"})
    client = CLIENT
    study = STUDY
    min_players = 3
    max_players = 4
    default_players = 4
    options_type = Options
    state_type = BoonState
    texts = texts
    house_rules = HOUSE_RULES
    search_hints = BoonSearchHints()
    encoder_type = BoonEncoder
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = ({"payouts": "2,1,0,0,-1,-2"},)

    def heuristic_bot(self, rng: random.Random) -> Bot:
        return BoonBot(rng)

    def moves_key(self, state: State) -> Hashable:
        return ()  # a move's message is the move's alone (texts.action_message)

    def state_problems(self, state: State) -> list[tuple[str, str]]:
        assert isinstance(state, BoonState)
        return problems(state)

    def card_faces(self) -> frozenset[str]:
        return frozenset(FACES)

    def card_face(self, card_id: int) -> str:
        return card_face(card_id)
