"""What the search bots (tapete.bots.search) and the post-game analysis
(tapete.analysis) may use in Bacan: the analysis' loss thresholds, measured
in seeded matches (docs/analysis.md)."""

from __future__ import annotations

from typing import Any

from tapete.engine import LossThresholds, SearchHints

# The analysis measures Bacan's losses on the round's score margin (`loss_measure`): a seat whose
# round is lost (a value near 0) still loses points with every penalty card. A loss of 0.10 is
# 0.2 of the mean round margin (about 1.4 points at 4 players), 0.20 about 2.7 points, 0.40 about
# 5.5 points (a penalty card). Calibrated on seeded 4-player matches to 15 points, seeds 11-14, at
# the normal budget: the heuristic's decisions 87 % bien, 6 % from 0.20; a random seat's 60 % from
# 0.20 (docs/analysis.md).
THRESHOLDS = LossThresholds(0.10, 0.20, 0.40)


class BacanSearchHints(SearchHints):
    def loss_thresholds(self, options: Any) -> LossThresholds:
        return THRESHOLDS

    def loss_measure(self, options: Any) -> str:
        return "value+margin"
