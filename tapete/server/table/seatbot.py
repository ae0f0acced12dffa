"""A bot sitting at a server table: a bot seat, or the stand-in of a human seat.

It hears every event its seat may see from the first action on (as in
`tapete.sim.runner`), so a stand-in that takes over mid-match has the same
memory the seat's owner could have. Fast kinds decide on the event loop;
slower ones (search bots) think in a worker thread on a clone of the state,
and events that arrive meanwhile wait until the thought is over. `BotDesk`
keeps a table's bots thinking on the right version.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from typing import Any

from tapete.bots import make_bot
from tapete.engine import Decision, Event, Game, Observation, State
from tapete.engine.turns import deliver

from ..ops import logs

INLINE_KINDS = frozenset({"random", "heuristic"})


class SeatBot:
    def __init__(self, kind: str, game: Game, seed: int, seat: int, num_players: int, options: Any) -> None:
        self.kind = kind
        self.seat = seat
        self.bot = make_bot(kind, game, seed)
        self.bot.start(seat, num_players, options)
        self.inline = kind in INLINE_KINDS
        self.rng = random.Random(seed ^ 0x5EA7)
        self._pending: list[Event] = []
        self._busy: asyncio.Future[Decision | None] | None = None

    def observe(self, events: Sequence[Event]) -> None:
        """Events visible to this seat, in order."""
        if not events:
            return
        if self._busy is not None and not self._busy.done():
            self._pending.extend(events)
            return
        self._flush()
        self.bot.observe(events)

    def _flush(self) -> None:
        if self._pending:
            pending, self._pending = self._pending, []
            self.bot.observe(pending)

    @property
    def busy(self) -> bool:
        return self._busy is not None and not self._busy.done()

    def decide_inline(self, state: State) -> Decision | None:
        """Decide now on the loop (fast kinds only, never while a thought is running)."""
        assert self.inline and not self.busy
        self._flush()
        return self.bot.decide(Observation(state, self.seat))

    async def decide(self, state: State) -> Decision | None:
        """The bot's decision on `state` as it is when thinking starts."""
        if self._busy is not None and not self._busy.done():
            await asyncio.wait([self._busy])
        self._flush()
        if self.inline:
            return self.bot.decide(Observation(state, self.seat))
        obs = Observation(state.clone(), self.seat)
        self._busy = asyncio.get_running_loop().run_in_executor(None, self.bot.decide, obs)
        return await asyncio.shield(self._busy)

    def fallback(self, state: State) -> Decision | None:
        """A uniformly random legal action, for a bot that failed or passed when it may not."""
        legal = state.legal_actions(self.seat)
        return Decision(self.rng.choice(legal)) if legal else None


# Longest a bot's simulated reaction time counts for (in units of bot_delay).
MAX_BOT_DELAY_FACTOR = 4.0


class BotDesk:
    """The bots of one table: which seat's bot thinks now, on which version, and
    its move handed back (`post(seat, action, version)`) after its thinking time."""

    def __init__(
        self, bots: list[SeatBot], delay_s: float, post: Callable[[int, int, int], None], table_id: str
    ) -> None:
        self.bots = bots
        self.delay_s = delay_s
        self.post = post
        self.table_id = table_id
        self.thinking: dict[int, tuple[int, asyncio.Task[None] | None]] = {}

    def observe(self, events: Sequence[Event]) -> None:
        deliver(events, self.bots)

    def cancel(self) -> None:
        for _, task in self.thinking.values():
            if task is not None:
                task.cancel()
        self.thinking.clear()

    def schedule(self, state: State, version: int, plays: Callable[[int], bool], seats: Sequence[int],
                 current: Callable[[], int]) -> None:
        """Let the bot of each seat in `seats` that a bot `plays` think on `version`
        (`current()`: the table's version when a thought ends); drop stale thoughts."""
        for seat, (thought, task) in list(self.thinking.items()):
            if thought != version or not plays(seat):
                if task is not None:
                    task.cancel()
                del self.thinking[seat]
        for seat in seats:
            if seat in self.thinking or not plays(seat):
                continue
            bot = self.bots[seat]
            if bot.inline and self.delay_s == 0 and not bot.busy:
                # at full speed a fast bot answers at once: no task to schedule
                self.thinking[seat] = (version, None)
                move = self._move(state, seat, self._decide_now(state, seat))
                if move is not None:
                    self.post(seat, move[0], version)
                continue
            self.thinking[seat] = (version, asyncio.create_task(self._think(state, seat, version, current)))

    def _decide_now(self, state: State, seat: int) -> Decision | None:
        bot = self.bots[seat]
        try:
            return bot.decide_inline(state)
        except Exception:
            logs.log.exception("bot failed", extra={"table": self.table_id, "seat": seat})
            return bot.fallback(state)

    async def _think(self, state: State, seat: int, version: int, current: Callable[[], int]) -> None:
        bot = self.bots[seat]
        try:
            decision = await bot.decide(state)
        except asyncio.CancelledError:
            raise
        except Exception:
            logs.log.exception("bot failed", extra={"table": self.table_id, "seat": seat})
            decision = None if version != current() else bot.fallback(state)
        if version != current():
            return
        move = self._move(state, seat, decision)
        if move is None:
            return
        if move[1] > 0:
            await asyncio.sleep(move[1])
        self.post(seat, move[0], version)

    def _move(self, state: State, seat: int, decision: Decision | None) -> tuple[int, float] | None:
        """The action a bot's decision plays and its thinking time; None to let a window pass."""
        if decision is None:
            if seat not in state.required_actors():
                return None  # lets an optional window pass
            decision = self.bots[seat].fallback(state)
            if decision is None:
                return None
        return decision.action, self.delay_s * min(decision.delay, MAX_BOT_DELAY_FACTOR)
