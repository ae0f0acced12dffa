"""A bot sitting at a server table: a bot seat, or the stand-in of a human seat.

It hears every event its seat may see from the first action on (as in
`tapete.sim.runner`), so a stand-in that takes over mid-match has the same
memory the seat's owner could have. Fast kinds decide on the event loop;
slower ones (search bots) think in a worker thread on a clone of the state,
and events that arrive meanwhile wait until the thought is over.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from typing import Any

from tapete.bots import make_bot
from tapete.engine import Decision, Event, Game, Observation, State

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
