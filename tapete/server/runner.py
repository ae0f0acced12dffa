"""The table runner: one asyncio task that owns a table's state.

Everything that may change a table (actions from sockets, bot moves, clock
ticks, joins, leaves, sockets coming and going) is a message in the runner's
queue, handled one at a time, so the order of the queue is the order of the
table: two mirror claims race by arrival, nothing else decides.

An accepted action is written to the match record, then applied, then told:
an acceptance to its sender and, to every socket, its seat's new view and
the events that seat may see.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tapete.engine import (
    BadAction,
    Decision,
    Event,
    Game,
    IllegalAction,
    MatchOver,
    NotYourTurn,
    State,
    TapeteError,
    options_to_json,
)

from . import logs
from .connection import CLOSE_BAD_TOKEN, CLOSE_LEFT, Connection, dumps
from .errors import (
    NoFreeSeat,
    NotStarted,
    Stale,
    StorageFailed,
    Superseded,
    TooManySockets,
    WrongSeat,
    bad_token,
    internal_error,
)
from .pacer import BotPacer
from .seatbot import SeatBot
from .settings import ServerSettings, TableOptions
from .stats import Stats

if TYPE_CHECKING:
    from .store import Store

# How many past actions a client's version may lag behind in a simultaneous choice.
HISTORY = 64
# Longest a bot's simulated reaction time counts for (in units of bot_delay).
MAX_BOT_DELAY_FACTOR = 4.0


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class SeatInfo:
    index: int
    kind: str  # "human" | "bot"
    level: str | None
    name: str | None = None
    token_hash: str | None = None
    conns: set[Connection] = field(default_factory=set)
    # monotonic time since which an owned human seat has had no socket
    gone_since: float | None = None

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @property
    def free(self) -> bool:
        return self.human and self.token_hash is None


# -- messages in a runner's queue ------------------------------------------
@dataclass
class Submit:
    conn: Connection
    seq: int
    version: int
    payload: dict[str, Any]
    seat: int | None  # the seat the client says it acts for, if it says
    arrived: float | None = None  # perf_counter when the socket read it


@dataclass
class BotMove:
    seat: int
    action: int
    version: int


@dataclass
class Attach:
    conn: Connection
    token: str | None
    done: asyncio.Future[int | None]


@dataclass
class Detach:
    conn: Connection


@dataclass
class Sync:
    conn: Connection


@dataclass
class Join:
    seat: int | None
    name: str | None
    done: asyncio.Future[tuple[int, str]]


@dataclass
class Leave:
    token: str
    done: asyncio.Future[int]


@dataclass
class Wake:
    pass


@dataclass
class Start:
    """Start a table without human seats."""

    done: asyncio.Future[None]


Message = Submit | BotMove | Attach | Detach | Sync | Join | Leave | Wake | Start


@dataclass
class Held:
    """A required seat's action waiting for the reaction window to close."""

    action: int
    version: int
    conn: Connection | None
    seq: int | None
    source: str


class RunnerStopped(Exception):
    """The runner left memory; ask the table registry again."""


class TableRunner:
    def __init__(
        self,
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
        store: Store,
        settings: ServerSettings,
        on_stop: Callable[[TableRunner], None] | None = None,
        stats: Stats | None = None,
        pacer: BotPacer | None = None,
    ) -> None:
        self.id = table_id
        self.game = game
        self.seed = seed
        self.options = dict(options)
        self.table_options = table_options
        self.seats = seats
        self.status = status
        self.invite_code = invite_code
        self.public = public
        self.store = store
        self.settings = settings
        self.on_stop = on_stop
        self.stats = stats or Stats()
        self.pacer = pacer
        self._arrived: float | None = None  # of the socket action being handled
        self.state: State = game.new_match(len(seats), seed, self.options)
        # The record itself lives only in the store: a long match's actions held here too cost
        # ~110 bytes each, and a server's memory grew with the length of its matches.
        self.version = 0
        self.spectators: set[Connection] = set()
        stand_in = table_options.stand_in
        self.bots = [
            SeatBot(s.level if s.kind == "bot" and s.level else stand_in, game, seed * 7919 + s.index, s.index,
                    len(seats), self.state.options)
            for s in seats
        ]
        self.queue: asyncio.Queue[Message] = asyncio.Queue()
        self.stopped = False
        self._task: asyncio.Task[None] | None = None
        # (acting seat, the required seats if several were required) per recent version
        self._history: deque[tuple[int, frozenset[int]]] = deque(maxlen=HISTORY)
        self._held: dict[int, Held] = {}
        self._window_until: float | None = None
        self._required_since: dict[int, float] = {}
        self._clock_out: set[int] = set()
        self._thinking: dict[int, tuple[int, asyncio.Task[None] | None]] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._deadline: float | None = None  # when the armed timer fires
        self._idle_since: float | None = None
        self._seats_told: list[dict[str, Any]] = []
        self._action_forms: dict[int, dict[str, Any]] = {}

    # -- building ----------------------------------------------------------
    def replay(self, actions: list[tuple[int, int]]) -> None:
        """Rebuild the state from its record, bots hearing what they heard."""
        for seat, action in actions:
            events = self.state.apply(seat, action)
            self._tell_bots(events)
        self.version = len(actions)

    def start(self) -> None:
        now = time.monotonic()
        for s in self.seats:
            if s.human and s.token_hash is not None:
                s.gone_since = now
        if self.status == "playing":
            self._track_turns()
        self._task = asyncio.create_task(self._loop(), name=f"table-{self.id}")
        self._refresh()

    async def stop(self) -> None:
        self.stopped = True
        self._cancel_timer()
        for _, task in self._thinking.values():
            if task is not None:
                task.cancel()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    # -- entry points (called from the lobby and sockets) --------------------
    def post(self, message: Message) -> None:
        if self.stopped:
            raise RunnerStopped(self.id)
        self.queue.put_nowait(message)

    async def attach(self, conn: Connection, token: str | None) -> int | None:
        done: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
        self.post(Attach(conn, token, done))
        return await done

    async def join(self, seat: int | None, name: str | None) -> tuple[int, str]:
        done: asyncio.Future[tuple[int, str]] = asyncio.get_running_loop().create_future()
        self.post(Join(seat, name, done))
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
            message = await self.queue.get()
            try:
                await self._handle(message)
            except Exception:
                logs.log.exception("runner failed on a message", extra={"table": self.id})
                done = getattr(message, "done", None)
                if isinstance(done, asyncio.Future) and not done.done():
                    done.set_exception(internal_error())
            if self._evictable():
                self.stopped = True
                self._cancel_timer()
                if self.on_stop is not None:
                    self.on_stop(self)
                logs.event("table left memory", table=self.id, status=self.status)
                return
            self._refresh()

    async def _handle(self, message: Message) -> None:
        match message:
            case Submit():
                await self._on_submit(message)
            case BotMove():
                await self._on_bot_move(message)
            case Attach():
                self._on_attach(message)
            case Detach():
                self._on_detach(message)
            case Sync():
                message.conn.send(self._state_message(message.conn, []))
            case Join():
                await self._on_join(message)
            case Leave():
                await self._on_leave(message)
            case Wake():
                await self._on_wake()
            case Start():
                if self.status == "waiting" and not any(s.human for s in self.seats):
                    await self.begin()
                message.done.set_result(None)

    # -- actions ---------------------------------------------------------------
    async def _on_submit(self, msg: Submit) -> None:
        conn, seat = msg.conn, msg.conn.seat
        try:
            if seat is None or (msg.seat is not None and msg.seat != seat):
                raise WrongSeat(
                    "Esta conexión no puede actuar por ese asiento.",
                    "This connection may not act for that seat.",
                    rule="seat-token",
                )
            action = self._parse_action(msg.payload)
            self._arrived = msg.arrived
            await self._offer(seat, action, msg.version, conn, msg.seq, "human")
        except TapeteError as err:
            conn.send_error(err, msg.seq)
            logs.event("action rejected", logging.DEBUG, table=self.id, seat=seat, version=self.version,
                       source="human", code=err.code)
        finally:
            self._arrived = None

    def _parse_action(self, payload: dict[str, Any]) -> int:
        if self.status == "waiting":
            raise self._not_started()
        if "index" in payload:
            index = payload["index"]
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.state.num_actions():
                raise BadAction(
                    f"Índice de acción fuera del espacio de acciones (0..{self.state.num_actions() - 1}).",
                    f"Action index outside the action space (0..{self.state.num_actions() - 1}).",
                    rule="action-space",
                )
            return index
        return self.state.action_from_json(payload["action"])

    async def _on_bot_move(self, msg: BotMove) -> None:
        if msg.version != self.version or not self._bot_controls(msg.seat):
            return  # the bot thinks again on the new state, or its seat's owner is back
        try:
            await self._offer(msg.seat, msg.action, msg.version, None, None, "bot")
        except Stale:
            return  # the bot thinks again on the new state
        except TapeteError as err:
            logs.event("bot action rejected", logging.WARNING, table=self.id, seat=msg.seat, version=self.version,
                       source="bot", code=err.code)

    async def _offer(
        self, seat: int, action: int, version: int, conn: Connection | None, seq: int | None, source: str
    ) -> None:
        """Check an action, hold it for the reaction window, or apply it."""
        if self.status == "waiting":
            raise self._not_started()
        if self.state.is_terminal():
            raise MatchOver("La partida ha terminado.", "The match is over.", rule="match-over")
        self._check_fresh(seat, version)
        self._check_legal(seat, action)
        if self._must_wait(seat, action):
            earlier = self._held.pop(seat, None)
            if earlier is not None and earlier.conn is not None:
                earlier.conn.send_error(self._superseded(), earlier.seq)
            self._held[seat] = Held(action, version, conn, seq, source)
            return
        await self._apply(seat, action, conn, seq, source)

    def _check_fresh(self, seat: int, version: int) -> None:
        """Reject an action decided on an older state.

        It stands only if every action since `version` was another seat's
        choice in a simultaneous choice this seat is also part of (WANTED
        commits), which cannot have changed what this seat was choosing.
        """
        if version == self.version:
            return
        lag = self.version - version
        recent = list(self._history)[-lag:] if 0 < lag <= len(self._history) else None
        if recent is not None and all(actor != seat and seat in req for actor, req in recent):
            return
        raise Stale(
            f"La acción se decidió sobre la versión {version} y la mesa ya va por la {self.version}.",
            f"The action was decided on version {version}; the table is at version {self.version}.",
            rule="stale-action",
        )

    def _check_legal(self, seat: int, action: int) -> None:
        """The same errors `State.apply` raises, without touching the state."""
        if seat not in self.state.actors():
            raise NotYourTurn(
                f"El asiento {seat} no puede actuar ahora.",
                f"Seat {seat} may not act now.",
                rule=self.state.turn_rule(),
            )
        if action not in self.state.legal_actions(seat):
            why = self.state.why_illegal(seat, action)
            raise IllegalAction(why.es, why.en, rule=why.rule)

    def _race(self) -> bool:
        return len(self.state.required_actors()) < len(self.state.actors())

    def _must_wait(self, seat: int, action: int) -> bool:
        """A required seat's ordinary action waits while the reaction window is open."""
        if self._window_until is None or time.monotonic() >= self._window_until:
            return False
        return seat in self.state.required_actors() and not self.state.is_reaction(seat, action)

    async def _apply(self, seat: int, action: int, conn: Connection | None, seq: int | None, source: str) -> None:
        try:
            await self.store.append_action(self.id, self.version, seat, action, time.time())
        except Exception:
            logs.log.exception("could not write an action", extra={"table": self.id, "seat": seat})
            raise StorageFailed(
                "No se pudo guardar la acción; no se ha aplicado. Inténtalo de nuevo.",
                "The action could not be stored and was not applied. Try again.",
                rule="storage",
            ) from None
        required = self.state.required_actors()
        try:
            events = self.state.apply(seat, action)
        except Exception:
            await self._undo_stored(seat)
            raise internal_error() from None
        self.version += 1
        self._history.append((seat, frozenset(required) if len(required) > 1 else frozenset()))
        if conn is not None:
            conn.send({"type": "accepted", "seq": seq, "version": self.version})
        await self._after_change(seat, events, source)

    async def _undo_stored(self, seat: int) -> None:
        """A checked action failed inside the game (a bug there): take it out of
        the record and rebuild the state from the record, so the two agree."""
        logs.log.exception("the game failed on a legal action", extra={"table": self.id, "seat": seat})
        await self.store.delete_action(self.id, self.version)
        row = await self.store.load(self.id)  # the record, read back once it no longer holds that action
        if row is None or len(row.actions) != self.version:
            raise RuntimeError(f"table {self.id}: the stored record does not match version {self.version}")
        self.state = self.game.new_match(len(self.seats), self.seed, self.options)
        for done_seat, done_action in row.actions:
            self.state.apply(done_seat, done_action)

    async def _after_change(self, seat: int, events: list[Event], source: str) -> None:
        for held_seat, held in list(self._held.items()):
            del self._held[held_seat]
            if held.conn is not None:
                held.conn.send_error(self._stale_held(), held.seq)
        if self.state.is_terminal():
            await self._finish()
        else:
            self._track_turns()
        self._broadcast(events)
        self.stats.applied(self._arrived)
        self._arrived = None
        self._tell_bots(events)
        if logs.log.isEnabledFor(logging.INFO):
            public_kinds = [e.kind for e in events if e.audience is None]
            logs.event("action applied", table=self.id, seat=seat, version=self.version, source=source,
                       events=public_kinds)

    async def _finish(self) -> None:
        self.status = "finished"
        self._window_until = None
        self._required_since.clear()
        self._clock_out.clear()
        for _, task in self._thinking.values():
            if task is not None:
                task.cancel()
        self._thinking.clear()
        outcome = self.state.outcome().to_json()
        await self.store.set_status(self.id, "finished", finished_at=time.time(), outcome=outcome)
        logs.event("match finished", table=self.id, version=self.version, status="finished")

    def _track_turns(self) -> None:
        """Open (or reopen) the reaction window and start the clocks of newly required seats."""
        now = time.monotonic()
        if self._race():
            self._window_until = now + self.table_options.reaction_window_ms / 1000
        else:
            self._window_until = None
        required = set(self.state.required_actors())
        for seat in list(self._required_since):
            if seat not in required:
                del self._required_since[seat]
                self._clock_out.discard(seat)
        for seat in required:
            self._required_since.setdefault(seat, now)

    # -- bots --------------------------------------------------------------------
    def _bot_controls(self, seat: int) -> bool:
        info = self.seats[seat]
        if not info.human or info.token_hash is None or seat in self._clock_out:
            return True
        if info.conns or info.gone_since is None:
            return False
        return time.monotonic() - info.gone_since >= self.settings.disconnect_grace

    def _tell_bots(self, events: list[Event]) -> None:
        if not events:
            return
        for seat, bot in enumerate(self.bots):
            seen = [e for e in events if e.visible_to(seat)]
            if seen:
                bot.observe(seen)

    def _schedule_bots(self) -> None:
        for seat, (version, task) in list(self._thinking.items()):
            if version != self.version or not self._bot_controls(seat):
                if task is not None:
                    task.cancel()
                del self._thinking[seat]
        if self.status != "playing" or self.state.is_terminal():
            return
        for seat in self.state.actors():
            if seat in self._thinking or seat in self._held or not self._bot_controls(seat):
                continue
            bot = self.bots[seat]
            if bot.inline and self.table_options.bot_delay_ms == 0 and not bot.busy:
                # at full speed a fast bot answers at once: no task to schedule
                self._thinking[seat] = (self.version, None)
                move = self._move(seat, self._decide_now(seat))
                if move is not None:
                    self._post_bot(BotMove(seat, move[0], self.version))
                continue
            task = asyncio.create_task(self._think(seat, self.version))
            self._thinking[seat] = (self.version, task)

    def _decide_now(self, seat: int) -> Decision | None:
        bot = self.bots[seat]
        try:
            return bot.decide_inline(self.state)
        except Exception:
            logs.log.exception("bot failed", extra={"table": self.id, "seat": seat})
            return bot.fallback(self.state)

    async def _think(self, seat: int, version: int) -> None:
        bot = self.bots[seat]
        try:
            decision = await bot.decide(self.state)
        except asyncio.CancelledError:
            raise
        except Exception:
            logs.log.exception("bot failed", extra={"table": self.id, "seat": seat})
            decision = None if version != self.version else bot.fallback(self.state)
        if version != self.version:
            return
        move = self._move(seat, decision)
        if move is None:
            return
        if move[1] > 0:
            await asyncio.sleep(move[1])
        if not self.stopped:
            self._post_bot(BotMove(seat, move[0], version))

    def _post_bot(self, move: BotMove) -> None:
        """A bot's move joins the queue, through the pacer when there is one (people first)."""
        if self.pacer is None:
            self.queue.put_nowait(move)
            return

        def release() -> None:
            if not self.stopped:
                self.queue.put_nowait(move)

        self.pacer.submit(release)

    def _move(self, seat: int, decision: Decision | None) -> tuple[int, float] | None:
        """The action a bot's decision plays and its thinking time; None to let a window pass."""
        if decision is None:
            if seat not in self.state.required_actors():
                return None  # lets an optional window pass
            decision = self.bots[seat].fallback(self.state)
            if decision is None:
                return None
        return decision.action, self.table_options.bot_delay_ms / 1000 * min(decision.delay, MAX_BOT_DELAY_FACTOR)

    # -- clocks and timers ---------------------------------------------------------
    async def _on_wake(self) -> None:
        now = time.monotonic()
        for seat, held in list(self._held.items()):
            if self._window_until is None or now >= self._window_until:
                del self._held[seat]
                try:
                    await self._offer(seat, held.action, held.version, held.conn, held.seq, held.source)
                except TapeteError as err:
                    if held.conn is not None:
                        held.conn.send_error(err, held.seq)
        turn = self.table_options.turn_seconds
        if turn > 0:
            for seat, since in self._required_since.items():
                if seat not in self._clock_out and self.seats[seat].human and now >= since + turn:
                    self._clock_out.add(seat)
                    logs.event("turn clock ran out", table=self.id, seat=seat, version=self.version)

    def _next_deadline(self) -> float | None:
        times: list[float] = []
        if self._held and self._window_until is not None:
            times.append(self._window_until)
        turn = self.table_options.turn_seconds
        if turn > 0 and self.status == "playing":
            times += [since + turn for s, since in self._required_since.items()
                      if s not in self._clock_out and self.seats[s].human]
        if self.status == "playing":
            grace = self.settings.disconnect_grace
            times += [i.gone_since + grace for i in self.seats
                      if i.human and not i.conns and i.gone_since is not None
                      and time.monotonic() < i.gone_since + grace]
        if self.status == "finished" and self._idle_since is not None:
            times.append(self._idle_since + self.settings.finished_ttl)
        return min(times) if times else None

    def _refresh(self) -> None:
        """After every message: bots to think, the next timer to arm, idleness."""
        if self.stopped:
            return
        self._schedule_bots()
        if self.seats_json() != self._seats_told:
            self._broadcast([])  # someone came, went, or a stand-in took over
        idle = self.status == "finished" and not self.spectators and not any(s.conns for s in self.seats)
        if not idle:
            self._idle_since = None
        elif self._idle_since is None:
            self._idle_since = time.monotonic()
        deadline = self._next_deadline()
        if deadline != self._deadline or (deadline is not None and self._timer is None):
            self._cancel_timer()
            self._deadline = deadline
            if deadline is not None:
                delay = max(0.0, deadline - time.monotonic()) + 0.001
                self._timer = asyncio.get_running_loop().call_later(delay, self._wake)

    def _wake(self) -> None:
        self._timer = None
        if not self.stopped:
            self.queue.put_nowait(Wake())

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _evictable(self) -> bool:
        return (
            self._idle_since is not None
            and time.monotonic() >= self._idle_since + self.settings.finished_ttl
            and self.queue.empty()
        )

    # -- sockets -------------------------------------------------------------------
    def _seat_for_token(self, token: str) -> SeatInfo | None:
        wanted = hash_token(token)
        found = None
        for info in self.seats:
            if info.token_hash is not None and secrets.compare_digest(info.token_hash, wanted):
                found = info
        return found

    def _on_attach(self, msg: Attach) -> None:
        conn = msg.conn
        if msg.token is None:
            if len(self.spectators) >= self.settings.max_spectators:
                msg.done.set_exception(self._too_many("Demasiados espectadores", "Too many spectators",
                                                      self.settings.max_spectators))
                return
            conn.seat = None
            self.spectators.add(conn)
        else:
            info = self._seat_for_token(msg.token)
            if info is None:
                msg.done.set_exception(bad_token())
                return
            if len(info.conns) >= self.settings.max_sockets_per_seat:
                msg.done.set_exception(self._too_many("Demasiadas conexiones para este asiento",
                                                      "Too many sockets for this seat",
                                                      self.settings.max_sockets_per_seat))
                return
            conn.seat = info.index
            info.conns.add(conn)
            info.gone_since = None
        msg.done.set_result(conn.seat)
        conn.send(self._welcome(conn.seat))
        conn.send(self._state_message(conn, []))
        logs.event("socket attached", table=self.id, seat=conn.seat, version=self.version)

    def _on_detach(self, msg: Detach) -> None:
        conn = msg.conn
        if conn.seat is None:
            self.spectators.discard(conn)
            return
        info = self.seats[conn.seat]
        if conn in info.conns:
            info.conns.discard(conn)
            if not info.conns and info.token_hash is not None:
                info.gone_since = time.monotonic()
                logs.event("seat disconnected", table=self.id, seat=conn.seat, version=self.version)

    # -- joining and leaving -----------------------------------------------------------
    async def _on_join(self, msg: Join) -> None:
        try:
            seat, token = await self._seat_someone(msg.seat, msg.name)
        except TapeteError as err:
            msg.done.set_exception(err)
            return
        msg.done.set_result((seat, token))
        if self.status == "waiting" and not any(s.free for s in self.seats):
            await self.begin()

    async def _seat_someone(self, seat: int | None, name: str | None) -> tuple[int, str]:
        free = [s.index for s in self.seats if s.free]
        if self.status == "finished" or not free or (seat is not None and seat not in free):
            raise NoFreeSeat(
                "No hay asiento libre para ti en esta mesa." if seat is None else f"El asiento {seat} no está libre.",
                "There is no free seat for you at this table." if seat is None else f"Seat {seat} is not free.",
                rule="seat-free",
            )
        chosen = free[0] if seat is None else seat
        token = new_token()
        info = self.seats[chosen]
        await self.store.set_seat(self.id, chosen, name, hash_token(token))
        info.name, info.token_hash, info.gone_since = name, hash_token(token), time.monotonic()
        logs.event("seat taken", table=self.id, seat=chosen, version=self.version)
        return chosen, token

    async def begin(self) -> None:
        """Start the match (every human seat is taken, or there is none)."""
        self.status = "playing"
        await self.store.set_status(self.id, "playing", started_at=time.time())
        self._track_turns()
        logs.event("match started", table=self.id, status="playing")

    async def _on_leave(self, msg: Leave) -> None:
        info = self._seat_for_token(msg.token)
        if info is None:
            msg.done.set_exception(bad_token())
            return
        await self.store.set_seat(self.id, info.index, None, None)
        info.name, info.token_hash, info.gone_since = None, None, None
        for conn in list(info.conns):
            conn.send({"type": "left", "seat": info.index})
            conn.close(CLOSE_LEFT, "seat left")
        info.conns.clear()
        msg.done.set_result(info.index)
        logs.event("seat left", table=self.id, seat=info.index, version=self.version)

    # -- what each socket is told ---------------------------------------------------------
    def _welcome(self, seat: int | None) -> dict[str, Any]:
        return {
            "type": "welcome",
            "protocol": 1,
            "table": self.id,
            "game": self.game.id,
            "seat": seat,
            "num_players": len(self.seats),
        }

    def seats_json(self) -> list[dict[str, Any]]:
        out = []
        for info in self.seats:
            entry: dict[str, Any] = {"seat": info.index, "kind": info.kind, "name": info.name}
            if info.human:
                entry["taken"] = info.token_hash is not None
                entry["connected"] = bool(info.conns)
                entry["stand_in"] = self.status == "playing" and self._bot_controls(info.index)
            else:
                entry["level"] = info.level
            out.append(entry)
        return out

    def _state_message(
        self, conn: Connection, events: list[Event], seats: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """What one socket is told: its seat's view, legal moves and events, in its language."""
        state, seat, lang = self.state, conn.seat, conn.lang
        now = time.monotonic()
        message: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "status": self.status,
            "version": self.version,
            "seat": seat,
            "view": state.view(seat),
            "actors": list(state.actors()),
            "required": list(state.required_actors()),
            "legal": self._legal_json(seat, lang if conn.texts else None) if self.status == "playing" else [],
            "events": [self._event_json(e, lang) for e in events if e.visible_to(seat)],
            "window_ms": 0 if self._window_until is None else max(0, round((self._window_until - now) * 1000)),
            "clocks": self._clocks_json(now),
            "seats": self.seats_json() if seats is None else seats,
            "outcome": state.outcome().to_json() if state.is_terminal() else None,
        }
        return message

    def _legal_json(self, seat: int | None, lang: str | None) -> list[dict[str, Any]]:
        """Legal moves as index, JSON form and reaction flag, with a sentence in `lang` (none if None)."""
        if seat is None:
            return []
        state, forms = self.state, self._action_forms
        legal: list[dict[str, Any]] = []
        for a in state.legal_actions(seat):
            form = forms.get(a)
            if form is None:  # an index's JSON form never changes within a match (the contract)
                form = forms[a] = state.action_to_json(a)
            entry = {"index": a, "action": form, "reaction": state.is_reaction(seat, a)}
            if lang is not None:
                entry["text"] = self.game.describe_action(state, a, lang)
            legal.append(entry)
        return legal

    def _event_json(self, event: Event, lang: str) -> dict[str, Any]:
        out = event.to_json()
        out["text"] = self.game.describe_event(event, lang)
        return out

    def _clocks_json(self, now: float) -> list[dict[str, Any]]:
        turn = self.table_options.turn_seconds
        if turn <= 0:
            return []
        return [
            {"seat": s, "remaining_ms": max(0, round((since + turn - now) * 1000))}
            for s, since in sorted(self._required_since.items())
            if self.seats[s].human
        ]

    def _broadcast(self, events: list[Event]) -> None:
        seats = self._seats_told = self.seats_json()
        for conns in (self.spectators, *(info.conns for info in self.seats)):
            told: dict[tuple[str, bool], str] = {}  # one text per language and style
            for conn in conns:
                style = (conn.lang, conn.texts)
                if style not in told:
                    told[style] = dumps(self._state_message(conn, events, seats))
                conn.send_text(told[style])

    # -- errors ---------------------------------------------------------------------------
    @staticmethod
    def _not_started() -> NotStarted:
        return NotStarted(
            "La partida aún no ha empezado: faltan jugadores.",
            "The match has not started yet: seats are still free.",
            rule="match-start",
        )

    @staticmethod
    def _too_many(es: str, en: str, limit: int) -> TooManySockets:
        return TooManySockets(f"{es} (máximo {limit}).", f"{en} (at most {limit}).", rule="limits")

    @staticmethod
    def _superseded() -> Superseded:
        return Superseded(
            "Otra acción tuya ha sustituido a esta mientras esperaba la ventana de reacción.",
            "Another action of yours replaced this one while it waited for the reaction window.",
            rule="reaction-window",
        )

    @staticmethod
    def _stale_held() -> Stale:
        return Stale(
            "Alguien reaccionó antes de que acabara la ventana: tu acción no se aplicó.",
            "Someone reacted before the window closed: your action was not applied.",
            rule="reaction-window",
        )

    # -- public facts for the lobby ----------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game.id,
            "status": self.status,
            "num_players": len(self.seats),
            "options": options_to_json(self.state.options),
            "table_options": options_to_json(self.table_options),
            "seats": self.seats_json(),
            "version": self.version,
            "invite_code": self.invite_code if self.public else None,
            "public": self.public,
        }


__all__ = ["CLOSE_BAD_TOKEN", "RunnerStopped", "SeatInfo", "TableRunner", "hash_token"]
