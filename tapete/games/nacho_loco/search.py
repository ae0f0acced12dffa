"""What the search bots (tapete.bots.search) and the post-game analysis
(tapete.analysis) may use in Nacho Loco: the analysis' loss thresholds, measured
in seeded matches (docs/analysis.md)."""

from __future__ import annotations

from typing import Any

from tapete.engine import LossThresholds, SearchHints

# Calibrated on seeded 4-player matches at the analysis' normal budget (docs/analysis.md).
THRESHOLDS = LossThresholds(0.05, 0.12, 0.25)


class NachoLocoSearchHints(SearchHints):
    def loss_thresholds(self, options: Any) -> LossThresholds:
        return THRESHOLDS
