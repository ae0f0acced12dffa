"""Who made each move at a table, for the seats people play: the person, or their stand-in.

A stand-in plays a person's seat while they are away (`SeatRegistry.gone`) or for one decision
when their turn clock ran out (`TableCore.stand_in_plays`). Such a move is stored with who made
it (`actions.by_standin`), told as the stand-in's (`tapete.engine.standin`), and counted, so
that the person is told on coming back how many moves were made for them meanwhile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine.standin import CLOCK, STANDIN, Trail, while_away


class StandinMoves:
    """One table's count, per seat, of the moves its stand-in made since its person last moved
    or was told (a restarted table counts them again from its record)."""

    def __init__(self) -> None:
        self.since: dict[int, int] = {}
        self.trail = Trail()  # which seats stand-ins hold now, as the record will say it

    @staticmethod
    def made_by(person_seat: bool, source: str, away: bool) -> str | None:
        """Who made a move of a seat: None for its own player (a person who acted, or a bot's
        seat), "standin" for a person away, "clock" for a person whose clock ran out."""
        if not person_seat or source == "human":
            return None
        return STANDIN if away else CLOCK

    def moved(self, seat: int, by: str | None, person: bool) -> dict[int, str]:
        """A move of `seat` was applied: by its stand-in (`by`), or by its person (or its bot);
        the seats stand-ins hold for its events (`Trail.step`)."""
        if by is not None:
            self.since[seat] = self.since.get(seat, 0) + 1
        elif person:
            self.since.pop(seat, None)
        return self.trail.step(seat, by)

    def replayed(self, actions: Sequence[tuple[int, int]], by_standin: Mapping[int, str], people: set[int]) -> None:
        """Count again from a record: the stand-in's moves after each person's last own move (the
        trail is walked again with the replayed moves, `TableRunner.replay`)."""
        self.since.clear()
        self.trail = Trail()
        for index, (seat, _action) in enumerate(actions):
            by = by_standin.get(index)
            if by is not None:
                self.since[seat] = self.since.get(seat, 0) + 1
            elif seat in people:
                self.since.pop(seat, None)

    def tell(self, seat: int | None, lang: str) -> dict[str, Any] | None:
        """What a seat's person reads on coming back (a hello), once: None when nothing was made for them."""
        moves = self.since.pop(seat, 0) if seat is not None else 0
        if not moves:
            return None
        return {"moves": moves, "text": while_away(moves, lang)}


__all__ = ["StandinMoves"]
