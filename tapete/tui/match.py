"""A match in the terminal, apart from how it is drawn.

`LocalTable` owns one match against bots and runs it in real time on the
table core (`tapete.engine.turns`), which decides the race as it does on
the server and in the simulator: whenever the state changes every bot among
the actors is asked for a Decision; the decision lands when its delay has
passed unless something else happened first. In a reaction window (Bacan's
live discard) a bot claims a mirror after its reaction delay, scaled by
`Timing.reaction_scale`, and the required seat's covering action lands when
the window closes, so a person who presses a key first beats the bots. The clock and the bots' thinking are
injected (`Scheduler`, `Thinker`), so tests can drive time by hand.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from tapete.bots import make_bot
from tapete.engine import Bot, Decision, Event, Game, IllegalAction, Observation, State
from tapete.engine.bot_names import with_bot_names
from tapete.engine.turns import REACTION_WINDOW_S, Held, Rejected, TableCore, by_audience, in_race
from tapete.engine.turns import Timing as CoreTiming
from tapete.engine.words import Reader

from .i18n import t

FOLLOW_UP = 0.4  # a bot's next step of the same turn (Buracco's tiles) comes quicker


@dataclass(frozen=True)
class Timing:
    """How fast the bots are, in real seconds."""

    reaction_scale: float = 1.0  # multiplies a bot's Decision.delay in a reaction window
    window: float = REACTION_WINDOW_S  # the reaction window (a required seat's covering action waits for it)
    pace: float = 0.8  # a bot's ordinary turn takes this long, so people can follow
    # after a round result the bots wait until `LocalTable.dismiss()` or this long (0: no pause)
    result_pause: float = 0.0


@dataclass(frozen=True)
class Move:
    """One legal move of the seat at the keyboard, ready to show."""

    action: int
    data: dict[str, Any]
    text: str
    reaction: bool


@dataclass
class Snapshot:
    """Everything the screen draws, taken at one moment."""

    view: dict[str, Any]
    seat: int | None
    names: list[str]
    moves: list[Move]
    actors: tuple[int, ...]
    required: tuple[int, ...]
    race: bool
    queued: Move | None
    over: bool
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    rounds: int = 0
    notice: str | None = None
    error: str | None = None
    kinds: list[str | None] = field(default_factory=list)  # bot kind per seat (None: a person)
    events: list[Event] = field(default_factory=list)  # every event this seat has seen, oldest first
    ready: bool = True  # False until there is a view to draw (a server not heard from yet)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.actors

    @property
    def must_move(self) -> bool:
        return self.seat is not None and self.seat in self.required


class Handle(Protocol):
    def cancel(self) -> None: ...


class Scheduler(Protocol):
    """Real time for the app, a hand-driven clock for tests."""

    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle: ...


class Thinker(Protocol):
    """Runs bot work (observe, decide) in order, off the screen's thread if it
    likes, and hands each result back on the screen's thread."""

    def submit(self, job: Callable[[], Any], done: Callable[[Any], None]) -> None: ...


@dataclass
class _Pending:
    due: float
    action: int


@dataclass
class _Failure:
    error: str


@dataclass
class _Asked:
    version: int
    seat: int
    at: float  # when the bot was asked (the state changed)
    since: float  # when the seat began to be among the actors, without acting since
    race: bool
    required: tuple[int, ...]


class LocalTable:
    """One match against bots; at most one seat is played from the keyboard.

    `kinds` has one entry per seat: a bot kind from `tapete.bots.BOT_KINDS`,
    or None for the person (no None: everybody is a bot and the person
    watches as a spectator).
    """

    def __init__(
        self,
        game: Game,
        state: State,
        kinds: Sequence[str | None],
        seed: int,
        scheduler: Scheduler,
        thinker: Thinker,
        timing: Timing | None = None,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        if len(kinds) != state.num_players:
            raise ValueError(f"{len(kinds)} seat kinds for {state.num_players} players")
        humans = [s for s, k in enumerate(kinds) if k is None]
        if len(humans) > 1:
            raise ValueError("at most one seat is played from the keyboard")
        self.game = game
        self.state = state
        self.kinds = list(kinds)
        self.seat: int | None = humans[0] if humans else None
        self.timing = timing or Timing()
        results = game.round_result_events
        self.core = TableCore(
            state,
            CoreTiming(window=self.timing.window, result_pause=self.timing.result_pause),
            now=scheduler.now(),
            round_over=lambda events: any(e.kind in results for e in events),
        )
        self.core.present = {self.seat} if self.seat is not None else set()
        self.scheduler = scheduler
        self.thinker = thinker
        self.on_change = on_change or (lambda: None)
        self.bots: dict[int, Bot] = {
            s: make_bot(k, game, seed * 7919 + s) for s, k in enumerate(kinds) if k is not None
        }
        for s, bot in self.bots.items():
            bot.start(s, state.num_players, state.options)
        self.events: list[Event] = []  # what the keyboard's seat (or a spectator) may see
        self.actions: list[tuple[int, int]] = []
        self.version = 0
        # a bot that broke: (seat, text key, detail in es, detail in en)
        self.failure: tuple[int, str, str, str] | None = None
        self._notice: tuple[str, int | None] | None = None  # (string key, action it names)
        self._pending: dict[int, _Pending] = {}
        self._since: dict[int, float] = {}  # actor seat -> when it began waiting to act
        self._was_race = False
        self._queued: int | None = None
        self._timer: Handle | None = None
        self._closed = False

    # -- what the screen reads ---------------------------------------------
    def race(self) -> bool:
        """A reaction window: some actors may act but the match does not wait for them."""
        return in_race(self.state)

    def reader(self, lang: str) -> Reader:
        """Who reads the table's words here: the keyboard seat, with everyone's names (as the log)."""
        return Reader(lang, with_bot_names([None] * len(self.kinds)), self.seat)

    def describe(self, action: int, lang: str) -> str:
        return self.game.tell_action(self.state, action, self.reader(lang))

    def move(self, action: int, lang: str) -> Move:
        seat = self.seat if self.seat is not None else 0
        return Move(
            action,
            self.state.action_to_json(action),
            self.describe(action, lang),
            self.state.is_reaction(seat, action),
        )

    def names(self, lang: str) -> list[str]:
        """You, and each bot by its name (the same names the log says)."""
        named = with_bot_names([None] * len(self.kinds))
        return [t("seat.you", lang) if kind is None else named[s] for s, kind in enumerate(self.kinds)]

    def snapshot(self, lang: str) -> Snapshot:
        state = self.state
        over = state.is_terminal()
        seat = self.seat
        legal = state.legal_actions(seat) if seat is not None and not over else []
        snap = Snapshot(
            view=state.view(seat),
            seat=seat,
            names=self.names(lang),
            moves=[self.move(a, lang) for a in legal],
            actors=() if over else state.actors(),
            required=() if over else state.required_actors(),
            race=False if over else self.race(),
            queued=self.move(self._queued, lang) if self._queued is not None else None,
            over=over,
            notice=self._notice_text(lang),
            error=self.error(lang),
            kinds=list(self.kinds),
            events=self.events,
        )
        if over:
            outcome = state.outcome()
            snap.winners, snap.scores, snap.rounds = outcome.winners, outcome.scores, outcome.rounds
        return snap

    def _notice_text(self, lang: str) -> str | None:
        if self._notice is None:
            return None
        key, action = self._notice
        return t(key, lang, move=self.describe(action, lang)) if action is not None else t(key, lang)

    def error(self, lang: str) -> str | None:
        if self.failure is None:
            return None
        seat, key, es, en = self.failure
        return t(key, lang, name=self.names(lang)[seat], error=en if lang == "en" else es)

    def log(self, lang: str) -> list[str]:
        reader = self.reader(lang)
        return [self.game.tell_event(e, reader) for e in self.events]

    # -- the person's moves ------------------------------------------------
    def choose(self, action: int) -> bool:
        """Play the keyboard seat's move. Returns False when it is queued to
        wait for the reaction window; raises the engine's error (es/en, rule
        id, nothing changed) when it is not legal."""
        seat = self.seat
        if seat is None:
            raise IllegalAction("Solo miras esta partida.", "You are only watching this match.", rule="spectator")
        verdict = self.core.judge(seat, action, self.scheduler.now())
        if isinstance(verdict, Rejected):
            raise verdict.error
        if isinstance(verdict, Held):
            self._queued = action
            self._notice = None
            self._pending[seat] = _Pending(verdict.until, action)
            self._arm()
            self.on_change()
            return False
        self._apply(seat, action)
        return True

    # -- running the match -----------------------------------------------------
    def start(self) -> None:
        self.core.track(self.scheduler.now())
        self._replan()

    def paused(self) -> float:
        """Seconds the round result may still hold the bots (0: none)."""
        return self.core.pause_left(self.scheduler.now())

    def dismiss(self) -> None:
        """The person has read the round result: the bots go on."""
        if self.seat is not None and self.core.paused(self.scheduler.now()):
            self.core.dismiss(self.seat)
            self._replan()

    def close(self) -> None:
        """Stop every timer; late bot answers are ignored."""
        self._closed = True
        self.version += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _apply(self, seat: int, action: int) -> None:
        events = self.core.apply(seat, action, self.scheduler.now(), person=seat == self.seat).events
        self.actions.append((seat, action))
        self.version += 1
        self.events.extend(e for e in events if e.visible_to(self.seat))
        for s, seen in by_audience(events, self.bots):
            self.thinker.submit(_observe_job(self.bots[s], seen), partial(self._on_observed, s))
        if seat == self.seat:
            self._queued = None
            self._notice = None
        self._since.pop(seat, None)
        self._replan()

    def _replan(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._pending.clear()
        if self._closed or self.failure is not None or self.state.is_terminal():
            self._queued = None
            self.on_change()
            return
        actors = self.state.actors()
        self._requeue(actors)
        now, race, required = self.scheduler.now(), self.race(), self.state.required_actors()
        # a seat keeps its clock through others' moves in a simultaneous choice;
        # around a reaction window everyone starts afresh, so people see each step
        keep = not race and not self._was_race
        self._since = {s: self._since.get(s, now) if keep else now for s in actors}
        self._was_race = race
        world = self.state.clone()  # bots think on a copy, so the screen may apply moves meanwhile
        for seat in actors:
            bot = self.bots.get(seat)
            if bot is not None:
                asked = _Asked(self.version, seat, now, self._since[seat], race, required)
                self.thinker.submit(_decide_job(bot, world, seat), partial(self._on_decision, asked))
        self._arm()
        self.on_change()

    def _requeue(self, actors: tuple[int, ...]) -> None:
        """Keep the person's queued covering move if it is still legal."""
        seat, queued = self.seat, self._queued
        if seat is None or queued is None:
            return
        if seat in actors and queued in self.state.legal_actions(seat):
            due, _ = self.core.lands_at(seat, queued, self.scheduler.now())
            self._pending[seat] = _Pending(due, queued)
            self._notice = ("table.queue_kept", queued)
        else:
            self._queued = None
            self._notice = ("table.queue_dropped", None)

    def _on_observed(self, seat: int, result: Any) -> None:
        if isinstance(result, _Failure):
            self._crash(seat, result.error)

    def _on_decision(self, asked: _Asked, result: Any) -> None:
        if self._closed or asked.version != self.version:
            return  # the table moved on; the bot is asked again
        if isinstance(result, _Failure):
            self._crash(asked.seat, result.error)
            return
        if result is None:
            if asked.seat in asked.required:
                self._fail(asked.seat, "table.bot_passed")
            return
        decision: Decision = result
        self._pending[asked.seat] = _Pending(self._due(asked, decision), decision.action)
        self._arm()

    def _due(self, asked: _Asked, decision: Decision) -> float:
        """When a bot's decision lands. Outside a reaction window a bot takes
        `pace` seconds from the moment it had to act (others acting meanwhile,
        as in a simultaneous choice, do not restart its clock); inside one its
        reaction delay counts from the last change, as in sim.runner.next_move."""
        if not asked.race:
            follow_up = bool(self.actions) and self.actions[-1][0] == asked.seat
            arrival = asked.since + self.timing.pace * (FOLLOW_UP if follow_up else 1.0)
        else:
            arrival = asked.at + decision.delay * self.timing.reaction_scale
        return self.core.lands_at(asked.seat, decision.action, arrival)[0]  # the window, a round result

    def _arm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not self._pending or self._closed:
            return
        due = min(p.due for p in self._pending.values())
        self._timer = self.scheduler.call_later(max(0.0, due - self.scheduler.now()), self._fire)

    def _fire(self) -> None:
        self._timer = None
        if self._closed or not self._pending:
            return
        seat, pending = min(self._pending.items(), key=lambda item: (item[1].due, item[0]))
        if pending.due > self.scheduler.now() + 1e-6:
            self._arm()
            return
        del self._pending[seat]
        try:
            self._apply(seat, pending.action)
        except IllegalAction as err:  # a bot proposed an illegal move: say so, do not replace it
            self._fail(seat, "table.bot_illegal", err.es, err.en)  # the rule's sentence; its id is for the log

    def _crash(self, seat: int, trace: str) -> None:
        """A bot raised: the exception's own line (a program's words, the same in either language)."""
        last = trace.strip().splitlines()[-1]
        self._fail(seat, "table.bot_error", last, last)

    def _fail(self, seat: int, key: str, es: str = "", en: str = "") -> None:
        self.failure = (seat, key, es, en)
        self.close()
        self.on_change()


def _observe_job(bot: Bot, events: list[Event]) -> Callable[[], Any]:
    def job() -> Any:
        try:
            bot.observe(events)
        except Exception:
            return _Failure(traceback.format_exc(limit=6))
        return None

    return job


def _decide_job(bot: Bot, world: State, seat: int) -> Callable[[], Any]:
    def job() -> Any:
        try:
            return bot.decide(Observation(world, seat))
        except Exception:
            return _Failure(traceback.format_exc(limit=6))

    return job
