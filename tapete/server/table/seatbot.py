"""A bot sitting at a server table: a bot seat, or the stand-in of a human seat.

It hears every event its seat may see from the first action on (as in
`tapete.sim.runner`), so a stand-in that takes over mid-match has the same
memory the seat's owner could have. Fast kinds (random, heuristic) decide on
the event loop. Search bots think in a thinking process (`thinking.py`), in
the table's replica there, which hears the same events; here their fallback
follows the match instead (`fallback_kind`: the game's learned bot where it has
a model, else its heuristic), and plays a turn whose thought does not come
within its budget. `BotDesk` keeps a table's bots thinking on the right version.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence

from tapete.bots import kinds_for, make_bot
from tapete.engine import Decision, Event, Game, Observation, State
from tapete.engine.turns import deliver

from ..ops import logs
from .thinking import NO_ANSWER, TableThoughts

INLINE_KINDS = frozenset({"random", "heuristic"})
FALLBACK_SEED = 0xFA11  # the fallback's generator is seeded apart from the search bot's


def fallback_kind(game: Game) -> str:
    """What plays a search bot's turn when its thought does not come in time: the learned bot
    where the game has a model, else the game's heuristic bot."""
    return "learned" if "learned" in kinds_for(game) else "heuristic"


class SeatBot:
    def __init__(self, kind: str, game: Game, seed: int, seat: int, num_players: int, options: object) -> None:
        self.kind = kind
        self.seat = seat
        self.seed = seed  # a search bot's, in the thinking process
        self.searches = kind not in INLINE_KINDS  # thinks in a thinking process (`BotDesk.thoughts`)
        # the bot that plays here: the seat's own, or the search bot's fallback
        self.bot = (
            make_bot(fallback_kind(game), game, seed ^ FALLBACK_SEED) if self.searches else make_bot(kind, game, seed)
        )
        self.bot.start(seat, num_players, options)
        self.rng = random.Random(seed ^ 0x5EA7)

    def observe(self, events: Sequence[Event]) -> None:
        """Events visible to this seat, in order."""
        if events:
            self.bot.observe(events)

    def decide_here(self, state: State) -> Decision | None:
        """The decision of the bot that plays here (a search bot's fallback), on the loop."""
        return self.bot.decide(Observation(state, self.seat))

    def any_legal(self, state: State) -> Decision | None:
        """A uniformly random legal action, for a bot that failed or passed when it may not."""
        legal = state.legal_actions(self.seat)
        return Decision(self.rng.choice(legal)) if legal else None


# Longest a bot's simulated reaction time counts for (in units of bot_delay).
MAX_BOT_DELAY_FACTOR = 4.0


class BotDesk:
    """The bots of one table: which seat's bot thinks now, on which version, and
    its move handed back (`post(seat, action, version)`) after its thinking time.
    Its search bots think in `thoughts` (the table's replica in a thinking process),
    told every action the table applies."""

    def __init__(
        self,
        bots: list[SeatBot],
        delay_s: float,
        post: Callable[[int, int, int], None],
        table_id: str,
        thoughts: TableThoughts | None = None,
    ) -> None:
        self.bots = bots
        self.delay_s = delay_s
        self.post = post
        self.table_id = table_id
        self.thoughts = thoughts
        self.thinking: dict[int, tuple[int, asyncio.Task[None] | None]] = {}

    def observe(self, events: Sequence[Event]) -> None:
        deliver(events, self.bots)

    def applied(self, seat: int, action: int, events: Sequence[Event]) -> None:
        """An action the table applied: the bots here hear its events, the replica its action."""
        deliver(events, self.bots)
        if self.thoughts is not None:
            self.thoughts.acts([(seat, action)])

    def caught_up(self, actions: list[tuple[int, int]]) -> None:
        """The actions of a record replayed here (whose events the bots heard): the replica's too."""
        if self.thoughts is not None:
            self.thoughts.acts(actions)

    def cancel(self) -> None:
        for _, task in self.thinking.values():
            if task is not None:
                task.cancel()
        self.thinking.clear()

    def close(self) -> None:
        """No more decisions at this table: nothing thinks, and the replica goes."""
        self.cancel()
        if self.thoughts is not None:
            self.thoughts.close()

    def schedule(
        self, state: State, version: int, plays: Callable[[int], bool], seats: Sequence[int], current: Callable[[], int]
    ) -> None:
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
            if not self.bots[seat].searches and self.delay_s == 0:
                # at full speed a fast bot answers at once: no task to schedule
                self.thinking[seat] = (version, None)
                move = self._move(state, seat, self._decide_here(state, seat))
                if move is not None:
                    self.post(seat, move[0], version)
                continue
            self.thinking[seat] = (version, asyncio.create_task(self._think(state, seat, version, current)))

    def _decide_here(self, state: State, seat: int) -> Decision | None:
        bot = self.bots[seat]
        try:
            return bot.decide_here(state)
        except Exception:
            logs.log.exception("bot failed", extra={"table": self.table_id, "seat": seat})
            return bot.any_legal(state)

    async def _think(self, state: State, seat: int, version: int, current: Callable[[], int]) -> None:
        decision: Decision | None
        if self.bots[seat].searches:
            answer = NO_ANSWER if self.thoughts is None else await self.thoughts.decide(seat, version, current)
            if version != current():
                return
            if answer[0] == "move":
                decision = Decision(answer[1], answer[2])
            elif answer[0] == "pass":
                decision = None
            else:  # no answer within its budget (or its thought failed): its fallback plays
                decision = self._decide_here(state, seat)
        else:
            decision = self._decide_here(state, seat)
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
            decision = self.bots[seat].any_legal(state)
            if decision is None:
                return None
        return decision.action, self.delay_s * min(decision.delay, MAX_BOT_DELAY_FACTOR)
