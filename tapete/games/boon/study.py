"""What the tools around Boon ask of it beyond its rules (tapete.engine.describe.StudyFacts):
how long a learner's bridge lets a match last."""

from __future__ import annotations

from typing import Any

from tapete.engine import LengthBound, State, StudyFacts

# Rounds of Boon a match is allowed; heuristic bots: 18 at most in 40 matches.
ROUNDS = 100


def length(probe: State, num_players: int, options: Any, simultaneous: bool) -> LengthBound:
    """A round: the deal, a bid a seat at most, the bury, every card played (BOO-4..BOO-8).
    Rounds go on until a seat has no victory card (BOO-12): they pass back and forth, and a
    payout table of zeros never ends, so the rounds have no bound."""
    view = probe.view(0)
    rnd = 1 + num_players + view["boon_size"] + num_players * len(view["hand"])
    return LengthBound(ROUNDS * rnd, False, f"{ROUNDS} rounds x {rnd} (a round's bound)")


STUDY = StudyFacts(length=length)
