"""Hints at casual tables (table option `hints`, never rated): "¿Qué haría el bot?".

A seat whose decision the table waits for asks (`{"type": "hint"}`); its position is pickled at
once and judged in the replay's thinking process (`ThinkingPool.hint`, within a bot's thinking
budget) by tapete.analysis.hint, from that seat's view alone, while the table goes on. The answer
goes to the asking socket only. One hint per seat at a time, at most one every HINT_EVERY_S.
"""

from __future__ import annotations

import asyncio
import pickle
import time
from collections.abc import Callable, Sequence
from typing import Any

import orjson

from tapete.engine import State, TapeteError

from ..errors import error
from ..settings import TableOptions
from .connection import Connection
from .thinking import ThinkingPool

HINT_EVERY_S = 5.0


class TableHints:
    """One table's hints: who asked when, what is being computed."""

    def __init__(
        self,
        table_id: str,
        game_id: str,
        options: TableOptions,
        thinking: ThinkingPool | None,
        group: Callable[[], str],
    ) -> None:
        self.table_id, self.game_id, self.options = table_id, game_id, options
        self.thinking, self.group = thinking, group
        self.asked: dict[int, float] = {}  # seat -> when its last hint was answered
        self.running: set[int] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    def ask(self, conn: Connection, playing: bool, state: State, version: int, seats: Sequence[dict[str, Any]]) -> None:
        """`conn`'s seat asks what the bot would play now; refused in words when it may not."""
        try:
            seat = conn.seat
            if not self.options.hints or self.options.rated:
                raise error("hints_off")
            if seat is None:
                raise error("hints_seat")
            now = time.monotonic()
            asked = self.asked.get(seat)
            if seat in self.running or (asked is not None and now - asked < HINT_EVERY_S):
                raise error("hints_too_soon")
            if not playing or seat not in state.required_actors():
                raise error("hints_not_now")
            if self.thinking is None:
                raise error("hints_busy")
        except TapeteError as err:
            conn.send_error(err)
            return
        self.running.add(seat)
        names = [str(entry.get("name") or "") for entry in seats]
        task = asyncio.get_running_loop().create_task(
            self._answer(self.thinking, conn, seat, version, pickle.dumps(state), names)
        )
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _answer(
        self, thinking: ThinkingPool, conn: Connection, seat: int, version: int, state: bytes, names: list[str]
    ) -> None:
        try:
            answer = await thinking.hint(self.table_id, self.group(), self.game_id, state, seat, names)
        finally:
            # the next hint waits HINT_EVERY_S after this one's answer: however long a busy machine took
            self.asked[seat] = time.monotonic()
            self.running.discard(seat)
        if answer[0] == "json":
            found = orjson.loads(answer[1])
            conn.send(
                {
                    "type": "hint",
                    "version": version,
                    "action": found["action"],
                    "text": {"es": found["es"], "en": found["en"]},
                }
            )
        elif answer[0] == "refused":
            conn.send_error(error("hints_not_now"))
        else:
            conn.send_error(error("hints_busy"))
