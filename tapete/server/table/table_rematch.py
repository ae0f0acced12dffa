"""One table's rematch, as its runner drives it: answers kept, told, and the next match made.

The rules of the answers (who counts, when it is decided, the new tokens)
are `rematch.RematchVotes`; this is the shell around them at one table:
every answer is stored before anyone hears of it, and the decision (the
next match's id) is stored in the same write as the last answer, before the
match is made (`make`, given by the table registry), so a server killed in
between makes it when it starts again (`Tables.finish_rematches`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from tapete.engine import TapeteError

from ..errors import StorageFailed
from ..ops import logs
from ..ops.faults import crashpoint
from .connection import Connection, dumps
from .rematch import RematchVotes, check_answer, opening

if TYPE_CHECKING:
    from .runner import TableRunner


class TableRematch:
    def __init__(self, runner: TableRunner) -> None:
        self.runner = runner
        self.votes: RematchVotes | None = None
        self.next_match: str | None = None  # once the next match is made
        self.make: Callable[[TableRunner], Awaitable[None]] | None = None  # makes it (the table registry's)

    def restore(self, stored: dict[str, Any] | None, next_match: str | None,
                make: Callable[[TableRunner], Awaitable[None]]) -> None:
        """The answers and the next match as stored (`make` makes it from the stored answers)."""
        self.votes = RematchVotes.from_json(stored, started=next_match is not None)
        self.next_match, self.make = next_match, make

    def json(self) -> dict[str, Any] | None:
        """The state's `rematch`: null until the match is over."""
        runner = self.runner
        if runner.status != "finished":
            return None
        return self.votes.message(runner.seats) if self.votes is not None else opening(runner.seats)

    async def answer(self, conn: Connection, accept: bool) -> None:
        """A seat's socket says yes or no."""
        try:
            check_answer(conn.seat, self.runner.status, self.votes)
        except TapeteError as err:
            conn.send_error(err)
            return
        assert conn.seat is not None
        votes = (self.votes or RematchVotes()).copy()  # kept only once stored
        votes.answer(self.runner.seats[conn.seat], accept, conn.token)
        votes.settle(self.runner.seats)
        await self._vote(votes, conn)

    async def seat_left(self) -> None:
        """Someone left the finished match: their seat declines."""
        if self.runner.status == "finished" and not (self.votes is not None and self.votes.started):
            votes = (self.votes or RematchVotes()).copy()
            votes.settle(self.runner.seats)
            await self._vote(votes, None)

    async def attached(self, conn: Connection) -> None:
        """A socket said hello: a reload of the finished match is sent on to the next one (which
        is made now if making it failed before)."""
        if self.votes is None or not self.votes.started or self.runner.status != "finished":
            return
        if self.next_match is None:
            await self._start()  # tells every socket, this one too
        else:
            conn.send(self.votes.start_message(conn.seat, conn.token))

    async def _vote(self, votes: RematchVotes, conn: Connection | None) -> None:
        runner = self.runner
        decided = votes.decided(runner.seats)
        try:
            await runner.store.set_rematch(runner.id, votes.to_json(), votes.next_match if decided else None)
        except Exception:
            logs.log.exception("could not store a rematch answer", extra={"table": runner.id})
            if conn is not None:
                conn.send_error(StorageFailed("No se pudo guardar tu respuesta; inténtalo de nuevo.",
                                              "Your answer could not be stored; try again.", rule="storage"))
            return
        votes.started = decided
        self.votes = votes
        self._tell(dumps({"type": "rematch", **votes.message(runner.seats)}))
        if decided:
            crashpoint("rematch-decided")
            await self._start()

    async def _start(self) -> None:
        runner = self.runner
        assert self.votes is not None and self.make is not None
        try:
            await self.make(runner)
        except Exception:
            # its id is stored: the next hello here, the next load of this match or a restart makes it
            logs.log.exception("could not make the rematch", extra={"table": runner.id})
            return
        crashpoint("rematch-made")
        self.next_match = self.votes.next_match
        logs.event("rematch started", table=runner.id, detail=self.next_match)
        for conns in runner.registry.connections():
            for conn in conns:
                conn.send(self.votes.start_message(conn.seat, conn.token))
        runner.tell_states()  # the states now name the next match

    def _tell(self, text: str) -> None:
        for conns in self.runner.registry.connections():
            for conn in conns:
                conn.send_text(text)
