"""The Buracco game: the factory of its matches and everything said in words."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tapete.engine import Bot, Game, State

from . import texts
from .cards import FACES, card_face
from .checks import problems
from .client import CLIENT
from .encoding import BuraccoEncoder
from .house_rules import HOUSE_RULES
from .options import Options
from .rules import BuraccoState
from .search import BuraccoSearchHints
from .study import STUDY

RULES_VERSION = 2
"""The version of these rules as coded: bump it when the same seed, options
and actions would play out differently, so old match records are refused.
2: BUR-20's ruling of 2026-11-29 (no pozo once nothing can be drawn)."""


class BuraccoGame(Game):
    id = "buracco"
    rules_version = RULES_VERSION
    name: ClassVar[dict[str, str]] = {"es": "Buracco", "en": "Buracco"}
    round_result_events: ClassVar[frozenset[str]] = frozenset({"hand_end"})
    rated_turn_seconds: ClassVar[int] = 120  # a turn of melds takes longer than a card played
    client = CLIENT
    study = STUDY
    min_players = 2
    max_players = 4
    default_players = 4
    options_type = Options
    state_type = BuraccoState
    texts = texts
    house_rules = HOUSE_RULES
    search_hints = BuraccoSearchHints()
    encoder_type = BuraccoEncoder
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {"target": 300},
        {"hand_size": 15, "target": 500},
    )

    def allowed_players(self, options: Any) -> tuple[int, ...]:
        """BUR-3: 2 alone, or 4 in two partnerships."""
        return (2, 4)

    def sides(self, num_players: int, options: Any) -> tuple[tuple[int, ...], ...]:
        """BUR-3: partners sit opposite (the seats of one parity, as BuraccoState.side_of)."""
        if num_players == 4:
            return ((0, 2), (1, 3))
        return super().sides(num_players, options)

    def heuristic_bot(self, rng: random.Random) -> Bot:
        from .bots import BuraccoBot

        return BuraccoBot(rng)

    def state_problems(self, state: State) -> list[tuple[str, str]]:
        assert isinstance(state, BuraccoState)
        return problems(state)

    def card_faces(self) -> frozenset[str]:
        return frozenset(FACES)

    def card_face(self, card_id: int) -> str:
        return card_face(card_id)
