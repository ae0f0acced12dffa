"""What the tools around WANTED ask of it beyond its rules (tapete.engine.describe.StudyFacts):
how long a match lasts, which its rules bound."""

from __future__ import annotations

from tapete.engine import LengthBound, State, StudyFacts

from .options import Options


def length(probe: State, num_players: int, options: Options, simultaneous: bool) -> LengthBound:
    """WAN-4..WAN-12: every card and die is dealt up front; a stage is at most 5 battles
    (Duelo, Tiroteo) or `deals` deals of one battle each (Pandillas), and at most
    `replays` replay stages follow. Seats choosing at once: one node, or one a seat."""
    each = 1 if simultaneous else num_players
    hand = len(probe.view(0)["hand"])
    if options.mode != "pandillas":
        moves = (1 + options.replays) * hand * each
        return LengthBound(moves, True, f"(1 + {options.replays} replays) stages x {hand} battles x {each}")
    # a battle: 3 picks, a leader choice after each of the <= 3 settlements, <= 2 tie discards
    battle = (3 + 3 + 2) * each
    moves = options.deals * battle + (options.deals - 1) + options.replays * (1 + battle)
    return LengthBound(moves, True, f"{options.deals} deals and {options.replays} replays of {battle}-node battles")


STUDY = StudyFacts(length=length)
