"""A thinking process: where search bots think and replays are computed, beside the server's own.

Search is pure Python. In a thread of the server's process it held the interpreter's lock while it
thought, and every time the event loop let the lock go (each read and write of a socket) it waited
up to a switch interval (5 ms) to have it back: people's moves, pings and writes crawled behind a
thought, however few threads thought. In a process of its own it takes nothing from the loop, and
it uses a core the loop does not (`thinking.ThinkingPool` starts one fewer than the machine has).

What crosses between the two, and why: a table's search bots live here, as a replica of the table
that follows the match by its actions. The server sends each action as it is applied (two ints);
this process applies it to its own copy of the state and tells each bot the events its seat may
see, exactly as the server tells the bots it keeps (`tapete.engine.turns.deliver`). A decision is
then asked for by (table, seat, version) alone. Shipping the state and the bot instead would cost
the loop the pickling of both for every decision: a four-seat Bacan state pickles to ~1 MB with
what it shares, and an `ismcts-hard` bot's rollout shadows to ~1 MB more (0.15 s each, measured).
The price is the replica's memory and every action applied twice (microseconds).

Replay steps are computed in such a process too (one of its own), from a finished match's record
the server sends along (its actions as two arrays of ints), kept with some of its states
(`replayed.ReplayedMatch`) while their cost fits in the budget the process was started with.

The messages, pickled and framed by their length (`send_frame`, `read_frame`), one at a time in
the order they were sent:

    ("open", table, game, seed, options, players, [(seat, kind, seed), ...])  a table's replica
    ("acts", table, [(seat, action), ...])  actions applied at the table, in order
    ("close", table)
    ("decide", job, table, seat, version, seconds)  -> ("done", job, answer)
        answer: ("move", action, delay) | ("pass",) | ("stale",) | ("error", text)
    ("replay", job, match, CompactRecord, step, seat)  -> ("done", job, answer)
    ("hint", job, game, pickled State, seat, names)  -> ("done", job, answer)
        step None: the match's whole story as the seat read it
        answer: ("json", bytes) | ("refused", error as data) | ("error", text)
    ("stop",)
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import socket
import struct
import sys
import traceback
from collections import OrderedDict
from dataclasses import replace
from typing import Any

import orjson

from tapete.bots import make_bot
from tapete.bots.search import SearchBot
from tapete.engine import Bot, Observation, TapeteError
from tapete.engine.turns import deliver
from tapete.games import get_game

from ..errors import error_json
from .replayed import CompactRecord, ReplayedMatch

FRAME = struct.Struct("!I")
# Thinking processes yield the CPU to the server's own when the machine is short of it: a person's
# move, a ping, a socket write first, a bot's thought (which has a fallback) after; and the replay
# process to the bots' (a match being played first, then a replay page).
NICENESS = 5
REPLAY_NICENESS = 10


def frame(message: Any) -> bytes:
    data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    return FRAME.pack(len(data)) + data


def send_frame(sock: socket.socket, message: Any) -> None:
    sock.sendall(frame(message))


def _exactly(sock: socket.socket, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_frame(sock: socket.socket) -> Any | None:
    """The next message, or None when the other end is gone."""
    head = _exactly(sock, FRAME.size)
    if head is None:
        return None
    body = _exactly(sock, FRAME.unpack(head)[0])
    return None if body is None else pickle.loads(body)


class TableReplica:
    """A table's search bots and the copy of its state they follow."""

    def __init__(
        self, game_id: str, seed: int, options: dict[str, Any], players: int, bots: list[tuple[int, str, int]]
    ) -> None:
        game = get_game(game_id)
        self.state = game.new_match(players, seed, options)
        self.bots: dict[int, Bot] = {seat: make_bot(kind, game, bot_seed) for seat, kind, bot_seed in bots}
        for seat, bot in self.bots.items():
            bot.start(seat, players, self.state.options)
        self.version = 0

    def acts(self, played: list[tuple[int, int]]) -> None:
        for seat, action in played:
            events = self.state.apply(seat, action)
            self.version += 1
            deliver(events, self.bots)

    def decide(self, seat: int, version: int, seconds: float) -> tuple[Any, ...]:
        if version != self.version:
            return ("stale",)
        bot = self.bots[seat]
        if not isinstance(bot, SearchBot):
            found = bot.decide(Observation(self.state.clone(), seat))
        else:
            # no longer than the server waits for it, whatever the level says
            level = bot.config
            bound = seconds * 1000.0
            bot.config = replace(level, max_millis=min(level.max_millis or bound, bound))
            try:
                found = bot.decide(Observation(self.state.clone(), seat))
            finally:
                bot.config = level
        return ("pass",) if found is None else ("move", found.action, found.delay)


class Thinker:
    """What one thinking process holds: the replicas of its tables, the matches it replays."""

    def __init__(self, replay_budget: int) -> None:
        self.tables: dict[str, TableReplica] = {}
        self.broken: set[str] = set()  # tables whose replica failed (their decisions: errors)
        self.replays: OrderedDict[str, ReplayedMatch] = OrderedDict()
        self.replay_budget = replay_budget
        self.held = 0

    def handle(self, message: tuple[Any, ...]) -> tuple[Any, ...] | None:
        """One message; its answer, if it asks for one."""
        kind = message[0]
        if kind in ("open", "acts"):
            self._follow(message)
        elif kind == "close":
            self.tables.pop(message[1], None)
            self.broken.discard(message[1])
        elif kind == "decide":
            _, job, table, seat, version, seconds = message
            return ("done", job, self._decide(table, seat, version, seconds))
        elif kind == "replay":
            _, job, match_id, compact, step, seat = message
            return ("done", job, self._replay(match_id, compact, step, seat))
        elif kind == "hint":
            _, job, game_id, state, seat, names = message
            return ("done", job, _hint(game_id, state, seat, names))
        return None

    def _follow(self, message: tuple[Any, ...]) -> None:
        """A table's replica made, or told its actions; one that fails is dropped (its table's
        decisions are errors from then on, and the server plays their fallbacks)."""
        kind, table, *rest = message
        try:
            if kind == "open":
                self.tables[table] = TableReplica(*rest)
            elif (replica := self.tables.get(table)) is not None:
                replica.acts(rest[0])
        except Exception:
            self.tables.pop(table, None)
            self.broken.add(table)
            traceback.print_exc()

    def _decide(self, table: str, seat: int, version: int, seconds: float) -> tuple[Any, ...]:
        replica = self.tables.get(table)
        if replica is None:
            return ("error", f"no replica of table {table}" + (" (it failed)" if table in self.broken else ""))
        try:
            return replica.decide(seat, version, seconds)
        except Exception:
            return ("error", traceback.format_exc(limit=8))

    def _replay(self, match_id: str, compact: CompactRecord, step: int | None, seat: int | None) -> tuple[Any, ...]:
        try:
            match = self.replays.get(match_id)
            if match is None:
                match = ReplayedMatch(compact)
                self.replays[match_id] = match
                self.held += match.cost()
                while self.held > self.replay_budget and len(self.replays) > 1:
                    self.held -= self.replays.popitem(last=False)[1].cost()
            self.replays.move_to_end(match_id)
            told = match.story(seat) if step is None else match.step(step, seat)
            return ("json", orjson.dumps(told))
        except TapeteError as err:
            return ("refused", error_json(err))
        except Exception:
            return ("error", traceback.format_exc(limit=8))


def _hint(game_id: str, state: bytes, seat: int, names: list[str]) -> tuple[Any, ...]:
    """A hint at a casual table (tapete.analysis.hint): the seat's position, pickled at the table."""
    from tapete.analysis.hint import hint

    try:
        return ("json", orjson.dumps(hint(get_game(game_id), pickle.loads(state), seat, names)))
    except TapeteError as err:
        return ("refused", error_json(err))
    except Exception:
        return ("error", traceback.format_exc(limit=8))


def think_forever(sock: socket.socket, replay_budget: int, niceness: int = NICENESS) -> None:
    """A thinking process's life: each message in turn, until told to stop or the server is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl+C reaches the server, which stops this process
    with contextlib.suppress(OSError):
        os.nice(niceness)
    thinker = Thinker(replay_budget)
    with sock, contextlib.suppress(ConnectionError):  # the server is gone: so is this process
        while (message := read_frame(sock)) is not None and message[0] != "stop":
            answer = thinker.handle(message)
            if answer is not None:
                send_frame(sock, answer)


def main(argv: list[str]) -> None:
    """`python -m tapete.server.table.thinker FD BUDGET [NICENESS]`: a thinking process on the socket
    `FD` (inherited from the server), keeping replays within `BUDGET` bytes."""
    think_forever(socket.socket(fileno=int(argv[0])), int(argv[1]), int(argv[2]) if len(argv) > 2 else NICENESS)


if __name__ == "__main__":
    main(sys.argv[1:])
