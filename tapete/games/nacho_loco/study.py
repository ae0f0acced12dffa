"""What the tools around Nacho Loco ask of it beyond its rules (tapete.engine.describe.StudyFacts):
how long a learner's bridge lets a match last."""

from __future__ import annotations

from tapete.engine import LengthBound, State, StudyFacts

from .options import Options

# Decisions allowed a round, per card of the deck.
MOVES_PER_CARD = 4


def length(probe: State, num_players: int, options: Options, simultaneous: bool) -> LengthBound:
    """NAC-15, NAC-17: a round gives its winner a point for every card in the other hands
    (>= n-1), so a match has at most n(target-1)/(n-1) + 1 rounds. A round has no bound:
    a seat may draw and keep playable cards (NAC-12), and the pile refills (NAC-10)."""
    n = num_players
    rounds = n * (options.target - 1) // (n - 1) + 1
    rnd = MOVES_PER_CARD * len(probe.card_ids())
    return LengthBound(rounds * rnd, False, f"{rounds} rounds (the rules' bound) x {rnd}")


STUDY = StudyFacts(length=length)
