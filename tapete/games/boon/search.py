"""What the search bots (tapete.bots.search) and the post-game analysis
(tapete.analysis) may use in Boon: the analysis' loss thresholds, measured
in seeded matches (docs/analysis.md)."""

from __future__ import annotations

from typing import Any

from tapete.engine import LossThresholds, SearchHints

# Calibrated on seeded 4-player matches at the analysis' normal budget (docs/analysis.md): a
# defender's card is worth less of the round than a Bacan call, so the steps are lower.
THRESHOLDS = LossThresholds(0.03, 0.08, 0.20)


class BoonSearchHints(SearchHints):
    def loss_thresholds(self, options: Any) -> LossThresholds:
        return THRESHOLDS
