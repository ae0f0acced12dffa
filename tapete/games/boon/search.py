"""What the search bots (tapete.bots.search) and the post-game analysis
(tapete.analysis) may use in Boon: the analysis' loss thresholds, measured
in seeded matches (docs/analysis.md)."""

from __future__ import annotations

from typing import Any

from tapete.engine import LossThresholds, SearchHints

# The analysis measures Boon's losses as the larger of the value's and the round margin's
# (`loss_measure`): once a taker's round is lost (a value near 0) the cards it buries still cost
# payout. A defender's card is worth less of the round than a Bacan call, so the steps are lower.
# Calibrated on seeded 4-player matches, seeds 11-20, at the normal budget (docs/analysis.md):
# the heuristic's decisions 97 % bien, 2.6 % from 0.08 (4 of 155); a random seat's 10 % (17 of 167).
THRESHOLDS = LossThresholds(0.03, 0.08, 0.20)


class BoonSearchHints(SearchHints):
    def loss_thresholds(self, options: Any) -> LossThresholds:
        return THRESHOLDS

    def loss_measure(self, options: Any) -> str:
        return "value+margin"
