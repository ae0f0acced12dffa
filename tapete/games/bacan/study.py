"""What the simulator's reports ask of Bacan (tapete.engine.describe.StudyFacts):
the variants the balance report compares, the calls read from public round ends
(BAC-24..28) with their success rate by the caller's total, how often
`anti_bacan` (BAC-6) changes a match's end, and how long a learner's bridge lets
a match last."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine import Event, LengthBound, RateFacts, ShareFacts, State, StudyFacts

from .options import Options

LIMIT = Options().limit


def call(event: Event) -> dict[str, Any] | None:
    """A Bacan call's caller total and result (BAC-24..28), from the public round end."""
    if event.kind != "round_end" or event.audience is not None:
        return None
    caller = event.data.get("caller")
    if caller is None:
        return None
    totals = event.data.get("totals") or {}
    total = totals.get(str(caller), totals.get(caller))
    if total is None:
        return None
    return {"key": "bacan_calls", "total": int(total), "result": str(event.data.get("result"))}


def won_on_the_limit(options: Mapping[str, Any], scores: Sequence[float], winners: Sequence[int]) -> bool:
    """A winner landed exactly on the points limit (what `anti_bacan`, BAC-6, changes)."""
    limit = options.get("limit", LIMIT)
    return any(scores[w] == limit for w in winners)


def length(probe: State, num_players: int, options: Options, simultaneous: bool) -> LengthBound:
    """Scores may fall (BAC-26, comodines count -1) and the discard pile is reshuffled into
    the deck (BAC-15): neither rounds nor turns have a bound. The allowance grows with the
    limit: one round a point of it, each round every seat's pass through the deck (one
    decision a card)."""
    rounds = max(options.limit, 10)
    rnd = len(probe.card_ids()) * num_players
    return LengthBound(rounds * rnd, False, f"{rounds} rounds x {rnd}")


CALLS = RateFacts(
    key="bacan_calls",
    by="total",
    success=lambda item: item["result"] in ("success", "super_bacan"),  # BAC-26's or a super Bacan
    heading="**Bacan calls** (BAC-24..28): success rate by the caller's row total, all variants pooled.",
    by_label="caller total",
    count_label="calls",
    axis_label="caller's row total when calling Bacan",
)

STUDY = StudyFacts(
    variants=({"anti_bacan": True}, {"limit": 50}, {"limit": 50, "anti_bacan": True}),
    event_stats=call,
    rates=(CALLS,),
    length=length,
    shares=(
        ShareFacts(
            heading="**What `anti_bacan` changes** (BAC-6): matches won by landing exactly on the limit.",
            label="won on the exact limit",
            holds=won_on_the_limit,
        ),
    ),
)
