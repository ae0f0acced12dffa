"""The Bacan game: the factory of matches and everything said in words."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar

from tapete.engine import Bot, Event, Game, State

from . import texts
from .bots import BacanBot
from .cards import FACES, JOKER_FACE, card_face
from .checks import problems
from .client import CLIENT
from .encoding import BacanEncoder
from .house_rules import HOUSE_RULES
from .options import Options
from .rules import BacanState
from .search import BacanSearchHints
from .study import STUDY

RULES_VERSION = 1
"""The version of these rules as coded: bump it when the same seed, options
and actions would play out differently, so old match records are refused."""


class BacanGame(Game):
    id = "bacan"
    rules_version = RULES_VERSION
    name: ClassVar[dict[str, str]] = {"es": "Bacan", "en": "Bacan"}
    round_result_events: ClassVar[frozenset[str]] = frozenset({"round_end"})
    client = CLIENT
    study = STUDY
    min_players = 2  # BAC-3
    max_players = 8
    default_players = 4
    options_type = Options
    state_type = BacanState
    texts = texts
    house_rules = HOUSE_RULES
    search_hints = BacanSearchHints()
    encoder_type = BacanEncoder
    score_sense = -1  # points are bad: reaching the limit eliminates (BAC-4, BAC-5)
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {"memory": "assisted", "mirror_match": "points", "discard_draw_from_lap": 1},
        {"joker_power": "drawn_only", "anti_bacan": True, "limit": 50},
    )

    def heuristic_bot(self, rng: random.Random) -> Bot:
        return BacanBot(rng)

    def moves_key(self, state: State) -> Hashable:
        return texts.moves_key(state)

    def state_problems(self, state: State) -> list[tuple[str, str]]:
        assert isinstance(state, BacanState)
        return problems(state)

    def card_faces(self) -> frozenset[str]:
        return FACES

    def card_face(self, card_id: int) -> str:
        return card_face(card_id)

    def match_stats(self, events: Sequence[Event]) -> dict[str, Any]:
        """Counts from a match's public events (tapete simulate --stats)."""
        return {"counts": comodin_powers(events)}


POWER_SOURCES = {"deck": "deck", "discard": "pile", "row": "row"}


def comodin_powers(events: Sequence[Event]) -> dict[str, int]:
    """BAC-20: how often a comodín's power was used, by where it came from
    (drawn from the deck, taken from the pile, brought out of a row)."""
    counts = dict.fromkeys(("comodin_power_deck", "comodin_power_pile", "comodin_power_row"), 0)
    source = "deck"
    for event in events:
        if event.kind == "draw":
            source = event.data["source"]
        elif event.kind == "row_joker" and event.data["ok"]:
            source = "row"
        elif event.kind == "power" and event.data["card"] == JOKER_FACE:
            counts["comodin_power_" + POWER_SOURCES[source]] += 1
    return counts
