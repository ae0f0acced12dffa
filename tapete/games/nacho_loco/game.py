"""The Nacho Loco game: factory of matches and everything said in words."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tapete.engine import Bot, Game, State

from . import texts
from .cards import DESIGN_TOKENS, card_face
from .checks import problems
from .client import CLIENT
from .encoding import NachoLocoEncoder
from .house_rules import HOUSE_RULES
from .options import Options
from .rules import NachoLocoState
from .search import NachoLocoSearchHints
from .study import STUDY

RULES_VERSION = 2
"""The version of these rules as coded: bump it when the same seed, options
and actions would play out differently, so old match records are refused."""


class NachoLocoGame(Game):
    id = "nacho-loco"
    rules_version = RULES_VERSION
    name: ClassVar[dict[str, str]] = {"es": "Nacho Loco", "en": "Nacho Loco"}
    round_result_events: ClassVar[frozenset[str]] = frozenset({"round_end"})
    client = CLIENT
    study = STUDY
    min_players = 2
    max_players = 6
    default_players = 4
    options_type = Options
    state_type = NachoLocoState
    search_hints = NachoLocoSearchHints()
    encoder_type = NachoLocoEncoder
    texts = texts
    house_rules = HOUSE_RULES
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {"all_contacts_must_match": False},
        {"target": 5},
    )

    def heuristic_bot(self, rng: random.Random) -> Bot:
        from .bots import NachoLocoBot

        return NachoLocoBot(rng)

    def state_problems(self, state: State) -> list[tuple[str, str]]:
        assert isinstance(state, NachoLocoState)
        return problems(state)

    def card_faces(self) -> frozenset[str]:
        return frozenset(DESIGN_TOKENS)

    def card_face(self, card_id: int) -> str:
        return card_face(card_id)
