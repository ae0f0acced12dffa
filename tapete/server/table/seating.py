"""One table's comings and goings, as its runner handles them: sockets attached and detached,
seats taken and left.

Who may sit where, and whose token is whose, are the seat registry's
(`seats.SeatRegistry`); this is the shell around it at one table: a seat
taken or left is stored before anyone hears of it, a socket attached is
welcomed, and the sockets of a seat left are told and closed. What follows
at the table (its state told, the match started, the rematch's answers) is
the runner's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from tapete.engine import TapeteError

from ..errors import error
from ..ops import logs
from ..people.names import seat_key
from .connection import CLOSE_LEFT
from .inbox import Attach, Detach, Join, Leave
from .presenter import Presenter
from .seats import SeatRegistry, hash_token, new_token

if TYPE_CHECKING:
    from ..storage.store import Store


class TableSeating:
    """The seats of table `table_id`: its seat registry, stored in `store`, told by `presenter`.
    `version` (the table's, for the logs) and `status` come with each call."""

    def __init__(
        self,
        table_id: str,
        registry: SeatRegistry,
        store: Store,
        presenter: Presenter,
        rated: bool = False,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.table_id = table_id
        self.monotonic = monotonic  # the server's clock (`ServerClock.monotonic`)
        self.rated = rated  # fair play: one seat per identity, and no seat taken once the match is under way
        self.registry = registry
        self.store = store
        self.presenter = presenter

    def attach(self, msg: Attach) -> bool:
        """A socket takes its seat's place (or a spectator's) and is welcomed; False: refused (its
        request is answered with why)."""
        conn = msg.conn
        try:
            self.registry.attach(conn, msg.token)
        except TapeteError as err:
            msg.done.set_exception(err)
            return False
        msg.done.set_result(conn.seat)
        conn.send(self.presenter.welcome(conn.seat, len(self.registry.seats)))
        return True

    def detach(self, msg: Detach, version: int) -> None:
        if self.registry.detach(msg.conn, self.monotonic()):
            logs.event("seat disconnected", table=self.table_id, seat=msg.conn.seat, version=version)

    async def join(self, msg: Join, status: str, version: int) -> bool:
        """Seat someone from the lobby; False: refused (its request is answered with why)."""
        try:
            seat, token = await self.seat_someone(msg.seat, msg.name, msg.player_id, status, version)
        except TapeteError as err:
            msg.done.set_exception(err)
            return False
        msg.done.set_result((seat, token))
        return True

    async def seat_someone(
        self, seat: int | None, name: str | None, player_id: str | None, status: str, version: int
    ) -> tuple[int, str]:
        if self.rated and status == "playing":  # a rated seat is its first holder's for the whole match
            raise error("rated_seat_kept")
        if self.rated and player_id is not None and any(s.player_id == player_id for s in self.registry.seats):
            raise error("one_rated_seat")
        chosen = self.registry.choose(seat, open_=status != "finished")
        if name is not None:  # two seats never show one name (the same identity at two seats may)
            key = seat_key(name)
            if any(
                other.index != chosen
                and other.name
                and seat_key(other.name) == key
                and not (player_id and other.player_id == player_id)
                for other in self.registry.seats
            ):
                raise error("seat_name_taken")
        token = new_token()
        await self.store.set_seat(self.table_id, chosen, name, hash_token(token), player_id)
        self.registry.take(chosen, name, hash_token(token), self.monotonic(), player_id)
        logs.event("seat taken", table=self.table_id, seat=chosen, version=version)
        return chosen, token

    async def leave(self, msg: Leave, status: str, version: int) -> bool:
        """The holder of a seat's token leaves it; False: no such token (its request is answered so)."""
        info = self.registry.by_token(msg.token)
        if info is None:
            msg.done.set_exception(error("bad_token"))
            return False
        # a match under way or over stays in the leaver's history and ratings (a stand-in plays it out),
        # and the seat keeps the leaver's name, as the log and the board said it, until someone takes it
        under_way = status != "waiting"
        kept_player = info.player_id if under_way else None
        kept_name = info.name if under_way else None
        await self.store.set_seat(self.table_id, info.index, kept_name, None, kept_player)
        for conn in self.registry.free(info, keep_name=under_way):
            conn.send(self.presenter.left(info.index))
            conn.close(CLOSE_LEFT, "seat left")
        msg.done.set_result(info.index)
        logs.event("seat left", table=self.table_id, seat=info.index, version=version)
        return True
