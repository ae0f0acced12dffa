"""The WANTED game: the factory of its matches and everything said in words."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar

from tapete.engine import Bot, Event, Game, State

from . import texts
from .actions import kind_of
from .bots import WantedBot
from .cards import FACES, NUM_CARDS
from .options import PLAYERS, Options
from .rules import GANG, WantedState

# The spread of one Pandillas deal's bounty swing between two players (its
# standard deviation, 29 over 900 deals of heuristic against heuristic).
DEAL_SWING = 30.0
ROLLOUT_SAMPLES = 12


def lead_holds(lead: float, deals_left: int, spread: float = DEAL_SWING) -> float:
    """The chance a bounty lead over one rival survives `deals_left` more
    Pandillas deals, the swing to come taken as normal, `spread` per deal."""
    return 0.5 * (1.0 + math.erf(lead / (spread * math.sqrt(2.0 * deals_left))))


RULES_VERSION = 1
"""The version of these rules as coded: bump it when the same seed, options
and actions would play out differently, so old match records are refused."""


class WantedGame(Game):
    id = "wanted"
    rules_version = RULES_VERSION
    name: ClassVar[dict[str, str]] = {"es": "WANTED", "en": "WANTED"}
    min_players = 2
    max_players = 10
    default_players = 2  # the default mode is Duelo
    options_type = Options
    state_type = WantedState
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

    def state_problems(self, state: State) -> list[tuple[str, str]]:
        from .positions import problems  # the builder's module imports this one's GAME

        assert isinstance(state, WantedState)
        return problems(state)

    # How the guided ISMCTS (tapete.bots.ismcts) plays WANTED. In Pandillas a
    # gang is one choice of 3 cards of 5 made in three commits, so the search
    # compares the 10 gangs whole (`ismcts_plans`), and values the end of a
    # deal by the chance to win the match (`ismcts_value`): a lead of 30 is
    # nearly safe before the last deal (commit cheap outlaws: a lost battle
    # then cannot give it away) and worth little before the first. Telling
    # gangs apart takes many worlds (docs/wanted-strategy.md), so normal
    # spends up to 1.2 s of CPU on a gang, and a finished match is worth its
    # win alone. Duelo and Tiroteo keep the level as it is: their rollouts
    # run to the end of the match, and more worlds bought nothing there.
    PANDILLAS_NORMAL: ClassVar[dict[str, Any]] = {
        "terminal_margin": 0.0,
        "screen": 40,
        "screen_rollouts": 10_000,
        "max_screen": 120,
        "worlds": 40,
        "max_worlds": 160,
        "think_millis": 1_200.0,
        "max_millis": 4_000.0,
    }

    def ismcts_settings(self, level: str, options: Any) -> dict[str, Any] | None:
        return self.PANDILLAS_NORMAL if level == "normal" and options.mode == "pandillas" else None

    def ismcts_rollout_bot(self, rng: random.Random) -> Bot:
        """The rivals in the search's rollouts: the heuristic choosing a
        Pandillas gang on fewer sampled battles (12, not 48), four times
        cheaper; how the search values its own gangs hardly depends on how
        well it predicts theirs. Duelo and Tiroteo play as the heuristic."""
        return WantedBot(rng, gang_samples=ROLLOUT_SAMPLES)

    def ismcts_plans(self, view: Mapping[str, Any], legal: Sequence[int]) -> list[tuple[int, ...]] | None:
        """Pandillas: every gang of 3 of the cards in hand, before the first
        of its three commits (WAN-9); None elsewhere."""
        if view.get("mode") != "pandillas" or view.get("phase") != "commit" or view.get("my_commit"):
            return None
        commits = sorted(a for a in legal if kind_of(a) == "commit")
        if len(commits) <= GANG:
            return None
        return list(combinations(commits, GANG))

    def ismcts_value(self, view: Mapping[str, Any]) -> list[float] | None:
        """Each seat's chance to win a Pandillas match between deals (WAN-11):
        the bounty still to come is taken as normal, DEAL_SWING wide per deal
        and pair of players, and a seat wins if it ends above each rival
        (treated as independent); a final tie's replay (WAN-12) is even among
        the tied. None elsewhere (the margin serves)."""
        if view.get("mode") != "pandillas" or view.get("over"):
            return None
        if view.get("replay"):
            tied = view["players"]
            return [1.0 / len(tied) if s in tied else 0.0 for s in range(len(view["scores"]))]
        left = view["deals"] - view["deal"] + (1 if view.get("phase") == "commit" else 0)
        if left <= 0:
            return None
        scores = view["scores"]
        players = view["players"]
        chances = [0.0] * len(scores)
        for s in players:
            chances[s] = math.prod(lead_holds(scores[s] - scores[r], left) for r in players if r != s)
        return chances

    def rules_text(self, lang: str) -> str:
        return texts.rules_text(lang)

    def describe_action(self, state: State, action: int, lang: str) -> str:
        return texts.describe_action(action, lang)

    def describe_event(self, event: Event, lang: str) -> str:
        return texts.describe_event(event, lang)

    def render_text(self, view: Mapping[str, Any], lang: str) -> str:
        return texts.render_text(view, lang)

    def card_faces(self) -> frozenset[str]:
        return frozenset(FACES)

    def card_face(self, card_id: int) -> str:
        if not 0 <= card_id < NUM_CARDS:
            raise ValueError(f"no WANTED card has id {card_id}")
        return FACES[card_id]
