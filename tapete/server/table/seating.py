"""One table's comings and goings, as its runner handles them: sockets attached and detached,
seats taken and left.

Who may sit where, and whose token is whose, are the seat registry's
(`seats.SeatRegistry`); this is the shell around it at one table: a seat
taken or left is stored before anyone hears of it, and a socket attached is
told the table as it stands.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from tapete.engine import TapeteError

from ..errors import bad_token
from ..ops import logs
from ..people.names import name_key
from ..people.players import seat_name_taken
from .connection import CLOSE_LEFT
from .messages import Attach, Detach, Join, Leave
from .seats import hash_token, new_token

if TYPE_CHECKING:
    from .runner import TableRunner


class TableSeating:
    def __init__(self, runner: TableRunner) -> None:
        self.runner = runner

    async def attach(self, msg: Attach) -> None:
        runner, conn = self.runner, msg.conn
        try:
            runner.registry.attach(conn, msg.token)
        except TapeteError as err:
            msg.done.set_exception(err)
            return
        msg.done.set_result(conn.seat)
        conn.send(runner.presenter.welcome(conn.seat, len(runner.seats)))
        conn.send(runner.state_message(conn, []))
        logs.event("socket attached", table=runner.id, seat=conn.seat, version=runner.version)
        await runner.rematch.attached(conn)  # a reload of a finished match is sent on to the next one

    def detach(self, msg: Detach) -> None:
        runner = self.runner
        if runner.registry.detach(msg.conn, time.monotonic()):
            logs.event("seat disconnected", table=runner.id, seat=msg.conn.seat, version=runner.version)

    async def join(self, msg: Join) -> None:
        runner = self.runner
        try:
            seat, token = await self.seat_someone(msg.seat, msg.name, msg.player_id)
        except TapeteError as err:
            msg.done.set_exception(err)
            return
        msg.done.set_result((seat, token))
        if runner.status == "waiting" and not runner.registry.free_seats():
            await runner.begin()

    async def seat_someone(self, seat: int | None, name: str | None, player_id: str | None = None) -> tuple[int, str]:
        runner = self.runner
        chosen = runner.registry.choose(seat, open_=runner.status != "finished")
        if name is not None:  # two seats never show one name (the same identity at two seats may)
            key = name_key(name)
            if any(other.index != chosen and other.name and name_key(other.name) == key
                   and not (player_id and other.player_id == player_id) for other in runner.seats):
                raise seat_name_taken()
        token = new_token()
        await runner.store.set_seat(runner.id, chosen, name, hash_token(token), player_id)
        runner.registry.take(chosen, name, hash_token(token), time.monotonic(), player_id)
        logs.event("seat taken", table=runner.id, seat=chosen, version=runner.version)
        return chosen, token

    async def leave(self, msg: Leave) -> None:
        runner = self.runner
        info = runner.registry.by_token(msg.token)
        if info is None:
            msg.done.set_exception(bad_token())
            return
        # a match under way or over stays in the leaver's history and ratings (a stand-in plays it out)
        kept_player = info.player_id if runner.status != "waiting" else None
        await runner.store.set_seat(runner.id, info.index, None, None, kept_player)
        for conn in runner.registry.free(info):
            conn.send(runner.presenter.left(info.index))
            conn.close(CLOSE_LEFT, "seat left")
        msg.done.set_result(info.index)
        logs.event("seat left", table=runner.id, seat=info.index, version=runner.version)
        await runner.rematch.seat_left()  # leaving a finished match declines its rematch
