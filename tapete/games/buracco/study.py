"""What the tools around Buracco ask of it beyond its rules (tapete.engine.describe.StudyFacts):
how long a learner's bridge lets a match last."""

from __future__ import annotations

import math

from tapete.engine import LengthBound, State, StudyFacts

from .options import Options

# Decisions allowed a hand, per tile of the deck.
MOVES_PER_TILE = 12


def length(probe: State, num_players: int, options: Options, simultaneous: bool) -> LengthBound:
    """BUR-13: the pozo may pass back and forth while the stock lasts, and hands may score
    below zero (BUR-22): neither hands nor turns have a bound."""
    hands = max(math.ceil(options.target / 100), 5)
    rnd = MOVES_PER_TILE * len(probe.card_ids())
    return LengthBound(hands * rnd, False, f"{hands} hands x {rnd}")


STUDY = StudyFacts(length=length)
