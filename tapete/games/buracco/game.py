"""The Buracco game: the factory of its matches and everything said in words."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from tapete.engine import Bot, Event, Game, State
from tapete.engine.messages import Lines, Message
from tapete.games.house_rules import house_rules_text

from . import texts
from .cards import FACES, face_of
from .checks import problems
from .house_rules import HOUSE_RULES
from .options import Options
from .rules import BuraccoState
from .search import BuraccoSearchHints

RULES_VERSION = 1
"""The version of these rules as coded: bump it when the same seed, options
and actions would play out differently, so old match records are refused."""


class BuraccoGame(Game):
    id = "buracco"
    rules_version = RULES_VERSION
    name: ClassVar[dict[str, str]] = {"es": "Buracco", "en": "Buracco"}
    round_result_events: ClassVar[frozenset[str]] = frozenset({"hand_end"})
    min_players = 2
    max_players = 4
    default_players = 4
    options_type = Options
    state_type = BuraccoState
    search_hints = BuraccoSearchHints()
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

    def _new_state(self, num_players: int, options: Any, seed: int) -> State:
        return BuraccoState(num_players, options, seed)

    def heuristic_bot(self, rng: random.Random) -> Bot:
        from .bots import BuraccoBot

        return BuraccoBot(rng)

    def state_problems(self, state: State) -> list[tuple[str, str]]:
        assert isinstance(state, BuraccoState)
        return problems(state)

    def rules_text(self, lang: str) -> str:
        return texts.rules_text(lang) + house_rules_text(HOUSE_RULES, self.options_schema(), lang)

    catalogue = texts.CATALOGUE

    def action_message(self, state: State, action: int) -> Message:
        return texts.action_message(state if isinstance(state, BuraccoState) else None, action)

    def event_message(self, event: Event) -> Message | Lines:
        return texts.event_message(event)

    def render_text(self, view: Mapping[str, Any], lang: str) -> str:
        return texts.render_text(view, lang)

    def card_faces(self) -> frozenset[str]:
        return frozenset(FACES)

    def card_face(self, card_id: int) -> str:
        return FACES[face_of(card_id)]
