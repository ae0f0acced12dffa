"""Playing a sampled world on: uniformly random moves, or bots in every seat.

`policy_move` decides a race between bots by their simulated delays: the
earliest decision wins, and a required seat's plain action waits the
reaction window. (The table core will own this decision; the rollouts then
use it.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tapete.engine import Bot, Decision, Event, Observation, State

WINDOW = 1.5  # simulated seconds a required seat's plain action waits in a reaction window


def random_action(state: State, rng: random.Random, react_chance: float) -> list[Event]:
    """Apply one random legal action; an optional actor reacts with `react_chance`."""
    actors = state.actors()
    if len(actors) == 1:
        seat = actors[0]
    else:
        required = state.required_actors()
        if len(required) < len(actors) and (not required or rng.random() < react_chance):
            optional = [s for s in actors if s not in required]
            seat = optional[rng.randrange(len(optional))]
        else:
            seat = required[rng.randrange(len(required))]
    legal = state.legal_actions(seat)
    return state.apply(seat, legal[rng.randrange(len(legal))])


def policy_move(state: State, bots: Sequence[Bot | None], rng: random.Random) -> tuple[int, int]:
    """The next (seat, action) when bots play: the earliest decision wins a
    race; a required seat's plain action waits for the reactions. A seat
    without a bot (None) plays at random. A bot that fails, breaks the
    contract or chooses an illegal action is a bug and raises."""
    actors = state.actors()
    required = state.required_actors()
    best: tuple[float, int, int] | None = None
    for seat in actors:
        decision = bot_decision(state, bots, seat, rng)
        if decision is None:
            continue
        delay = decision.delay
        if seat in required and len(actors) > len(required) and not state.is_reaction(seat, decision.action):
            delay = max(delay, WINDOW)
        if best is None or delay < best[0]:
            best = (delay, seat, decision.action)
    if best is None:
        raise RuntimeError(f"no actor acted: the bots of the required seats {required} passed")
    return best[1], best[2]


def bot_decision(state: State, bots: Sequence[Bot | None], seat: int, rng: random.Random) -> Decision | None:
    """What `seat`'s bot decides (a random move, or a pass, without a bot)."""
    bot = bots[seat]
    if bot is not None:
        decision = bot.decide(Observation(state, seat))
        if decision is not None and decision.action not in state.legal_actions(seat):
            raise RuntimeError(f"{bot.name} bot of seat {seat} chose an illegal action: {decision.action}")
        return decision
    legal = state.legal_actions(seat)
    if seat not in state.required_actors() and rng.random() >= 0.1:
        return None
    return Decision(legal[rng.randrange(len(legal))], rng.uniform(0.2, 3.0))


def tell(bots: Sequence[Bot | None], events: Sequence[Event]) -> None:
    """Every bot hears the events its seat may see."""
    for seat, bot in enumerate(bots):
        if bot is not None:
            seen = [e for e in events if e.audience is None or seat in e.audience]
            if seen:
                bot.observe(seen)
