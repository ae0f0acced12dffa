"""The Boon game: the factory of its matches and everything said in words."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from tapete.engine import Bot, Event, Game, State
from tapete.engine.messages import Lines, Message
from tapete.games.house_rules import house_rules_text

from . import texts
from .bots import BoonBot
from .cards import FACES, NUM_CARDS
from .checks import problems
from .house_rules import HOUSE_RULES
from .options import Options
from .rules import BoonState

RULES_VERSION = 1
"""The version of these rules as coded: bump it when the same seed, options
and actions would play out differently, so old match records are refused."""


class BoonGame(Game):
    id = "boon"
    rules_version = RULES_VERSION
    name: ClassVar[dict[str, str]] = {"es": "Boon", "en": "Boon"}
    round_result_events: ClassVar[frozenset[str]] = frozenset({"round_end"})
    min_players = 3
    max_players = 4
    default_players = 4
    options_type = Options
    state_type = BoonState
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = ({"payouts": "2,1,0,0,-1,-2"},)

    def _new_state(self, num_players: int, options: Any, seed: int) -> State:
        return BoonState(num_players, options, seed)

    def heuristic_bot(self, rng: random.Random) -> Bot:
        return BoonBot(rng)

    def state_problems(self, state: State) -> list[tuple[str, str]]:
        assert isinstance(state, BoonState)
        return problems(state)

    def rules_text(self, lang: str) -> str:
        return texts.rules_text(lang) + house_rules_text(HOUSE_RULES, self.options_schema(), lang)

    catalogue = texts.CATALOGUE

    def action_message(self, state: State, action: int) -> Message:
        return texts.action_message(action)

    def event_message(self, event: Event) -> Message | Lines:
        return texts.event_message(event)

    def render_text(self, view: Mapping[str, Any], lang: str) -> str:
        return texts.render_text(view, lang)

    def card_faces(self) -> frozenset[str]:
        return frozenset(FACES)

    def card_face(self, card_id: int) -> str:
        if not 0 <= card_id < NUM_CARDS:
            raise ValueError(f"no Boon card has id {card_id}")
        return FACES[card_id]
