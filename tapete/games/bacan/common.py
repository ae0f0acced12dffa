"""What the Bacan rules modules share: penalty markers, limits and the
event helper (rules.py, powers.py, mirrors.py, round_end.py)."""

from __future__ import annotations

from typing import Any

from tapete.engine import Event

HOLE = -1
"""A slot emptied by a right espejo ajeno, waiting for the claimant's gift."""

ROW_FULL_PENALTY = 10
"""Points owed instead of a card that a full row cannot take (BAC-7 ruling)."""

BACAN_MAX = 5

POINTS = -1
EXHAUSTED = -2
NO_PENALTY: dict[str, Any] = {"penalty_slot": None, "penalty_points": 0}


def ev(kind: str, audience: frozenset[int] | None = None, **data: Any) -> Event:
    return Event(kind, data, audience)
