"""A turn-based table's time (the table option `pace` = "turn-based"): what changes at such a table,
and the sweep that plays its clocks.

At a live table a person away is played by their stand-in after a short grace, a match nobody is at
is called off, and the turn clocks ring the table's own alarm. A turn-based table is played over days
by people who are away most of the time: only a clock that ran out brings the stand-in (for that one
move; for good after `TIMEOUTS_FOR_GOOD` in a row, until the person plays again), nobody's absence ends
the match, and its clocks are due by the database, not by a timer per table: the table stores when
its next clock runs out (`matches.due_at`, wall clock) and whom it awaits (`matches.waiting_on`), and
the registry's sweep (`DueSweep`, every `due_sweep` seconds) wakes the tables whose time came.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from tapete.engine.turns import TableCore

from ..ops import logs
from .clock import ServerClock
from .inbox import Wake
from .seats import SeatInfo

if TYPE_CHECKING:
    from ..storage.store import Store
    from .runner import TableRunner

# (table id, when its next clock runs out (wall clock; None: none runs), the seats it awaits, since when)
OnDue = Callable[[str, float | None, list[int], float | None], None]


class Notifies(Protocol):
    """What the sweep calls after waking the tables: people whose turn waited too long are told
    (`tapete.server.people.notify.Notifier`)."""

    async def notify_due(self, now: float) -> int: ...


class TurnBased:
    """The turn-based side of one table's runner: who plays a seat, and the due time it stores."""

    def __init__(
        self, table_id: str, core: TableCore, seats: Sequence[SeatInfo], clock: ServerClock, on_due: OnDue | None
    ) -> None:
        self.table_id = table_id
        self.core = core
        self.seats = seats
        self.clock = clock
        self.on_due = on_due
        self._told: tuple[float | None, tuple[int, ...]] | None = None
        self._awaited: tuple[int, ...] = ()  # the seats awaited since `turn_at` (wall clock)
        self.turn_at: float | None = None
        self._resumed = False

    def resume(self, waiting_on: Sequence[int] | None, turn_at: float | None) -> None:
        """A table loaded again from its record: the turn it awaited goes on (its notifications were sent)."""
        self._awaited = tuple(waiting_on or ())
        self.turn_at = turn_at if self._awaited else None
        self._resumed = True

    @classmethod
    def of(cls, runner: TableRunner, on_due: OnDue | None) -> TurnBased:
        return cls(runner.id, runner.core, runner.seats, runner.clock, on_due)

    def unheld(self, seat: int) -> bool:
        """A seat no person holds (a bot's, or one its person left): its bot plays every decision."""
        info = self.seats[seat]
        return not info.human or info.token_hash is None

    def away(self, seat: int) -> bool:
        """A person's seat its stand-in plays as for someone away ("standin", not one move at the clock's
        end): its clock ran out `TIMEOUTS_FOR_GOOD` times in a row, or its person left."""
        return seat in self.core.given_up or self.seats[seat].token_hash is None

    def tell(self, playing: bool) -> None:
        """The next clock and whom the table awaits, to the store, when they changed."""
        live = playing and not self.core.state.is_terminal()
        told = (self.core.next_clock() if live else None, tuple(self.core.state.required_actors()) if live else ())
        if told == self._told or self.on_due is None:
            return
        self._told = told
        clock, waiting = told
        awaited, self._awaited = set(self._awaited), waiting
        if not waiting:
            self.turn_at = None
        elif self.turn_at is None or not (set(waiting) < awaited or (self._resumed and set(waiting) == awaited)):
            # a new turn: someone awaited acted. Those still awaited after others' commits wait on since the
            # same time, and so does a table loaded again.
            self.turn_at = self.clock.time()
        self._resumed = False
        due = None if clock is None else self.clock.wall_of(clock)
        self.on_due(self.table_id, due, list(waiting), self.turn_at)


def resume_turn(turn_based: TurnBased | None, waiting_on: Sequence[int] | None, turn_at: float | None) -> None:
    """A table loaded again: at a turn-based one, the turn it awaited goes on (`TurnBased.resume`)."""
    if turn_based is not None:
        turn_based.resume(waiting_on, turn_at)


class DueSweep:
    """The registry's side: the due times stored in order with each table's other writes, and the
    sweep that wakes the tables of this process whose clock ran out."""

    def __init__(self, store: Store, clock: ServerClock) -> None:
        self.store = store
        self.clock = clock
        self._writes: set[asyncio.Task[None]] = set()
        self._task: asyncio.Task[None] | None = None
        self.notifier: Notifies | None = None  # set by the app once made

    def store_due(self, table_id: str, due_at: float | None, waiting_on: list[int], turn_at: float | None) -> None:
        """A turn-based table's next clock changed (`TurnBased.tell`): stored."""
        task = asyncio.get_running_loop().create_task(self.store.set_due(table_id, due_at, waiting_on, turn_at))
        self._writes.add(task)
        task.add_done_callback(self._written)

    def _written(self, task: asyncio.Task[None]) -> None:
        self._writes.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logs.log.error("could not store a due time", exc_info=task.exception())

    async def sweep(self, runners: Mapping[str, TableRunner]) -> int:
        """Wake every table of `runners` (this process's) whose clock ran out by now, as the database
        says (another process's tables are its own sweep's); returns how many were woken."""
        woken = 0
        for table_id in await self.store.due_tables(self.clock.time()):
            runner = runners.get(table_id)
            if runner is not None and not runner.stopped:
                runner.post(Wake())  # it plays its clocks that ran out (`TableCore.due`)
                woken += 1
        if self.notifier is not None:
            try:  # any process may send them: each is claimed in the database first (people/notify.py)
                await self.notifier.notify_due(self.clock.time())
            except Exception:
                logs.log.exception("the turn notifications failed")
        return woken

    def start(self, runners: Mapping[str, TableRunner], period: float) -> None:
        """Sweep every `period` seconds until `close`."""
        self._task = asyncio.create_task(self._sweep_forever(runners, max(0.05, period)), name="tapete-due-clocks")

    async def _sweep_forever(self, runners: Mapping[str, TableRunner], period: float) -> None:
        while True:
            await asyncio.sleep(period)
            try:
                await self.sweep(runners)
            except Exception:
                logs.log.exception("the due clocks' sweep failed")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        await asyncio.gather(*self._writes, return_exceptions=True)


__all__ = ["DueSweep", "Notifies", "OnDue", "TurnBased", "resume_turn"]
