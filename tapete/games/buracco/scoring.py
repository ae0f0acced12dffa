"""Scoring of a hand (BUR-21, BUR-22) and the end of the match (BUR-23)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .cards import TILE_VALUES
from .melds import Meld

PURE_CANASTA = 200
IMPURE_CANASTA = 100
MUERTO_TAKEN = 100
MUERTO_MISSED = -100
GOING_OUT = 100


@dataclass(frozen=True)
class HandScore:
    """One side's score for one hand, item by item."""

    melded: int  # value of the melded tiles (negative without a canasta, BUR-22)
    canastas: int  # canasta bonuses
    muerto: int  # +100 taken, -100 never taken
    going_out: int  # +100 for the side that went out
    in_hand: int  # minus the value of the tiles still in hand
    total: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def score_side(melds: Sequence[Meld], in_hand: Iterable[int], took_muerto: bool, went_out: bool) -> HandScore:
    """BUR-21/22: the score of a side from its melds, the tiles its players
    still hold (a muerto taken but not played included), whether it took its
    muerto and whether it went out."""
    melded = sum(m.value() for m in melds)
    pure = sum(1 for m in melds if m.is_canasta() and m.is_pure())
    impure = sum(1 for m in melds if m.is_canasta() and not m.is_pure())
    canastas = PURE_CANASTA * pure + IMPURE_CANASTA * impure
    if not pure + impure:
        melded = -melded  # BUR-22: without a canasta every tile counts against
    muerto = MUERTO_TAKEN if took_muerto else MUERTO_MISSED
    closing = GOING_OUT if went_out else 0
    hand = -sum(TILE_VALUES[t] for t in in_hand)
    return HandScore(melded, canastas, muerto, closing, hand, melded + canastas + muerto + closing + hand)


def match_winner(totals: Sequence[int], target: int) -> int:
    """BUR-23: the winning side, or -1 if the match goes on (nobody at the
    target, or both there with equal totals)."""
    reached = [side for side, total in enumerate(totals) if total >= target]
    if not reached:
        return -1
    if len(reached) == 1:
        return reached[0]
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else -1
