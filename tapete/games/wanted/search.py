"""What the search bots (tapete.bots.search) may use in WANTED.

In Pandillas a gang is one choice of 3 cards of 5 made in three commits, so
the search compares the 10 gangs whole (`plans`), and values the end of a
deal by the chance to win the match (`horizon_value`). Pandillas buys the
normal level a larger budget; Duelo and Tiroteo keep the level as it is.
Why these figures: docs/search-tuning.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from tapete.engine import Bot, LossThresholds, SearchHints, State
from tapete.engine.words import Message

from .actions import kind_of
from .bots import WantedBot
from .rules import GANG
from .texts import gang_message

# The spread of one Pandillas deal's bounty swing between two players (its
# standard deviation, 29 over 900 deals of heuristic against heuristic).
DEAL_SWING = 30.0
# Battles the rivals' heuristic samples to choose a gang in rollouts (its own: 48).
ROLLOUT_SAMPLES = 12

# The normal level in Pandillas: up to 1.2 s of CPU on a gang, and a finished
# match worth its win alone.
PANDILLAS_NORMAL: Mapping[str, Any] = {
    "terminal_margin": 0.0,
    "screen": 40,
    "screen_rollouts": 10_000,
    "max_screen": 120,
    "worlds": 40,
    "max_worlds": 160,
    "think_millis": 1_200.0,
    "max_millis": 4_000.0,
}


def lead_holds(lead: float, deals_left: int, spread: float = DEAL_SWING) -> float:
    """The chance a bounty lead over one rival survives `deals_left` more
    Pandillas deals, the swing to come taken as normal, `spread` per deal."""
    return 0.5 * (1.0 + math.erf(lead / (spread * math.sqrt(2.0 * deals_left))))


# The post-game analysis' loss thresholds, calibrated on seeded matches (docs/analysis.md).
# Pandillas: on the chance to win the match.
THRESHOLDS = LossThresholds(0.05, 0.12, 0.25)
# Duelo and Tiroteo: on the bounty margin (`loss_measure`), in units of twice the mean margin of a
# match (Duelo: 15.8 points), so 0.02 is about 0.6 points, 0.05 about 1.6 and 0.15 about 4.7. A
# Duelo is four choices, mostly decided by the deal. Calibrated on 2-player Duelos, seeds 11-23,
# at the normal budget: the heuristic's commits lose 0.02 or more in none of 52 (all bien), a
# random seat's 0.05 or more in 2 of 52. Measured again on seeds 11-60: 1 of 201 against 1 of 202;
# random play loses nothing measurable in a Duelo (it wins as often as the heuristic;
# docs/analysis.md).
MARGIN_THRESHOLDS = LossThresholds(0.02, 0.05, 0.15)


class WantedSearchHints(SearchHints):
    def loss_thresholds(self, options: Any) -> LossThresholds:
        return THRESHOLDS if self.loss_measure(options) == "value" else MARGIN_THRESHOLDS

    def loss_measure(self, options: Any) -> str:
        """Pandillas: the chance to win the match (`horizon_value`) moves with every gang.
        Duelo and Tiroteo: a match is one stage, valued by its win alone (0 or 1 in each
        rollout, too coarse for a few worlds to tell cards apart): the bounty margin."""
        return "value" if options is not None and options.mode == "pandillas" else "margin"

    def level_settings(self, level: str, options: Any) -> Mapping[str, Any]:
        if level == "normal" and options is not None and options.mode == "pandillas":
            return PANDILLAS_NORMAL
        return {}

    def rollout_bot(self, rng: random.Random) -> Bot:
        """The rivals in the search's rollouts: the heuristic choosing a
        Pandillas gang on fewer sampled battles (12, not 48), four times
        cheaper; how the search values its own gangs hardly depends on how
        well it predicts theirs. Duelo and Tiroteo play as the heuristic."""
        return WantedBot(rng, gang_samples=ROLLOUT_SAMPLES)

    def plans(self, view: Mapping[str, Any], legal: Sequence[int]) -> Sequence[tuple[int, ...]]:
        """Pandillas: every gang of 3 of the cards in hand, before the first
        of its three commits (WAN-9); none elsewhere."""
        if view.get("mode") != "pandillas" or view.get("phase") != "commit" or view.get("my_commit"):
            return ()
        commits = sorted(a for a in legal if kind_of(a) == "commit")
        if len(commits) <= GANG:
            return ()
        return list(combinations(commits, GANG))

    def plan_message(self, state: State, plan: Sequence[int]) -> Message | None:
        """A gang in words: "Form the gang A♠ …, K♣ … and 2♦ …"."""
        return gang_message(plan)

    def horizon_value(self, spectator_view: Mapping[str, Any]) -> Sequence[float] | None:
        """Each seat's chance to win a Pandillas match between deals (WAN-11):
        the bounty still to come is taken as normal, DEAL_SWING wide per deal
        and pair of players, and a seat wins if it ends above each rival
        (treated as independent); a final tie's replay (WAN-12) is even among
        the tied. None elsewhere (the margin serves)."""
        view = spectator_view
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
