"""One table's match record, as its runner writes it: each accepted action is stored before it is
applied, and what is stored is the table (a restarted process replays it).

A write may fail after the database committed it (the connection lost with the answer), so a
failed write is checked against the record before its move is refused; and a record that holds
an action the table has not applied (such a write, whose check could not read the record either)
is caught up with rather than left to block every later write at that version.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from tapete.engine import State

from ..errors import error
from ..ops import logs

if TYPE_CHECKING:
    from ..storage.store import Store


class TableRecord:
    """The record of table `table_id` in `store`; `new_match` makes the match's state before its
    first action (the record is replayed on it)."""

    def __init__(
        self, store: Store, table_id: str, new_match: Callable[[], State], wall: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.wall = wall  # the server's clock (`ServerClock.time`): each action's time
        self.table_id = table_id
        self.new_match = new_match

    async def append(
        self, version: int, seat: int, action: int, by_standin: str | None = None
    ) -> tuple[int, int] | None:
        """Store the action at the table's `version` (`by_standin`: made for the seat's person by
        their stand-in). None: it is recorded. Raises `StorageFailed` when it is not; returns the
        (seat, action) the record holds there instead, for the runner to apply first (and then to
        refuse this one: its sender sees the new state)."""
        try:
            await self.store.append_action(self.table_id, version, seat, action, self.wall(), by_standin)
            return None
        except Exception:
            logs.log.exception("could not write an action", extra={"table": self.table_id, "seat": seat})
        try:
            found = await self.store.recorded_action(self.table_id, version)
        except Exception:  # unknown: refused, and the next write finds out
            logs.log.exception("could not read the record back", extra={"table": self.table_id})
            raise error("storage_failed") from None
        if found == (seat, action):  # committed all the same
            return None
        if found is None:
            raise error("storage_failed")
        logs.event("a recorded action caught up", table=self.table_id, version=version)
        return found

    async def rebuild(self, version: int) -> State:
        """The action at the table's `version` failed inside the game (a bug there): take it out of
        the record and rebuild the state from the record, so the two agree."""
        await self.store.delete_action(self.table_id, version)
        row = await self.store.load(self.table_id)  # the record, read back once it no longer holds that action
        if row is None or len(row.actions) != version:
            raise RuntimeError(f"table {self.table_id}: the stored record does not match version {version}")
        state = self.new_match()
        for done_seat, done_action in row.actions:
            state.apply(done_seat, done_action)
        return state
