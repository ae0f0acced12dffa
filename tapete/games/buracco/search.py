"""What the search bots (tapete.bots.search) may use in Buracco.

The policy-improvement levels leave the steps of a meld to the heuristic
(`searches`), about half their work at normal; the time goes to more worlds
per searched decision (up to 500 ms of CPU instead of the level's 100), and a
loaded machine's wall clock must not cut them short.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine import LossThresholds, SearchHints

NORMAL: Mapping[str, Any] = {"think_millis": 500.0, "max_millis": 2_000.0}

# The post-game analysis' loss thresholds: the shared steps, on the larger of the value's and the
# round margin's losses (`loss_measure`). Not calibrated yet: an analysis of a Buracco seat costs
# a minute of CPU or more at the normal budget, and the rollouts' noise is larger than a move's
# loss (2 players, 9 tiles, to 100, seed 11: none of a random seat's 103 decisions from 0.08, nor
# of the heuristic's 67; docs/analysis.md, What is left).
THRESHOLDS = LossThresholds(0.05, 0.12, 0.25)


class BuraccoSearchHints(SearchHints):
    def loss_thresholds(self, options: Any) -> LossThresholds:
        return THRESHOLDS

    def loss_measure(self, options: Any) -> str:
        return "value+margin"

    def level_settings(self, level: str, options: Any) -> Mapping[str, Any]:
        return NORMAL if level == "normal" else {}

    def searches(self, view: Mapping[str, Any], legal: Sequence[int]) -> bool:
        """All decisions but the steps of a meld being built (staging, commit
        or cancel). The start of a meld step, whether to lay down, extend or
        stop, is searched; the heuristic then stages the meld it planned, and a
        rival tile or a cancel there only repeats that choice at a higher cost."""
        return view.get("phase") != "meld" or not view.get("pending")
