"""What the search bots (tapete.bots.search) and the post-game analysis
(tapete.analysis) may use in Bacan: the analysis' loss thresholds, measured
in seeded matches (docs/analysis.md)."""

from __future__ import annotations

from typing import Any

from tapete.engine import LossThresholds, SearchHints

# The analysis measures Bacan's losses as the larger of the value's and the round margin's
# (`loss_measure`): a seat whose round is lost (a value near 0) still loses points with every
# penalty card, and a call that loses the match shows in the value. On the margin a loss of 0.12
# is about 1.7 points at 4 players, 0.25 about 3.4 points. Calibrated on seeded 4-player matches
# to 15 points, seeds 11-12, at the normal budget (docs/analysis.md): the heuristic's decisions
# 99 % bien, 1 of 69 from 0.12; a random seat's 14 of 33 from 0.12 (11 from 0.25).
THRESHOLDS = LossThresholds(0.05, 0.12, 0.25)


class BacanSearchHints(SearchHints):
    def loss_thresholds(self, options: Any) -> LossThresholds:
        return THRESHOLDS

    def loss_measure(self, options: Any) -> str:
        return "value+margin"
