"""Events: what happened, and who may hear of it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """One thing that happened.

    `audience` is None when everyone (spectators included) may see it, or the
    set of seats that may. A game that must tell the table "seat 2 drew a
    card" and tell seat 2 which card emits two events: a public one without
    the card and a private one with it.

    An event is never changed once made: the same object goes to every seat
    that may see it. (Not enforced by `frozen=True`, which would make every
    event cost about twice as much to build; several are built per action.)
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    # Who made the move for the seat it is about, when not its person (tapete.engine.standin):
    # "standin" (the person was away) or "clock" (their turn clock ran out). None: the seat's own.
    by_standin: str | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict[str, Any]:
        if self.by_standin is None:
            return {"kind": self.kind, **self.data}
        return {"kind": self.kind, **self.data, "by_standin": self.by_standin}


def public(kind: str, **data: Any) -> Event:
    return Event(kind, data, None)


def private(seats: Iterable[int], kind: str, **data: Any) -> Event:
    return Event(kind, data, audience(seats))


# A seat alone, as the audience of its private events: one set shared by every such event (a table
# keeps its match's events for the story log, and a set of its own cost each event ~200 bytes more).
ALONE: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(16))
_AUDIENCES: dict[tuple[int, ...], frozenset[int]] = {(s,): alone for s, alone in enumerate(ALONE)}


def audience(seats: Iterable[int]) -> frozenset[int]:
    """The seats as a set shared by every event told to them (see `ALONE`)."""
    key = tuple(seats)
    found = _AUDIENCES.get(key)
    if found is None:
        found = frozenset(key)
        if len(_AUDIENCES) < 4096:  # the audiences of a few seats: a handful per game
            _AUDIENCES[key] = found
    return found


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    return [e for e in events if e.visible_to(seat)]
