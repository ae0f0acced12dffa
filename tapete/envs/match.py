"""One match as every environment drives it: turns, masks, encoders, the rule for illegal moves.

The AEC, Parallel, Gymnasium and batched environments are thin shells over
`EnvMatch`, so that they offer the same turns and the same numbers:

- the engine's state, and each seat's information-state encoder
  (`Game.encoder`, tapete/engine/encoding.py), fed after every applied action
  exactly the events that seat may see;
- the serialized turn (`TurnOrder`): the seat to act, whether it may PASS,
  and the actions it is offered; the action space is the game's plus PASS
  (index `num_actions`);
- a seat's observation on demand only: `information_state(seat)` encodes the
  seat's view once (straight from the state when the game's encoder writes it
  so, `InfoEncoder.write_state`); the observation is its first
  `observation_size` numbers;
- `IllegalMove`, the one error for an action outside the mask.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tapete.engine import Event, Game, State
from tapete.engine.encoding import InfoEncoder

from .settings import EnvSettings
from .turns import TurnOrder

# |x| of every number a game's encoder writes (the conformance suite's bound, tests/conformance/test_encodings.py)
ENCODING_BOUND = 2.0


class IllegalMove(ValueError):
    """An action the environment did not offer: not in the seat's mask now. Nothing changed."""

    def __init__(self, seat: int, action: Any, legal: int, may_pass: bool) -> None:
        self.seat = seat
        self.action = action
        self.legal = legal
        passing = ", PASS included" if may_pass else ""
        super().__init__(
            f"action {action!r} is not one of the {legal} legal moves of seat {seat} now{passing}: "
            "pick from the action mask (or set illegal='penalize' to end the match with -1 instead)"
        )


def encoder_factory(game: Game, num_players: int, options: Any) -> Callable[[int], InfoEncoder]:
    """A function of a seat giving a fresh encoder of this table (`Game.encoder`)."""
    if game.encoder_type is None:
        raise ValueError(
            f"{game.id} has no information-state encoder (Game.encoder_type, tapete/engine/encoding.py): "
            "the environments observe through it"
        )
    return lambda seat: game.encoder(seat, num_players, options)


class EnvMatch:
    """A match of one game at one table, played one agent turn at a time."""

    def __init__(self, game: Game, num_players: int, options: Any, settings: EnvSettings) -> None:
        """`options` are the game's, parsed (`Game.parse_options`); `settings` the environment's."""
        self.game = game
        self.num_players = num_players
        self.options = options
        self.settings = settings
        self.max_steps = settings.max_steps
        self.penalize = settings.illegal == "penalize"
        self.state: State = game.new_match(num_players, 0, options)
        self.num_actions = self.state.num_actions()
        self.pass_action = self.num_actions
        self.mask_size = self.num_actions + 1
        self.new_encoder = encoder_factory(game, num_players, options)
        probe = self.new_encoder(0)
        self.observation_size = probe.observation_size
        self.size = probe.size
        self.action_size = probe.action_size
        self.bound = ENCODING_BOUND
        self.encoders: list[InfoEncoder] = []
        self.turns = TurnOrder(settings.reactions)
        self.seat = 0  # the seat to act (meaningless once the match is over)
        self.may_pass = False
        self.offered: list[int] = []
        self.steps = 0  # agent turns played, PASS included
        self.version = 0  # changes whenever anything a seat observes may have changed
        self.last_events: list[Event] = []
        self._remember: list[Callable[[Event], None]] | None = None
        self._plain_state = True
        self._direct = False
        self.views: dict[int, dict[str, Any]] = {}  # the views built at this version

    # -- the match --------------------------------------------------------------
    def reset(self, seed: int) -> None:
        self.state = self.game.new_match(self.num_players, seed, self.options)
        self.encoders = encoders = [self.new_encoder(seat) for seat in range(self.num_players)]
        # encoders that keep the contract's own `observe` and `information_state` are fed and read
        # without them (the same numbers, fewer calls): `remember` per event, observation then memory
        self._remember = [e.remember for e in encoders] if all(_plain(e, "observe") for e in encoders) else None
        self._plain_state = all(_plain(e, "information_state") for e in encoders)
        # encoders that write the observation straight from the state skip building the view
        self._direct = not _plain(encoders[0], "write_state")
        self.turns.reset()
        self.steps = 0
        self.version += 1
        self.views.clear()
        self.last_events = []
        self.select()

    def select(self) -> None:
        """Work out the next turn (the state must not be terminal)."""
        seat, self.may_pass = self.turns.next(self.state)
        self.seat = seat
        self.offered = self.turns.allowed(self.state, seat)

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    @property
    def truncated(self) -> bool:
        """Out of steps before the end of the match (`max_steps`)."""
        return self.max_steps is not None and self.steps >= self.max_steps and not self.state.is_terminal()

    def offers(self, seat: int, action: int) -> bool:
        """Whether `action` is in `seat`'s mask now."""
        if seat != self.seat or self.state.is_terminal():
            return False
        if action == self.pass_action:
            return self.may_pass
        return action in self.offered

    def illegal(self, seat: int, action: Any) -> IllegalMove:
        mine = seat == self.seat and not self.state.is_terminal()
        legal = len(self.offered) + self.may_pass if mine else 0
        return IllegalMove(seat, action, legal, mine and self.may_pass)

    def play(self, seat: int, action: int) -> None:
        """Play one offered action (or PASS) of the seat to act; see `offers`."""
        state = self.state
        turns = self.turns
        if action == self.pass_action:
            turns.record_pass(seat)
            self.last_events = []
        else:
            reaction = state.is_reaction(seat, action)
            events = self.last_events = state.apply(seat, action)
            if reaction or turns.asked:
                turns.record_action(seat, reaction)
            if events:
                self.tell(events)
        self.steps += 1
        self.version += 1
        if self.views:
            self.views.clear()
        if not state.is_terminal():
            seat, self.may_pass = turns.next(state)
            self.seat = seat
            self.offered = turns.allowed(state, seat)

    def tell(self, events: Sequence[Event]) -> None:
        """Feed each seat's encoder the events it may see, in order."""
        remember = self._remember
        if remember is None:
            for seat, encoder in enumerate(self.encoders):
                seen = [e for e in events if e.audience is None or seat in e.audience]
                if seen:
                    encoder.observe(seen)
            return
        for event in events:
            audience = event.audience
            if audience is None:
                for told in remember:
                    told(event)
            else:
                for seat in audience:
                    remember[seat](event)

    def returns(self) -> list[float]:
        """Every seat's reward at the end of the match, in the settings' shape."""
        returns = [float(r) for r in self.state.outcome().returns(self.num_players)]
        if self.settings.reward == "zero_sum":
            mean = sum(returns) / len(returns)
            return [r - mean for r in returns]
        return returns

    def penalty(self, seat: int) -> list[float]:
        """The rewards when `seat` played an illegal move under `illegal="penalize"`."""
        return [-1.0 if s == seat else 0.0 for s in range(self.num_players)]

    # -- what a seat is shown -------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """The seat's view now (built once per position)."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.state.view(seat)
        return view

    def information_state(self, seat: int) -> np.ndarray:
        """The seat's information state (float32, `size`): its first `observation_size`
        numbers are the observation, the rest the seat's memory."""
        out = np.zeros(self.size, dtype=np.float32)
        self.write_observation(seat, out)
        out[self.observation_size :] = self.encoders[seat].memory
        return out

    def write_observation(self, seat: int, out: np.ndarray) -> np.ndarray | None:
        """Write the seat's observation into `out` (zeros, at least `observation_size`
        long) and return its memory, or - for an encoder with an `information_state` of its
        own - write the whole information state (`out` of `size`) and return None."""
        encoder = self.encoders[seat]
        if self._direct:
            encoder.write_state(self.state, out[: self.observation_size])
            return encoder.memory
        if not self._plain_state:
            out[: self.size] = encoder.information_state(self.view(seat))
            return None
        encoder.write_observation(self.view(seat), out[: self.observation_size])
        return encoder.memory

    def mask(self, seat: int, out: np.ndarray | None = None, dtype: Any = np.int8) -> np.ndarray:
        """The seat's action mask (`mask_size`, PASS last): its offered actions when it is
        the seat to act, all zeros otherwise. Into `out` (zeros) when given."""
        if out is None:
            out = np.zeros(self.mask_size, dtype=dtype)
        if seat == self.seat and not self.state.is_terminal():
            offered = self.offered
            if len(offered) < 48 and out.dtype.itemsize == 1 and out.flags.c_contiguous:
                # one by one through a memoryview: cheaper than numpy's item assignment, and
                # than building an index array for a few dozen cells
                cell = out.data
                for action in offered:
                    cell[action] = 1
            else:
                out[offered] = 1
            if self.may_pass:
                out[self.pass_action] = 1
        return out

    def action_features(self, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """(the seat's offered actions, PASS left out; one row of features each)."""
        actions = np.asarray(self.offered if seat == self.seat and not self.state.is_terminal() else (), dtype=np.int64)
        rows = self.encoders[seat].action_features(self.view(seat), [int(a) for a in actions])
        return actions, rows


def _plain(encoder: InfoEncoder, method: str) -> bool:
    """The encoder keeps InfoEncoder's own `method`."""
    return getattr(type(encoder), method) is getattr(InfoEncoder, method)
