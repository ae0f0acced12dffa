"""What the search bots (tapete.bots.search) and the post-game analysis
(tapete.analysis) may use in Nacho Loco: the analysis' loss thresholds, measured
in seeded matches (docs/analysis.md)."""

from __future__ import annotations

from typing import Any

from tapete.engine import LossThresholds, SearchHints

# On the network's value (the learned bot judges Nacho Loco's placements), a lead from the mistake
# threshold up counting only where the search's paired rollouts confirm it (else an inaccuracy at
# most: tapete.analysis.evaluators.NetworkEvaluator). Calibrated on seeded 4-player matches to 10
# points, seeds 11-30 (docs/analysis.md): from 0.10, a random seat's decisions 4.9 %, the
# heuristic's 0.9 % (seeds 31-50, not used to choose: 3.6 % against 0.3 %); from 0.20, 1.4 % and
# none. The network alone did not separate them (from 0.12: 6.6 % against 3.9 %): a random
# placement loses little each time, and the network's own errors are as large.
THRESHOLDS = LossThresholds(0.05, 0.10, 0.20)


class NachoLocoSearchHints(SearchHints):
    def loss_thresholds(self, options: Any) -> LossThresholds:
        return THRESHOLDS
