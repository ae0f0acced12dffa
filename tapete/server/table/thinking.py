"""Where search bots think and replays are computed: a few processes beside the server's, in turn.

`ThinkingPool` runs `processes` thinking processes (`thinker.py`: why processes, and what crosses
to them), by default one fewer than the machine's cores and at least one, and one more for
replays (a person waiting for a replay page never waits behind a bot's thought of seconds, nor a
bot behind replays), each started when first needed (`python -m tapete.server.table.thinker`: a
fresh interpreter that imports the games and the bots, not the web server, on a socket inherited
from the server's process). A table with search bots has its replica in one of them, the least
loaded when the table opened.

Each process does one thing at a time (a bot's decision, a replay step); what waits for it waits
here, in a fair queue (`FairQueue`): by address (the table creator's, or whoever asked for the
replay), then by table (or match), then in order. The next turn goes to the next address with
something waiting, and within it to its next table: a table's turn waits behind at most one turn
of each other table, however many tables an address has and however many turns each asks for.
Replays take the same turns in their own process: by the address that asks, then by match.

A search bot's turn has a budget: `wait_s` to start (beyond it, its turn leaves the queue), then
`max_s` to think (the thinking process is told, and the search stops itself by then). Past either,
it is answered `NO_ANSWER`, and the table plays the bot's fallback instead (the game's heuristic
bot, or its learned bot: `seatbot.fallback_kind`). A replay step has no budget but a ceiling on
how many wait (`tapete.server.http.replays`). A process that dies takes its replicas with it: its
tables' bots play their fallbacks from then on, and the next table opens in a new process.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import pickle
import socket
import subprocess
import sys
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tapete

from ..ops import logs
from .replayed import CompactRecord
from .thinker import FRAME, NICENESS, REPLAY_NICENESS, frame

NO_ANSWER: tuple[Any, ...] = ("no answer",)  # past its budget, or its process is gone
GONE: tuple[Any, ...] = ("error", "the thinking process is gone")


@dataclass(eq=False)
class Job:
    """One turn of a thinking process: a bot's decision or a replay step."""

    group: str  # whose: an address (or a table of unknown origin, alone)
    key: str  # which table or match
    message: Callable[[int], tuple[Any, ...]]  # what to send, given the job's number
    future: asyncio.Future[tuple[Any, ...]]
    asked: float = field(default_factory=time.monotonic)
    think_s: float | None = None  # how long it may think once started (a decision)
    wanted: Callable[[], bool] = lambda: True  # still worth starting (a decision of the table's current version)
    timer: asyncio.TimerHandle | None = None  # its wait's end, then its thought's
    watchdog: asyncio.TimerHandle | None = None  # once started: when its process counts as stuck

    def answer(self, answer: tuple[Any, ...]) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if not self.future.done():
            self.future.set_result(answer)


class FairQueue:
    """Jobs by group, then by key, then in order; `pop` takes turns among groups, then among keys."""

    def __init__(self) -> None:
        self.groups: OrderedDict[str, OrderedDict[str, deque[Job]]] = OrderedDict()
        self.size = 0

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Job]:
        return (job for keys in self.groups.values() for jobs in keys.values() for job in jobs)

    def push(self, job: Job) -> None:
        self.groups.setdefault(job.group, OrderedDict()).setdefault(job.key, deque()).append(job)
        self.size += 1

    def pop(self) -> Job | None:
        if not self.groups:
            return None
        group, keys = next(iter(self.groups.items()))
        key, jobs = next(iter(keys.items()))
        job = jobs.popleft()
        self.size -= 1
        keys.move_to_end(key)  # the group's next turn is its next key's
        if not jobs:
            del keys[key]
        self.groups.move_to_end(group)  # and the next turn is the next group's
        if not keys:
            del self.groups[group]
        return job

    def remove(self, job: Job) -> bool:
        keys = self.groups.get(job.group)
        if keys is None or job not in keys.get(job.key, ()):
            return False
        jobs = keys[job.key]
        jobs.remove(job)
        self.size -= 1
        if not jobs:
            del keys[job.key]
            if not keys:
                del self.groups[job.group]
        return True


class ThinkingProcess:
    """One thinking process as the server's loop sees it: a socket, its queue, the job it runs."""

    def __init__(self, name: str, replay_budget: int, stuck_s: float, niceness: int = NICENESS) -> None:
        self.name = name
        self.stuck_s = stuck_s  # a turn running this long is stuck: the process is ended
        self.sock, child = socket.socketpair()
        # a fresh interpreter running thinker.py, with this process's copy of tapete first on its path;
        # not multiprocessing's spawn, which runs the parent's main module again (`python -m tapete.server`)
        source = str(Path(tapete.__file__).resolve().parents[1])
        paths = os.pathsep.join(p for p in (source, os.environ.get("PYTHONPATH", "")) if p)
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tapete.server.table.thinker",
                str(child.fileno()),
                str(replay_budget),
                str(niceness),
            ],
            pass_fds=(child.fileno(),),
            env={**os.environ, "PYTHONPATH": paths},
            stdin=subprocess.DEVNULL,
        )
        child.close()
        self.sock.setblocking(False)
        self.loop = asyncio.get_running_loop()
        self.loop.add_reader(self.sock, self._readable)
        self.out = bytearray()
        self.into = bytearray()
        self.writing = False
        self.queue = FairQueue()
        self.running: Job | None = None
        self.jobs: dict[int, Job] = {}
        self.numbers = itertools.count(1)
        self.tables: set[str] = set()  # whose replicas live here
        self.dead = False
        self.started = time.monotonic()

    @property
    def load(self) -> int:
        return len(self.tables) + len(self.queue)

    # -- what goes -------------------------------------------------------------------------
    def send(self, message: tuple[Any, ...]) -> None:
        if self.dead:
            return
        self.out += frame(message)
        self._write()

    def _write(self) -> None:
        try:
            sent = self.sock.send(self.out) if self.out else 0
        except BlockingIOError:
            sent = 0
        except OSError:
            self._died()
            return
        del self.out[:sent]
        if self.out and not self.writing:
            self.writing = True
            self.loop.add_writer(self.sock, self._write)
        elif not self.out and self.writing:
            self.writing = False
            self.loop.remove_writer(self.sock)

    def submit(self, job: Job) -> None:
        if self.dead:
            job.answer(GONE)
            return
        self.queue.push(job)
        self._next()

    def withdraw(self, job: Job) -> None:
        """A job no one waits for any more: out of the queue (if it started, its answer is dropped)."""
        self.queue.remove(job)
        job.answer(NO_ANSWER)

    def _next(self) -> None:
        while self.running is None and not self.dead:
            job = self.queue.pop()
            if job is None:
                return
            if job.future.done() or not job.wanted():
                job.answer(("stale",))
                continue
            number = next(self.numbers)
            self.jobs[number] = self.running = job
            if job.think_s is not None:
                if job.timer is not None:
                    job.timer.cancel()  # its wait is over: it started
                job.timer = self.loop.call_later(job.think_s + OVERDUE_S, job.answer, NO_ANSWER)
            job.watchdog = self.loop.call_later(self.stuck_s, self._stuck, number)
            self.send(job.message(number))

    def _stuck(self, number: int) -> None:
        """A turn that never ends (a bot in a loop): the process is ended, and what waited for it
        is answered GONE; the next tables and replays go to a new one."""
        if self.running is not None and self.jobs.get(number) is self.running:
            logs.event("thinking process stuck", logging.ERROR, table=self.running.key, detail=self.name)
            self.process.kill()
            self._died()

    # -- what comes back ----------------------------------------------------------------------
    def _readable(self) -> None:
        try:
            data = self.sock.recv(1 << 20)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._died()
            return
        self.into += data
        while len(self.into) >= FRAME.size:
            size = FRAME.unpack_from(self.into)[0]
            if len(self.into) < FRAME.size + size:
                break
            message = pickle.loads(self.into[FRAME.size : FRAME.size + size])
            del self.into[: FRAME.size + size]
            self._answered(message)

    def _answered(self, message: tuple[Any, ...]) -> None:
        _, number, answer = message
        job = self.jobs.pop(number, None)
        if job is self.running:
            self.running = None
        if job is not None:
            if job.watchdog is not None:
                job.watchdog.cancel()
            if answer[0] == "error":
                logs.event("thinking failed", logging.WARNING, table=job.key, detail=str(answer[1])[-2000:])
            job.answer(answer)
        self._next()

    def _died(self, stopping: bool = False) -> None:
        """The process is gone (or told to stop): whatever waits for it is answered GONE."""
        if self.dead:
            return
        self.dead = True
        if not stopping:
            logs.event("thinking process gone", logging.ERROR, detail=self.name)
        with contextlib.suppress(Exception):
            self.loop.remove_reader(self.sock)
            self.loop.remove_writer(self.sock)
        if not stopping:
            self.sock.close()
        for job in [*self.queue, *self.jobs.values()]:
            job.answer(GONE)
        self.queue, self.jobs, self.running = FairQueue(), {}, None

    def stop(self) -> None:
        if not self.dead:
            self._died(stopping=True)
            with contextlib.suppress(Exception):
                self.sock.setblocking(True)
                self.sock.settimeout(1.0)
                self.sock.sendall(bytes(self.out) + frame(("stop",)))
        self.sock.close()
        try:
            self.process.wait(2.0)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(2.0)


OVERDUE_S = 0.5  # a thought's answer may take this much longer than its time to arrive
STUCK_S = 60.0  # a turn (a replay step included) running this long means the process is stuck
PROCESS_START_S = 30.0  # a new process may take this long to be ready (a hint waits for it besides its budget)


class ThinkingPool:
    """The thinking processes of one server process, and the tables and replays they serve."""

    def __init__(
        self, processes: int = 0, wait_s: float = 0.5, max_s: float = 5.0, replay_budget: int = 16 << 20
    ) -> None:
        self.size = processes if processes > 0 else max(1, (os.cpu_count() or 2) - 1)
        self.wait_s, self.max_s, self.replay_budget = wait_s, max_s, replay_budget
        self.processes: list[ThinkingProcess | None] = [None] * self.size
        # replays in a process of their own: a person waiting for a replay page never waits behind a
        # bot's thought (seconds), nor a bot behind replays
        self.replayer: ThinkingProcess | None = None
        self.decisions = self.fallbacks = self.replays = 0
        self.closed = False

    def _least_loaded(self) -> ThinkingProcess:
        """The live process with the least to do; a new one instead (while there is room for it) when
        every live one has something: processes start when first needed, again if one died."""
        live = [p for p in self.processes if p is not None and not p.dead]
        best = min(live, key=lambda p: p.load, default=None)
        if best is not None and best.load == 0:
            return best
        for index, found in enumerate(self.processes):
            if found is None or found.dead:
                best = self.processes[index] = ThinkingProcess(f"tapete-think-{index}", 0, max(STUCK_S, 4 * self.max_s))
                break
        assert best is not None  # a pool has at least one process
        return best

    # -- tables ----------------------------------------------------------------------------
    def open_table(
        self,
        table_id: str,
        group: Callable[[], str],
        game: str,
        seed: int,
        options: dict[str, Any],
        players: int,
        bots: list[tuple[int, str, int]],
    ) -> TableThoughts:
        """A table's replica in the least loaded process, its search bots (seat, kind, seed) in it."""
        process = self._least_loaded()
        process.tables.add(table_id)
        process.send(("open", table_id, game, seed, options, players, bots))
        return TableThoughts(self, process, table_id, group)

    # -- replays -----------------------------------------------------------------------------
    async def replay(
        self, match_id: str, group: str, record: CompactRecord, step: int | None, seat: int | None
    ) -> tuple[Any, ...]:
        """A replay step of a finished match (`step` None: its whole story as `seat` read it)."""
        process = self.replayer
        if process is None or process.dead:
            process = self.replayer = ThinkingProcess("tapete-replay", self.replay_budget, STUCK_S, REPLAY_NICENESS)
        future: asyncio.Future[tuple[Any, ...]] = asyncio.get_running_loop().create_future()
        job = Job(group, match_id, lambda n: ("replay", n, match_id, record, step, seat), future)
        process.submit(job)
        try:
            answer = await asyncio.shield(future)
        except asyncio.CancelledError:
            process.queue.remove(job)
            raise
        self.replays += 1
        return answer

    # -- hints at casual tables ------------------------------------------------------------------
    async def hint(
        self, table_id: str, group: str, game: str, state: bytes, seat: int, names: list[str]
    ) -> tuple[Any, ...]:
        """What the bot would play for `seat` in `state` (pickled at the table: a position, not a
        replica), computed in the replay process within a bot's thinking budget (`max_s` once
        started, `wait_s` plus that to start); NO_ANSWER past it."""
        process = self.replayer
        if process is None or process.dead:
            process = self.replayer = ThinkingProcess("tapete-replay", self.replay_budget, STUCK_S, REPLAY_NICENESS)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[tuple[Any, ...]] = loop.create_future()
        job = Job(group, table_id, lambda n: ("hint", n, game, state, seat, names), future, think_s=self.max_s)
        # a process that is still starting (importing tapete, loading models) is not the hint's fault
        starting = max(0.0, PROCESS_START_S - (time.monotonic() - process.started))
        job.timer = loop.call_later(self.wait_s + self.max_s + starting, job.answer, NO_ANSWER)
        process.submit(job)
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            process.withdraw(job)
            raise

    # -- what /api/stats shows ------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        live = [p for p in self.processes if p is not None and not p.dead]
        replaying = [p for p in (self.replayer,) if p is not None and not p.dead]
        return {
            "processes": len(live),
            "size": self.size,
            **_queues(live),
            "tables": sum(len(p.tables) for p in live),
            "decisions": self.decisions,
            "fallbacks": self.fallbacks,
            "replays": self.replays,
            "replaying": _queues(replaying),
        }

    def close(self) -> None:
        self.closed = True
        for process in [*self.processes, self.replayer]:
            if process is not None:
                process.stop()


def _queues(processes: list[ThinkingProcess]) -> dict[str, Any]:
    """What waits for these processes: how many turns, the longest waiting and running."""
    now = time.monotonic()
    waits = [now - job.asked for p in processes for job in p.queue]
    running = [now - p.running.asked for p in processes if p.running is not None]
    return {
        "queued": len(waits),
        "oldest_wait_ms": round(max(waits) * 1000, 1) if waits else 0.0,
        "oldest_running_ms": round(max(running) * 1000, 1) if running else 0.0,
        "queues": [len(p.queue) for p in processes],
    }


class TableThoughts:
    """A table's replica in its thinking process: the actions it is told, the decisions asked."""

    def __init__(self, pool: ThinkingPool, process: ThinkingProcess, table_id: str, group: Callable[[], str]) -> None:
        self.pool, self.process, self.table_id, self.group = pool, process, table_id, group
        self.closed = False

    def acts(self, played: list[tuple[int, int]]) -> None:
        """Actions applied at the table, in order (all of a restored record at once)."""
        if played and not self.closed:
            self.process.send(("acts", self.table_id, played))

    async def decide(self, seat: int, version: int, current: Callable[[], int]) -> tuple[Any, ...]:
        """The seat's bot's answer on `version`, or NO_ANSWER (past its budget: play its fallback)."""
        pool = self.pool
        pool.decisions += 1
        if self.closed or self.process.dead:
            pool.fallbacks += 1
            return NO_ANSWER
        loop = asyncio.get_running_loop()
        future: asyncio.Future[tuple[Any, ...]] = loop.create_future()
        job = Job(
            self.group(),
            self.table_id,
            lambda n: ("decide", n, self.table_id, seat, version, pool.max_s),
            future,
            think_s=pool.max_s,
            wanted=lambda: current() == version,
        )
        job.timer = loop.call_later(pool.wait_s, self._expired, job)
        self.process.submit(job)
        try:
            answer = await asyncio.shield(future)
        except asyncio.CancelledError:
            self.process.withdraw(job)
            raise
        if answer in (NO_ANSWER, GONE):
            pool.fallbacks += 1
        return answer

    def _expired(self, job: Job) -> None:
        """Still waiting for its turn past its budget: it leaves the queue, its fallback plays."""
        if self.process.queue.remove(job):
            job.answer(NO_ANSWER)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for job in [j for j in self.process.queue if j.key == self.table_id]:
            self.process.withdraw(job)
        self.process.tables.discard(self.table_id)
        self.process.send(("close", self.table_id))
