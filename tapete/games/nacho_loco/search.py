"""What the search bots (tapete.bots.search) and the post-game analysis
(tapete.analysis) may use in Nacho Loco: the analysis' loss thresholds, measured
in seeded matches (docs/analysis.md)."""

from __future__ import annotations

from typing import Any

from tapete.engine import LossThresholds, SearchHints

# On the network's value (the learned bot judges Nacho Loco's placements). Measured on seeded
# 4-player matches to 10 points, seeds 11-25 (docs/analysis.md): the heuristic's decisions 63 %
# bien, 4.5 % from 0.12; a random seat's 5.4 % from 0.12. No threshold separates them: a random
# placement loses little each time (the random seat wins none of 20 matches, its mean loss per
# decision is 0.046 against 0.032), so the shared steps stay until the evaluator tells them apart.
THRESHOLDS = LossThresholds(0.05, 0.12, 0.25)


class NachoLocoSearchHints(SearchHints):
    def loss_thresholds(self, options: Any) -> LossThresholds:
        return THRESHOLDS
