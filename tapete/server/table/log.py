"""The story of a table, kept: every event with the version it happened at.

A socket that says hello (a reload, a second device, a spectator arriving
late) is sent its whole log, not only what happens from then on. A seat's
log holds the public events and its own; a spectator's the public ones only.
The entries sent are words only (version, kind, text): the data behind a
private event (the faces a Bacan player peeked at) stays out of a log that
is sent again later, so classic memory stays a game of memory.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tapete.engine import Event, Game
from tapete.engine.words import Reader

# A match's log is long (a Bacan match: ~2,000 events); the oldest go first past this.
LOG_LIMIT = 5000


class TableLog:
    """Events of one match in order, each with the table version it happened at."""

    __slots__ = ("_entries", "game", "limit")

    def __init__(self, game: Game, limit: int = LOG_LIMIT) -> None:
        self.game = game
        self.limit = limit
        self._entries: list[tuple[int, Event]] = []

    def __len__(self) -> int:
        return len(self._entries)

    def extend(self, version: int, events: Iterable[Event]) -> None:
        self._entries.extend((version, e) for e in events)
        if len(self._entries) > self.limit:
            del self._entries[: len(self._entries) - self.limit]

    def visible(self, seat: int | None) -> list[tuple[int, Event]]:
        """What `seat` may read (None: a spectator, public events only)."""
        return [(v, e) for v, e in self._entries if e.visible_to(seat)]

    def entries(self, seat: int | None, lang: str, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
        """The log `seat` is sent on hello/sync: words only, in `lang`, with everyone's names."""
        reader = Reader(lang, names, seat)
        tell = self.game.tell_event
        return [{"version": v, "kind": e.kind, "text": tell(e, reader)} for v, e in self.visible(seat)]


__all__ = ["LOG_LIMIT", "TableLog"]
