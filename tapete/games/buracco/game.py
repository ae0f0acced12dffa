"""The Buracco game: the factory of its matches and everything said in words."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tapete.engine import Bot, Event, Game, State

from . import texts
from .cards import FACES, face_of
from .options import Options
from .rules import BuraccoState

RULES_VERSION = 1
"""The version of these rules as coded: bump it when the same seed, options
and actions would play out differently, so old match records are refused."""


class BuraccoGame(Game):
    id = "buracco"
    rules_version = RULES_VERSION
    name: ClassVar[dict[str, str]] = {"es": "Buracco", "en": "Buracco"}
    min_players = 2
    max_players = 4
    default_players = 4
    options_type = Options
    state_type = BuraccoState
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {"target": 300},
        {"hand_size": 15, "target": 500},
    )

    def allowed_players(self, options: Any) -> tuple[int, ...]:
        """BUR-3: 2 alone, or 4 in two partnerships."""
        return (2, 4)

    def _new_state(self, num_players: int, options: Any, seed: int) -> State:
        return BuraccoState(num_players, options, seed)

    def heuristic_bot(self, rng: random.Random) -> Bot:
        from .bots import BuraccoBot

        return BuraccoBot(rng)

    def state_problems(self, state: State) -> list[tuple[str, str]]:
        from .positions import problems  # the builder's module imports this one's GAME

        assert isinstance(state, BuraccoState)
        return problems(state)

    # The guided search leaves the steps of a meld to the heuristic
    # (`ismcts_searches`), about half its work at normal; the time goes to
    # more worlds per searched decision (up to 500 ms of CPU instead of the
    # level's 100), and a loaded machine's wall clock must not cut them short.
    ismcts_levels: ClassVar[dict[str, dict[str, Any]]] = {
        "normal": {"think_millis": 500.0, "max_millis": 2_000.0},
    }

    def ismcts_searches(self, view: Mapping[str, Any], legal: Sequence[int]) -> bool:
        """Which decisions the guided ISMCTS searches (tapete.bots.ismcts):
        all but the steps of a meld being built (staging, commit or cancel).
        The start of a meld step, whether to lay down, extend or stop, is
        searched; the heuristic then stages the meld it planned, and a rival
        tile or a cancel there only repeats that choice at a higher cost."""
        return view.get("phase") != "meld" or not view.get("pending")

    def rules_text(self, lang: str) -> str:
        return texts.rules_text(lang)

    def describe_action(self, state: State, action: int, lang: str) -> str:
        return texts.describe_action(state if isinstance(state, BuraccoState) else None, action, lang)

    def describe_event(self, event: Event, lang: str) -> str:
        return texts.describe_event(event, lang)

    def render_text(self, view: Mapping[str, Any], lang: str) -> str:
        return texts.render_text(view, lang)

    def card_faces(self) -> frozenset[str]:
        return frozenset(FACES)

    def card_face(self, card_id: int) -> str:
        return FACES[face_of(card_id)]
