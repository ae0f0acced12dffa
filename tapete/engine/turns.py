"""The table core: what happens between actions, with the time passed in.

Who may act now, which of several claims wins a race, how long a reaction
window stays open, when a turn clock runs out, when a stand-in plays and
when a round-result pause ends are decided here and nowhere else. The core
never reads a clock: every call takes `now` (real seconds on the server and
in the terminal, simulated seconds in the simulator, `--plain` and search
rollouts), so the same rules run everywhere and are tested once
(tests/engine/test_turns.py).

The rules, in the words the tests use:

- **Arrival.** Actions are judged in the order they are offered; the first
  applicable one is applied (BAC-22: later claims are judged against the
  state as it then stands).
- **Window.** An action that leaves a race (some actors may act but are not
  required: Bacan's live discard, BAC-21) opens a reaction window of
  `Timing.window` seconds. A required seat's ordinary action offered while
  it is open is *held* until it closes; reactions (`State.is_reaction`, or
  any action of a seat that is not required) are applied at once.
- **Void.** Whatever is applied voids every held action (the state it was
  decided on is gone); a seat's second held action supersedes its first.
- **Freshness.** An action decided on an older version is stale, unless
  every action since was another seat's pick in a simultaneous choice this
  seat is also part of (WANTED commits: the others' picks cannot change
  what this seat was choosing).
- **Clocks.** With `Timing.turn` > 0 each required seat played by a person
  has a clock from the moment its decision began (one clock per turn, even
  a turn of several steps). When it runs out the stand-in plays that one
  decision (one action); the next one is the person's again, on a fresh
  clock.
  After `Timing.for_good` timeouts in a row (`TIMEOUTS_FOR_GOOD` unless a
  table sets another) the stand-in keeps the seat until the person acts
  again. With `Timing.total` > 0 each such seat also has a bank for the
  whole match: the time its decisions took is spent from it, and a clock
  never runs past what is left of it (a turn-based table's days per match).
- **Round result.** After an action whose events end a round (the game's
  `round_result_events`), nothing is applied until every person present
  has dismissed the result or `Timing.result_pause` seconds have passed;
  actions offered meanwhile are held.

`deliver` hands each seat's bot the events it may see (by audience), the
one way bots hear of a match.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from .errors import TapeteError
from .events import Event
from .state import State

REACTION_WINDOW_S: Final = 1.5  # the reaction window's length unless a table sets another
RESULT_PAUSE_S: Final = 20.0  # the round-result pause unless a table sets another
TIMEOUTS_FOR_GOOD: Final = 3  # timeouts in a row after which the stand-in keeps the seat
HISTORY: Final = 64  # how many past actions a simultaneous choice's late pick may lag behind

WINDOW_RULE: Final = "reaction-window"
RESULT_RULE: Final = "round-result"


@dataclass(frozen=True, slots=True)
class Timing:
    """The table's times, in seconds: reaction window, turn clock (0: none),
    round-result pause (0: none), each seat's bank for the whole match (0:
    none) and the timeouts in a row after which the stand-in keeps a seat."""

    window: float = REACTION_WINDOW_S
    turn: float = 0.0
    result_pause: float = 0.0
    total: float = 0.0
    for_good: int = TIMEOUTS_FOR_GOOD

    @classmethod
    def from_options(cls, options: Any) -> Timing:
        """From a table's options (`reaction_window_ms`, `turn_seconds`,
        `result_pause_seconds`; at a turn-based table, `pace` = "turn-based":
        `time_bank_hours` and `match_days`); a missing one keeps its default."""
        window_ms = getattr(options, "reaction_window_ms", REACTION_WINDOW_S * 1000)
        if getattr(options, "pace", "live") == "turn-based":
            return cls(
                window=window_ms / 1000,
                turn=float(getattr(options, "time_bank_hours", 24)) * 3600,
                total=float(getattr(options, "match_days", 0)) * 86400,
            )
        return cls(
            window=window_ms / 1000,
            turn=float(getattr(options, "turn_seconds", 0)),
            result_pause=float(getattr(options, "result_pause_seconds", 0)),
        )


# -- errors the core gives ----------------------------------------------------
class StaleAction(TapeteError):
    """The action was decided on a state the table has left."""

    code = "stale"


class SupersededAction(TapeteError):
    """A seat's later action replaced its held one."""

    code = "superseded"


class UnknownVersion(TapeteError):
    """The action names a version the table never reached: no seat was ever sent it."""

    code = "bad_message"


def stale(version: int, current: int) -> StaleAction:
    return StaleAction(
        f"La acción se decidió sobre la versión {version} y la mesa ya va por la {current}.",
        f"The action was decided on version {version}; the table is at version {current}.",
        rule="stale-action",
    )


def voided() -> StaleAction:
    return StaleAction(
        "Alguien reaccionó antes de que acabara la ventana: tu acción no se aplicó.",
        "Someone reacted before the window closed: your action was not applied.",
        rule=WINDOW_RULE,
    )


def superseded() -> SupersededAction:
    return SupersededAction(
        "Otra acción tuya ha sustituido a esta mientras esperaba la ventana de reacción.",
        "Another action of yours replaced this one while it waited for the reaction window.",
        rule=WINDOW_RULE,
    )


# -- what the core answers ------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ready:
    """The action may be applied now."""


@dataclass(slots=True)
class Held:
    """An action waiting until `until` (or earlier, should what it waits for
    end sooner), because of rule `why` (WINDOW_RULE or RESULT_RULE).
    `superseded` is the tag of the same seat's earlier held action, if any."""

    seat: int
    action: int
    until: float
    why: str
    tag: Any = None
    superseded: Any = None


@dataclass(frozen=True, slots=True)
class Rejected:
    error: TapeteError


@dataclass(frozen=True, slots=True)
class Applied:
    """An applied action: its events and the tags of the held actions it voided."""

    seat: int
    action: int
    events: list[Event]
    voided: list[Any]


@dataclass(frozen=True, slots=True)
class Release:
    """A held action whose wait is over: offer it again (it is judged afresh)."""

    seat: int
    action: int
    tag: Any


@dataclass(frozen=True, slots=True)
class Timeout:
    """A seat's clock ran out: its stand-in plays this decision."""

    seat: int
    for_good: bool  # the `Timing.for_good`-th in a row: the stand-in keeps the seat


Verdict = Ready | Held | Rejected
Due = Release | Timeout


class Observer(Protocol):
    def observe(self, events: Sequence[Event]) -> None: ...


# -- events to bots ---------------------------------------------------------------
def by_audience(events: Sequence[Event], seats: Iterable[int]) -> Iterator[tuple[int, list[Event]]]:
    """(seat, the events it may see) for each seat that may see any."""
    if not events:
        return
    for seat in seats:
        seen = [e for e in events if e.audience is None or seat in e.audience]
        if seen:
            yield seat, seen


def deliver(events: Sequence[Event], bots: Mapping[int, Observer] | Sequence[Observer]) -> None:
    """Tell each seat's bot the events it may see, in order."""
    items = bots.items() if isinstance(bots, Mapping) else enumerate(bots)
    if not events:
        return
    for seat, bot in items:
        seen = [e for e in events if e.audience is None or seat in e.audience]
        if seen:
            bot.observe(seen)


# -- the race, as a pure rule -------------------------------------------------------
def in_race(state: State) -> bool:
    """A reaction window: some actors may act but the match does not wait for them."""
    return len(state.required_actors()) < len(state.actors())


def waits_for_window(state: State, seat: int, action: int) -> bool:
    """A required seat's ordinary action waits for the reaction window (BAC-21)."""
    required = state.required_actors()
    return _waits(state, required, len(required) < len(state.actors()), seat, action)


def _waits(state: State, required: tuple[int, ...], race: bool, seat: int, action: int) -> bool:
    return race and seat in required and not state.is_reaction(seat, action)


def first_to_land(
    state: State, proposals: Iterable[tuple[int, int, float]], window: float
) -> tuple[int, int, float] | None:
    """Of (seat, action, arrival) proposals made on `state` with the window
    opened at time 0, the one applied first: the earliest landing time, a
    held action landing when the window closes; ties go to the earlier
    proposal. Returns (seat, action, landing time)."""
    best: tuple[int, int, float] | None = None
    required = state.required_actors()
    race = len(required) < len(state.actors())
    for seat, action, arrival in proposals:
        lands = max(arrival, window) if _waits(state, required, race, seat, action) else arrival
        if best is None or lands < best[2]:
            best = (seat, action, lands)
    return best


# -- the core -----------------------------------------------------------------------
class TableCore:
    """One match between actions: offer actions, ask what is due.

    `clocked` are the seats a person plays (their turn clocks run, they may
    be stood in for); `present` the seats whose person is here now (the
    round-result pause waits for them). Front ends update both.
    """

    def __init__(
        self,
        state: State,
        timing: Timing | None = None,
        *,
        now: float = 0.0,
        version: int = 0,
        clocked: Iterable[int] = (),
        round_over: Callable[[Sequence[Event]], bool] | None = None,
    ) -> None:
        self.state = state
        self.timing = timing or Timing()
        self.version = version
        self.clocked: set[int] = set(clocked)
        self.present: set[int] = set()
        self.round_over = round_over
        self.window_until: float | None = None
        self.pause_until: float | None = None
        self.pause_waiting: set[int] = set()
        self.held: dict[int, Held] = {}
        self.clock_since: dict[int, float] = {}  # required clocked seat -> when its decision began
        self.standing_in: set[int] = set()  # seats whose current decision is the stand-in's
        self.given_up: set[int] = set()  # seats the stand-in keeps until the person acts
        self.timeouts: dict[int, int] = {}  # timeouts in a row per seat
        self.spent: dict[int, float] = {}  # per seat, the time its decisions took (`Timing.total`)
        # (acting seat, the required seats if several were required) per recent version
        self._history: deque[tuple[int, frozenset[int]]] = deque(maxlen=HISTORY)
        self.track(now)

    # -- the race -----------------------------------------------------------------
    def window_open(self, now: float) -> bool:
        return self.window_until is not None and now < self.window_until

    def paused(self, now: float) -> bool:
        """A round result is on the table and someone present has not dismissed it."""
        return self.pause_until is not None and now < self.pause_until and bool(self.pause_waiting & self.present)

    def pause_left(self, now: float) -> float:
        """Seconds the round-result pause may still last (0: none)."""
        return self.pause_until - now if self.pause_until is not None and self.paused(now) else 0.0

    def lands_at(self, seat: int, action: int, now: float) -> tuple[float, str | None]:
        """When an action offered now may be applied, and the rule it waits for."""
        if self.paused(now):
            assert self.pause_until is not None
            return self.pause_until, RESULT_RULE
        if self.window_open(now) and waits_for_window(self.state, seat, action):
            assert self.window_until is not None
            return self.window_until, WINDOW_RULE
        return now, None

    def judge(self, seat: int, action: int, now: float, version: int | None = None) -> Verdict:
        """Whether an action may be applied now, must wait, or is refused;
        changes nothing. `version` is the one the action was decided on."""
        try:
            if version is not None and not self.state.is_terminal():
                self.check_fresh(seat, version)
            self.state.check(seat, action)
        except TapeteError as err:
            return Rejected(err)
        until, why = self.lands_at(seat, action, now)
        if why is None:
            return Ready()
        return Held(seat, action, until, why)

    def check_fresh(self, seat: int, version: int) -> None:
        """Raise StaleAction for an action decided on a state the table has left (UnknownVersion for one ahead)."""
        if version == self.version:
            return
        if version > self.version:
            raise UnknownVersion(
                f"La mesa no ha llegado a la versión {version} (va por la {self.version}).",
                f"The table has not reached version {version} (it is at {self.version}).",
                rule="protocol",
            )
        lag = self.version - version
        if 0 < lag <= len(self._history):
            recent = list(self._history)[-lag:]
            if all(actor != seat and seat in req for actor, req in recent):
                return
        raise stale(version, self.version)

    def offer(
        self,
        seat: int,
        action: int,
        now: float,
        *,
        version: int | None = None,
        tag: Any = None,
        person: bool = False,
    ) -> Applied | Held | Rejected:
        """Judge an action and apply it, hold it, or refuse it."""
        verdict = self.judge(seat, action, now, version)
        if isinstance(verdict, Ready):
            return self.apply(seat, action, now, person=person)
        if isinstance(verdict, Held):
            self.hold(verdict, tag)
        return verdict

    def hold(self, held: Held, tag: Any = None) -> Held:
        """Keep a judged action until its wait is over (see `due`)."""
        earlier = self.held.pop(held.seat, None)
        held.tag = tag
        held.superseded = earlier.tag if earlier is not None else None
        self.held[held.seat] = held
        return held

    def apply(self, seat: int, action: int, now: float, *, person: bool = False) -> Applied:
        """Apply an action already judged Ready (the state still checks it).
        `person`: the seat's person acted (not a bot or stand-in)."""
        required = self.state.required_actors()
        events = self.state.apply(seat, action)
        self.version += 1
        self._history.append((seat, frozenset(required) if len(required) > 1 else frozenset()))
        void = [h.tag for h in self.held.values()]
        self.held.clear()
        if person:
            self.timeouts[seat] = 0
            self.given_up.discard(seat)
            self.standing_in.discard(seat)
        elif seat in self.standing_in:
            # the stand-in has played the one decision it was given; the next is the person's
            self.standing_in.discard(seat)
            if self.clock_since.pop(seat, None) is not None and self.timing.total > 0:
                self.spent[seat] = self.spent.get(seat, 0.0) + self.allowance(seat)  # its whole clock
        if (
            self.round_over is not None
            and self.timing.result_pause > 0
            and self.round_over(events)
            and not self.state.is_terminal()
        ):
            self.pause_until = now + self.timing.result_pause
            self.pause_waiting = set(self.present)
        self.track(now)
        return Applied(seat, action, events, void)

    def track(self, now: float) -> None:
        """Open (or close) the reaction window and start the clocks of newly required seats."""
        state = self.state
        if state.is_terminal():
            self.window_until = None
            self.clock_since.clear()
            self.standing_in.clear()
            return
        required = state.required_actors()
        self.window_until = now + self.timing.window if len(required) < len(state.actors()) else None
        if not self.clock_since and not self.clocked:
            return
        start = self.pause_until if self.pause_until is not None and self.paused(now) else now
        for seat in list(self.clock_since):
            if seat not in required:
                since = self.clock_since.pop(seat)
                if self.timing.total > 0:  # the decision's time is spent from the match's bank
                    self.spent[seat] = self.spent.get(seat, 0.0) + min(max(0.0, now - since), self.allowance(seat))
                self.standing_in.discard(seat)
        for seat in required:
            if seat in self.clocked:
                self.clock_since.setdefault(seat, start)

    # -- the person and the stand-in ------------------------------------------------
    def stand_in_plays(self, seat: int) -> bool:
        """The seat's current decision belongs to its stand-in (clock out, or given up)."""
        return seat in self.standing_in or seat in self.given_up

    def allowance(self, seat: int) -> float:
        """How long the seat's decision may take: the turn clock, or less when the match's bank
        (`Timing.total`) has less left."""
        if self.timing.total <= 0:
            return self.timing.turn
        return max(0.0, min(self.timing.turn, self.timing.total - self.spent.get(seat, 0.0)))

    def clock_deadline(self, seat: int) -> float | None:
        since = self.clock_since.get(seat)
        if since is None or self.timing.turn <= 0:
            return None
        return since + self.allowance(seat)

    def next_clock(self) -> float | None:
        """When the next running clock runs out (None: none runs)."""
        times = [
            since + self.allowance(seat)
            for seat, since in self.clock_since.items()
            if seat not in self.standing_in and seat not in self.given_up
        ]
        return min(times) if times and self.timing.turn > 0 else None

    def dismiss(self, seat: int) -> None:
        """The seat's person has read the round result."""
        self.pause_waiting.discard(seat)

    def due(self, now: float) -> list[Due]:
        """What is due at `now`: held actions whose wait is over (in seat
        order; the first applied voids the others) and clocks that ran out."""
        out: list[Due] = []
        if self.pause_until is not None and not self.paused(now):
            self._end_pause(now)
        for seat in sorted(self.held):
            held = self.held[seat]
            if self.lands_at(seat, held.action, now)[1] is None:
                del self.held[seat]
                out.append(Release(seat, held.action, held.tag))
        if self.timing.turn > 0 and not self.paused(now):
            for seat, since in sorted(self.clock_since.items()):
                if seat in self.standing_in or seat in self.given_up or now < since + self.allowance(seat):
                    continue
                self.standing_in.add(seat)
                self.timeouts[seat] = self.timeouts.get(seat, 0) + 1
                for_good = self.timeouts[seat] >= self.timing.for_good
                if for_good:
                    self.given_up.add(seat)
                out.append(Timeout(seat, for_good))
        return out

    def next_deadline(self, now: float, clocks: bool = True) -> float | None:
        """When `due` may next have something (None: nothing pending); without `clocks`, the
        turn clocks left out (a turn-based table's are due by its database, `next_clock`)."""
        times: list[float] = []
        if self.held:
            times += [self.lands_at(h.seat, h.action, now)[0] for h in self.held.values()]
        if clocks and (clock := self.next_clock()) is not None:
            times.append(clock)
        if self.pause_until is not None:
            times.append(self.pause_until if self.paused(now) else now)  # (now: its end is due)
        return min(times) if times else None

    def _end_pause(self, now: float) -> None:
        """The round result was read by all (or its time is up): clocks held back for it start now."""
        for seat, since in self.clock_since.items():
            if since > now:
                self.clock_since[seat] = now
        self.pause_until = None
        self.pause_waiting.clear()

    def window_left(self, now: float) -> float:
        """Seconds until the reaction window closes (0 if closed)."""
        return 0.0 if self.window_until is None else max(0.0, self.window_until - now)

    # -- surviving a restart ---------------------------------------------------------
    def rebase(self, offset: float) -> None:
        """Move every time the core holds by `offset` seconds (a record replayed with
        its wall-clock times, resumed on another clock)."""
        self.clock_since = {s: since + offset for s, since in self.clock_since.items()}
        if self.window_until is not None:
            self.window_until += offset
        if self.pause_until is not None:
            self.pause_until += offset

    def no_timeout_before(self, when: float) -> None:
        """No running clock runs out before `when` (people reconnecting after a restart)."""
        for seat, since in self.clock_since.items():
            self.clock_since[seat] = max(since, when - self.allowance(seat))
