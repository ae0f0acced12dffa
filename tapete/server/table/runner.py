"""The table runner: the asyncio shell around one table's core.

Everything that may change a table (actions from sockets, bot moves, clock
ticks, joins, leaves, sockets coming and going) is an item in the
runner's queue (`inbox.py`), handled one at a time, so the order of the queue is the
order of the table: two mirror claims race by arrival, nothing else decides.

The runner only persists, broadcasts and schedules: the table's rules
(races, windows, clocks, stand-ins, round-result pauses) are the core's
(`tapete.engine.turns`), who sits where the seat registry's (`seats.py`),
what a socket is told the presenter's (`presenter.py`); the store and the
sockets (`Connection`) are passed in. An accepted action is written to the
match record, then applied, then told (docs/design-notes.md draws it).

What the runner holds besides gets what it needs and no more: the record
writer (`record.py`) the store and the table's id, the seating (`seating.py`)
the seat registry, the store and the presenter, the rematch (`rematch.py`)
the seat registry, the store and a callback; the table's status and version
come with each call. What every runner of a process shares (store, settings,
counters, pacer) is one `TableContext`, given by the table registry.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from tapete.engine import Event, Game, State, TapeteError
from tapete.engine.turns import Applied, Held, Ready, Rejected, Release, TableCore, Timeout, Timing, superseded, voided

from ..errors import error
from ..ops import logs
from ..ops.stats import Stats
from ..people.ratings import settle_ratings
from ..settings import ServerSettings, TableOptions
from . import inbox
from .alarm import Alarm
from .chat import TableChat
from .clock import ServerClock
from .connection import Connection
from .hints import TableHints
from .inbox import Attach, BotMove, Detach, Dismiss, Join, Leave, QueueItem, Sender, Start, Submit, Sync, Wake
from .pace import OnDue, TurnBased
from .pacer import BotPacer
from .presenter import Moment, Presenter
from .record import TableRecord
from .rematch import TableRematch
from .seatbot import BotDesk, SeatBot
from .seating import TableSeating
from .seats import SeatInfo, SeatRegistry, restart_grace
from .stale import StaleHistory
from .standins import StandinMoves
from .thinking import ThinkingPool

ENDED = ("finished", "abandoned")  # a match played to its end, or one nobody was at any more

if TYPE_CHECKING:
    from ..storage.store import Store


class RunnerStopped(Exception):
    """The runner left memory; ask the table registry again."""


@dataclass(frozen=True)
class TableContext:
    """What the table registry gives every runner of its process: the store, the settings, the
    counters, the pacer of the bots' moves, whom to tell when a runner leaves memory, the thinking
    processes of the search bots and whose turn a table's decisions take there (`group_of`)."""

    store: Store
    settings: ServerSettings
    stats: Stats = field(default_factory=Stats)
    pacer: BotPacer | None = None
    on_stop: Callable[[TableRunner], None] | None = None
    thinking: ThinkingPool | None = None
    group_of: Callable[[str], str] = lambda table_id: table_id
    clock: ServerClock = field(default_factory=ServerClock)  # what every table reads the time from
    on_due: OnDue | None = None  # a turn-based table's next clock changed (`pace.DueSweep.store_due`)


class TableRunner:
    def __init__(
        self,
        context: TableContext,
        *,
        table_id: str,
        game: Game,
        seed: int,
        options: Mapping[str, Any],
        table_options: TableOptions,
        seats: list[SeatInfo],
        status: str,
        invite_code: str,
        public: bool,
        chat: TableChat | None = None,
    ) -> None:
        self.id = table_id
        self.game = game
        self.seed = seed
        self.options = dict(options)
        self.table_options = table_options
        self.registry = SeatRegistry(seats, context.settings)
        self.seats = self.registry.seats
        self.spectators = self.registry.spectators
        self.status = status
        self.invite_code = invite_code
        self.public = public
        self.store, self.settings, self.stats = context.store, context.settings, context.stats
        self.clock = context.clock
        self.pacer, self.on_stop = context.pacer, context.on_stop
        self.presenter = Presenter(game, table_id)
        self._arrived: float | None = None  # of the socket action being handled
        self._offered: float | None = None  # when the action being handled reached this table (perf_counter)
        self.stale = StaleHistory()  # to tell a fair race from the server's own latency
        # The record itself lives only in the store: a long match's actions held here too cost
        # ~110 bytes each, and a server's memory grew with the length of its matches.
        results = game.round_result_events
        self.core = TableCore(
            game.new_match(len(seats), seed, self.options),
            Timing.from_options(table_options),
            now=self.clock.monotonic(),
            round_over=lambda events: any(e.kind in results for e in events),
        )
        self.turn_based = TurnBased.of(self, context.on_due) if table_options.turn_based else None  # (pace.py)
        stand_in = table_options.stand_in
        # Bots draw from generators seeded apart from the deal: a bot's choices are public, and
        # from enough of a Mersenne Twister's output its seed (and so the deal's) could be rebuilt.
        self.bots = [
            SeatBot(
                s.level if s.kind == "bot" and s.level else stand_in,
                game,
                secrets.randbits(64),
                s.index,
                len(seats),
                self.state.options,
            )
            for s in seats
        ]
        searching = [(bot.seat, bot.kind, bot.seed) for bot in self.bots if bot.searches]
        thoughts = None
        if searching and context.thinking is not None and status not in ENDED:  # the replica of its search bots
            thoughts = context.thinking.open_table(
                table_id, partial(context.group_of, table_id), game.id, seed, self.options, len(seats), searching
            )
        self.desk = BotDesk(self.bots, table_options.bot_delay_ms / 1000, self._post_bot, table_id, thoughts)
        self.queue: asyncio.Queue[QueueItem] = asyncio.Queue()
        self.stopped = False
        self._task: asyncio.Task[None] | None = None
        self.alarm = Alarm(self._wake, self.clock.monotonic)
        self._idle_since: float | None = None
        self._seats_told: list[dict[str, Any]] = []
        self._seats_key: tuple[Any, ...] | None = None  # what _seats_made shows (`Presenter.seats_key`)
        self._seats_made: list[dict[str, Any]] = []
        self._restored = False  # rebuilt from a record (after a restart, or taken over)
        self.chat = chat or TableChat(table_id, table_id, (), self.store)  # neither touches the game (no version)
        self.rematch = TableRematch(table_id, self.registry, self.store, self.tell_states)
        self.seating = TableSeating(
            table_id,
            self.registry,
            self.store,
            self.presenter,  # sockets, seats taken, left
            table_options.rated,
            self.clock.monotonic,
        )
        # the actions stored before they are applied
        self.record = TableRecord(
            self.store, table_id, partial(game.new_match, len(seats), seed, self.options), self.clock.time
        )
        self.standins = StandinMoves()  # the moves stand-ins made for people, told when they come back
        self.hints = TableHints(table_id, game.id, table_options, context.thinking, partial(context.group_of, table_id))

    @property
    def state(self) -> State:
        return self.core.state

    @property
    def version(self) -> int:
        return self.core.version

    # -- building ----------------------------------------------------------
    def replay(
        self,
        actions: list[tuple[int, int]],
        times: list[float] | None = None,
        by_standin: Mapping[int, str] | None = None,
        started_at: float | None = None,
    ) -> None:
        """Rebuild the state from its record, bots hearing what they heard (`by_standin`: the
        moves stand-ins made for people, told so again). With the actions' times and the match's
        start (wall clock), turn clocks resume with the time they had left, the first decision's
        as much as the others'."""
        self._restored = True
        core, made = self.core, by_standin or {}
        self.standins.replayed(actions, made, self.registry.humans())
        began = started_at if started_at is not None else times[0] if times else None
        if began is None or (actions and not times) or self.status != "playing" or core.timing.turn <= 0:
            for version, (seat, action) in enumerate(actions, 1):
                self._replayed(version, seat, made, self.state.apply(seat, action))
            core.version = len(actions)
        else:
            core.clocked = self.registry.humans()
            core.track(began)
            for (seat, action), at in zip(actions, times or [], strict=True):
                self._replayed(core.version + 1, seat, made, core.apply(seat, action, at).events)
            core.rebase(self.clock.monotonic() - self.clock.time())
        self.desk.caught_up(actions)

    def _replayed(self, version: int, seat: int, made: Mapping[int, str], events: list[Event]) -> None:
        """A replayed action's events: the bots hear them, the kept log holds them again
        (so a reload after a restart still shows the whole story, stand-ins' moves as theirs)."""
        self.desk.observe(events)
        marks = self.standins.trail.step(seat, made.get(version - 1))
        self.presenter.log.extend(version, self.game.made_for(events, marks))
        self.presenter.rounds.saw(self.state, events)

    def start(self) -> None:
        now = self.clock.monotonic()
        self.registry.all_gone(now, restarted=self._restored)
        if self.status == "playing":
            self._start_clocks()
            if self._restored and self.turn_based is None:  # no clock runs out before people can be back
                self.core.no_timeout_before(now + restart_grace(self.registry.grace))
        self._task = asyncio.create_task(self._loop(), name=f"table-{self.id}")
        self._refresh()

    def _start_clocks(self) -> None:
        self.core.clocked = self.registry.humans()
        self.core.present = self.registry.present(self.clock.monotonic())
        self.core.track(self.clock.monotonic())

    async def stop(self) -> None:
        if self.stopped and "alarm" not in self.__dict__:
            return  # left memory already
        self.stopped = True
        self.alarm.cancel()
        self.desk.close()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        self._let_go()

    def _let_go(self) -> None:
        """Leaving memory: drop the helpers that call back into the runner, so that reference counting
        frees the table at once (a full collection found it: a stall of most of a second at 800 tables)."""
        self.desk.close()
        for helper in ("rematch", "alarm", "desk"):
            self.__dict__.pop(helper, None)

    # -- entry points (called from the lobby and sockets) --------------------
    def post(self, item: QueueItem) -> None:
        if self.stopped:
            raise RunnerStopped(self.id)
        self.queue.put_nowait(item)

    async def attach(self, conn: Connection, token: str | None) -> int | None:
        done: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
        self.post(Attach(conn, token, done))
        return await done

    async def join(self, seat: int | None, name: str | None, player_id: str | None = None) -> tuple[int, str]:
        done: asyncio.Future[tuple[int, str]] = asyncio.get_running_loop().create_future()
        self.post(Join(seat, name, done, player_id))
        return await done

    async def leave(self, token: str) -> int:
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.post(Leave(token, done))
        return await done

    async def start_bots_only(self) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.post(Start(done))
        await done

    # -- the loop ------------------------------------------------------------
    async def _loop(self) -> None:
        while True:
            item = await self.queue.get()
            try:
                await self._handle(item)
                if (at := self._abandon_at()) is not None and at <= self.clock.monotonic():
                    await self._abandon()
            except Exception:
                logs.log.exception("runner failed on a queue item", extra={"table": self.id})
                done = getattr(item, "done", None)
                if isinstance(done, asyncio.Future) and not done.done():
                    done.set_exception(error("internal_error"))
            if self._evictable():
                self.stopped = True
                self.alarm.cancel()
                if self.on_stop is not None:
                    self.on_stop(self)
                logs.event("table left memory", table=self.id, status=self.status)
                self._let_go()
                return
            self._refresh()

    async def _handle(self, item: QueueItem) -> None:
        match item:
            case Submit():
                await self._on_submit(item)
            case BotMove():
                await self._on_bot_move(item)
            case Attach():
                await self._attach(item)
            case Detach():
                self.seating.detach(item, self.version)
            case Sync():
                item.conn.send(self.state_message(item.conn, []))
            case Dismiss():
                if item.conn.seat is not None and self.core.paused(self.clock.monotonic()):
                    self.core.dismiss(item.conn.seat)
                    if not self.core.paused(self.clock.monotonic()):
                        self._broadcast([])  # everyone has read it: the table goes on
            case Join():
                joined = await self.seating.join(item, self.status, self.version)
                if joined and self.status == "waiting" and not self.registry.free_seats():
                    await self.begin()
            case Leave():
                if await self.seating.leave(item, self.status, self.version):
                    await self.rematch.seat_left(self.status)  # leaving a finished match declines its rematch
            case Wake():
                await self._on_wake()
            case Start():
                if self.status == "waiting" and not any(s.human for s in self.seats):
                    await self.begin()
                item.done.set_result(None)
            case inbox.Chat():
                self.chat.say(item.conn, item.text, item.phrase, self.registry, self.table_options.spectator_chat)
            case inbox.Rematch():
                await self.rematch.answer(item.conn, item.accept, self.status)
            case inbox.Hint():
                self.hints.ask(item.conn, self.status == "playing", self.state, self.version, self.seats_json())

    async def _attach(self, msg: Attach) -> None:
        """A socket attached is told the table as it stands; a reload of a finished match is sent on
        to the next one."""
        if not self.seating.attach(msg):
            return
        conn = msg.conn
        message = self.state_message(conn, [])
        if (away := self.standins.tell(conn.seat, conn.lang)) is not None:
            message["while_away"] = away  # what the stand-in did meanwhile
        conn.send(message)
        logs.event("socket attached", table=self.id, seat=conn.seat, version=self.version)
        await self.rematch.attached(conn, self.status)

    # -- actions ---------------------------------------------------------------
    async def _on_submit(self, msg: Submit) -> None:
        conn, seat = msg.conn, msg.conn.seat
        try:
            if seat is None or (msg.seat is not None and msg.seat != seat):
                raise error("wrong_seat")
            action = self._parse_action(msg.payload)
            self._arrived = self._offered = msg.arrived
            await self._offer(seat, action, Sender(msg.version, conn, msg.seq, "human", msg.arrived))
        except TapeteError as err:
            self._refuse(conn, msg.seq, err, msg.version, msg.arrived)
            logs.event(
                "action rejected",
                logging.DEBUG,
                table=self.id,
                seat=seat,
                version=self.version,
                source="human",
                code=err.code,
            )
        finally:
            self._arrived = self._offered = None

    def _refuse(self, conn: Connection, seq: int | None, err: TapeteError, version: int, arrived: float | None) -> None:
        """Answer a person's refused action; a stale one says why (and is counted)."""
        if err.code != "stale":
            conn.send_error(err, seq)
            return
        reason = self.stale.reason(version, arrived)
        self.stats.refused_stale(reason)
        conn.send({"type": "error", "seq": seq, **err.to_json(), "stale": reason})

    def _parse_action(self, payload: dict[str, Any]) -> int:
        if self.status == "waiting":
            raise error("not_started")
        if "index" in payload:
            index = payload["index"]
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.state.num_actions():
                raise error("action_index_outside", last=self.state.num_actions() - 1)
            return index
        return self.state.action_from_json(payload["action"])

    async def _on_bot_move(self, msg: BotMove) -> None:
        if msg.version != self.version or not self._bot_controls(msg.seat):
            return  # the bot thinks again on the new state, or its seat's owner is back
        try:
            self._offered = msg.posted
            await self._offer(msg.seat, msg.action, Sender(msg.version, None, None, "bot", msg.posted))
        except TapeteError as err:
            if err.code != "stale":  # a stale bot thinks again on the new state
                logs.event(
                    "bot action rejected",
                    logging.WARNING,
                    table=self.id,
                    seat=msg.seat,
                    version=self.version,
                    source="bot",
                    code=err.code,
                )
        finally:
            self._offered = None

    async def _offer(self, seat: int, action: int, sender: Sender) -> None:
        """Ask the core: apply the action, hold it (the window, a round result), or refuse it."""
        if self.status == "waiting":
            raise error("not_started")
        if self.status == "abandoned":
            raise error("match_abandoned")
        verdict = self.core.judge(seat, action, self.clock.monotonic(), sender.version)
        if self._arrived is not None:
            self.stats.stage("wait", time.perf_counter() - self._arrived)
        if isinstance(verdict, Rejected):
            raise verdict.error
        if isinstance(verdict, Held):
            earlier = self.core.hold(verdict, sender).superseded
            if isinstance(earlier, Sender) and earlier.conn is not None:
                earlier.conn.send_error(superseded(), earlier.seq)
                self.stats.refused_stale("superseded")
            return
        assert isinstance(verdict, Ready)
        await self._apply(seat, action, sender)

    async def _apply(self, seat: int, action: int, sender: Sender) -> None:
        reached = time.perf_counter() if self._offered is None else self._offered
        queued = time.perf_counter()
        # who made it for a person (fair play counts each person's own decisions): their stand-in, away
        # or at their clock's end; a person's own move, and a bot seat's, is the seat's own
        away = self.turn_based.away(seat) if self.turn_based else self.registry.gone(seat, self.clock.monotonic())
        by = self.standins.made_by(self.seats[seat].human, sender.source, away)
        earlier = await self.record.append(self.version, seat, action, by)
        if earlier is not None:  # the record holds another action here (a write whose answer was lost)
            caught_up = self.core.apply(*earlier, self.clock.monotonic(), person=self.seats[earlier[0]].human)
            await self._after_change(caught_up, "record")
            raise error("storage_failed")
        try:
            applied = self.core.apply(seat, action, self.clock.monotonic(), person=sender.source == "human")
        except Exception:
            logs.log.exception("the game failed on a legal action", extra={"table": self.id, "seat": seat})
            self.core.state = await self.record.rebuild(self.version)
            raise error("internal_error") from None
        if marks := self.standins.moved(seat, by, sender.source == "human"):  # never told as a person's
            applied = replace(applied, events=self.game.made_for(applied.events, marks))
        committed = time.perf_counter()
        self.stats.stage("write", committed - queued)
        self.stale.reached(self.version, reached)
        conn = sender.conn
        if conn is not None:
            conn.credit()  # an action taken is not counted toward its socket's message rate
        if conn is not None and conn.accepted_in_state:
            conn.accepted_seq = (sender.seq,)  # told in the state the broadcast sends it
        elif conn is not None:
            conn.send(self.presenter.accepted(sender.seq, self.version))
        try:
            await self._after_change(applied, sender.source)
        finally:
            if conn is not None and conn.accepted_seq is not None:  # no state was sent to it: alone, then
                conn.accepted_seq = None
                conn.send(self.presenter.accepted(sender.seq, self.version))
        self.stats.stage("publish", time.perf_counter() - committed)

    async def _after_change(self, applied: Applied, source: str) -> None:
        for sender in applied.voided:
            if isinstance(sender, Sender) and sender.conn is not None:
                sender.conn.send_error(voided(), sender.seq)
                self.stats.refused_stale("window")
        if self.state.is_terminal():
            await self._finish()
        self._broadcast(applied.events)
        self.stats.applied(self._arrived)
        self._arrived = None
        self.desk.applied(applied.seat, applied.action, applied.events)
        if logs.log.isEnabledFor(logging.INFO):
            public_kinds = [e.kind for e in applied.events if e.audience is None]
            logs.event(
                "action applied",
                table=self.id,
                seat=applied.seat,
                version=self.version,
                source=source,
                events=public_kinds,
            )

    async def _finish(self) -> None:
        self.status = "finished"
        self.desk.close()
        outcome = self.state.outcome().to_json()
        await self.store.set_status(self.id, "finished", finished_at=self.clock.time(), outcome=outcome)
        logs.event("match finished", table=self.id, version=self.version, status="finished")
        settle_ratings(self.store, self.id, self.game, self.settings.rated_min_share)

    def _abandon_at(self) -> float | None:
        """When a match nobody is at ends (every person left: now), or None (`SeatRegistry.nobody_since`;
        never at a turn-based table: people away are the rule there)."""
        since = self.registry.nobody_since() if self.status == "playing" and self.turn_based is None else None
        return None if since is None else since + self.settings.abandoned_after

    async def _abandon(self) -> None:
        """Nobody came back: the match ends unplayed (no outcome, no ratings) and leaves the lists."""
        self.status = "abandoned"
        self.desk.close()
        await self.store.set_status(self.id, "abandoned", finished_at=self.clock.time())
        logs.event("match abandoned", table=self.id, version=self.version, status="abandoned")
        self._broadcast([])

    # -- bots --------------------------------------------------------------------
    def _bot_controls(self, seat: int) -> bool:
        """Its bot decides: a clock ran out, a bot's seat, a person away (live) or who left (turn-based)."""
        if self.core.stand_in_plays(seat):
            return True
        return self.turn_based.unheld(seat) if self.turn_based else self.registry.gone(seat, self.clock.monotonic())

    def _schedule_bots(self) -> None:
        playing = self.status == "playing" and not self.state.is_terminal()
        seats = [s for s in self.state.actors() if s not in self.core.held] if playing else []
        self.desk.schedule(self.state, self.version, self._bot_controls, seats, lambda: self.version)

    def _post_bot(self, seat: int, action: int, version: int) -> None:
        """A bot's move joins the queue, through the pacer when there is one (people first)."""
        move = BotMove(seat, action, version)

        def post() -> None:
            if not self.stopped:
                move.posted = time.perf_counter()
                self.queue.put_nowait(move)

        if self.pacer is None:
            post()
        else:
            self.pacer.submit(post)

    # -- clocks and timers ---------------------------------------------------------
    async def _on_wake(self) -> None:
        if self.status != "playing":
            return
        for due in self.core.due(self.clock.monotonic()):
            if isinstance(due, Release):
                sender = due.tag if isinstance(due.tag, Sender) else Sender(self.version, None, None, "bot")
                try:
                    self._offered = sender.arrived or time.perf_counter()  # a held action reached the table then
                    await self._offer(due.seat, due.action, sender)
                except TapeteError as err:
                    if sender.conn is not None:
                        self._refuse(sender.conn, sender.seq, err, sender.version, sender.arrived)
                finally:
                    self._offered = None
            elif isinstance(due, Timeout):
                logs.event(
                    "turn clock ran out",
                    table=self.id,
                    seat=due.seat,
                    version=self.version,
                    detail="for good" if due.for_good else "one decision",
                )

    def _next_deadline(self) -> float | None:
        now = self.clock.monotonic()
        times: list[float] = []
        if self.status == "playing":
            core_next = self.core.next_deadline(now, clocks=self.turn_based is None)
            if core_next is not None:
                times.append(core_next)
            times += self.registry.grace_deadlines(now) if self.turn_based is None else []
            if (abandon := self._abandon_at()) is not None:
                times.append(max(abandon, now))
        if self.status in ENDED and self._idle_since is not None:
            times.append(self._idle_since + self.settings.finished_ttl)
        return min(times) if times else None

    def _refresh(self) -> None:
        """After every message: bots to think, the next timer to arm, idleness."""
        if self.stopped:
            return
        self.core.present = self.registry.present(self.clock.monotonic())
        self._schedule_bots()
        if (seats := self.seats_json()) is not self._seats_told and seats != self._seats_told:
            self._broadcast([])  # someone came, went, or a stand-in took over
        if not (self.status in ENDED and self.registry.idle()):
            self._idle_since = None
        elif self._idle_since is None:
            self._idle_since = self.clock.monotonic()
        self.alarm.set(self._next_deadline())
        if self.turn_based is not None:
            self.turn_based.tell(self.status == "playing")

    def _wake(self) -> None:
        if not self.stopped:
            self.queue.put_nowait(Wake())

    def _evictable(self) -> bool:
        return (
            self._idle_since is not None
            and self.clock.monotonic() >= self._idle_since + self.settings.finished_ttl
            and self.queue.empty()
        )

    # -- starting ---------------------------------------------------------------------
    async def begin(self) -> None:
        """Start the match (every human seat is taken, or there is none)."""
        self.status = "playing"
        await self.store.set_status(self.id, "playing", started_at=self.clock.time())
        self._start_clocks()
        logs.event("match started", table=self.id, status="playing")

    # -- what each socket is told (built by the presenter) ----------------------------------
    def seats_json(self) -> list[dict[str, Any]]:
        """The seats as shown, made again only when what they show changed (read it, don't change it)."""
        playing = self.status == "playing"
        stand_in = [playing and info.human and self._bot_controls(info.index) for info in self.seats].__getitem__
        key = self.presenter.seats_key(self.seats, stand_in)
        if key != self._seats_key:
            self._seats_key, self._seats_made = key, self.presenter.seats(self.seats, stand_in)
        return self._seats_made

    def _moment(self, seats: list[dict[str, Any]] | None = None) -> Moment:
        return Moment.of(
            self.status,
            self.core,
            self.clock.monotonic(),
            self.seats_json() if seats is None else seats,
            self.rematch.json(self.status),
            self.rematch.next_match,
        )

    def state_message(self, conn: Connection, events: list[Event]) -> dict[str, Any]:
        conn.told_legal = conn.told_seats = None  # (the next broadcast carries both again)
        return self.presenter.state(
            self.state, self._moment(), conn.seat, conn.lang, conn.texts, events, chat=self.chat.history(conn.lang)
        )

    def tell_states(self) -> None:  # something the states show changed, not the game
        self._broadcast([])

    def _broadcast(self, events: list[Event]) -> None:
        self.stale.told(self.version)
        self._seats_told = self.seats_json()
        self.presenter.broadcast(self.registry.connections(), self.state, self._moment(self._seats_told), events)

    # -- public facts for the lobby ----------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        return self.presenter.summary(
            self._moment(),
            self.state.options,
            self.table_options,
            self.invite_code if self.public else None,
            self.public,
        )
