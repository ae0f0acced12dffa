"""Playing a sampled world on: uniformly random moves, or bots in every seat.

Races between bots are decided by the table core (`tapete.engine.turns`):
the earliest decision lands first, a required seat's plain action waits for
the reaction window; the bots hear the events by audience (`deliver`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tapete.engine import Bot, Decision, Event, Observation, State
from tapete.engine.turns import REACTION_WINDOW_S, first_to_land


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


def policy_move(
    state: State, bots: Sequence[Bot | None], rng: random.Random, window: float = REACTION_WINDOW_S
) -> tuple[int, int]:
    """The next (seat, action) when bots play, each decision arriving after
    its delay: the table core's race (`first_to_land`). A seat without a bot
    (None) plays at random. A bot that fails, breaks the contract or chooses
    an illegal action is a bug and raises."""
    proposals = []
    for seat in state.actors():
        decision = bot_decision(state, bots, seat, rng)
        if decision is not None:
            proposals.append((seat, decision.action, decision.delay))
    first = first_to_land(state, proposals, window)
    if first is None:
        raise RuntimeError(f"no actor acted: the bots of the required seats {state.required_actors()} passed")
    return first[0], first[1]


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
