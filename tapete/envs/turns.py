"""Which seat a serialized table asks next: reaction windows taken apart into agent turns.

The table core (`tapete.engine.turns`) says what a race is (`in_race`: some
actors may act but the match does not wait for them; `next` tests the same
inline, as it runs at every step) and how it ends when
time runs: claims land at once, the required seat's ordinary action waits
for the window to close. An environment has no clock; it must ask one agent
at a time, so it asks every optional actor first (each may claim or PASS)
and the required seat last - the order in which the core applies claims that
arrive inside the window and a required action that arrives as it closes
(tests/envs/test_turns.py replays environment matches through a `TableCore`
to check that it takes every action in the same order).

What the core leaves to its callers (who is asked first, how often) is the
environment's setting `reactions`:

- `"once"` (default): each seat is offered one reaction per window (a claim
  or PASS for an optional seat; a required seat's reactions leave its mask
  once it has claimed), so agents who claim at random still let the match
  move on;
- `"all"`: the window is offered again to every optional actor after each
  claim, for as long as the rules allow.

Optional actors are asked in turn order from the seat after the one on turn,
so no seat always has the first claim. Several required seats (a
simultaneous choice) act one after another in seat order.
"""

from __future__ import annotations

from tapete.engine import State


def in_turn_order(seats: tuple[int, ...], after: int | None, num_players: int) -> list[int]:
    """`seats` in turn order from the seat after `after` (the seat on turn), so that
    no seat is always first to be offered a window (seat order when none is on turn)."""
    if after is None:
        return list(seats)
    return sorted(seats, key=lambda seat: (seat - after - 1) % num_players)


class TurnOrder:
    """Which seat the serialized table asks next, what it may do, and whether it may pass.

    A *window* lasts from one required action (a turn's draw, a commit) to the
    next; reactions (`State.is_reaction`) happen inside it.
    """

    def __init__(self, reactions: str = "once") -> None:
        self.once = reactions == "once"
        self.asked: set[int] = set()  # seats done with this window (passed, or reacted when once)

    def reset(self) -> None:
        self.asked.clear()

    def next(self, state: State) -> tuple[int, bool]:
        """(seat, may_pass) of the next turn; the state must not be terminal."""
        required = state.required_actors()
        actors = state.actors()
        if len(required) == len(actors):  # not `in_race`: the required seat (the first of a simultaneous choice)
            if required:
                return required[0], False
        else:
            asked = self.asked
            for seat in in_turn_order(actors, required[0] if required else None, state.num_players):
                if seat not in required and seat not in asked and state.legal_actions(seat):
                    return seat, True
            if required:
                return required[0], False
        # nobody must act and everyone passed: offer the window again
        self.asked.clear()
        return state.actors()[0], False

    def allowed(self, state: State, seat: int) -> list[int]:
        """The legal actions this seat is offered now."""
        legal = state.legal_actions(seat)
        if not (self.once and seat in self.asked):
            return legal
        kept = [a for a in legal if not state.is_reaction(seat, a)]
        return kept or legal

    def record_pass(self, seat: int) -> None:
        self.asked.add(seat)

    def record_action(self, seat: int, reaction: bool) -> None:
        """After an action was applied: a required action opens a new window."""
        if not reaction:
            if self.asked:
                self.asked.clear()
        elif self.once:
            self.asked.add(seat)
        else:  # the position changed: every optional seat is offered the window again
            self.asked.clear()
