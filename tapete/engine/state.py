"""The engine contract every game's state implements.

A state is the whole match: rounds, scores across rounds and its end. Seats
are numbered 0..n-1 in turn order ("to the right" in the rulebooks is the
next seat). Actions are integers in a fixed per-match action space, with a
JSON form for people and protocols.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from .actions import ActionSpace
from .errors import IllegalAction, MatchOver, NotYourTurn
from .events import Event
from .rng import Rng


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished match.

    `winners` share the win equally; `scores` are the game's own final
    figures per seat (points, victory cards, bounty...), for statistics.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    rounds: int

    def returns(self, num_players: int) -> list[float]:
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if s in self.winners else 0.0 for s in range(num_players)]

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": list(self.scores), "rounds": self.rounds}


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why an action is illegal: the rule id and a sentence in es and en."""

    rule: str
    es: str
    en: str


class State(ABC):
    """A match in progress. Subclasses implement the underscored hooks."""

    game_id: ClassVar[str]

    def __init__(self, num_players: int, options: Any, seed: int) -> None:
        self.num_players = num_players
        self.options = options
        self.rng = Rng(seed)
        self._legal: dict[int, list[int]] = {}

    # -- who acts -------------------------------------------------------
    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """Seats that may act now (several in a reaction window or a
        simultaneous choice; none when the match is over)."""

    @abstractmethod
    def round_index(self) -> int:
        """The number of the round (deal, hand) under way, cheaply: the
        search's rollouts stop when it changes (`horizon="round"`)."""

    def required_actors(self) -> tuple[int, ...]:
        """Seats whose action the match waits for. The others in `actors()`
        may act (a mirror claim) but need not."""
        return self.actors()

    def is_reaction(self, seat: int, action: int) -> bool:
        """True for an action that races in a reaction window (a mirror
        claim). A required seat's other actions wait for the window's
        minimum time (the server's clock, the simulator's reaction model)."""
        return False

    # -- legal actions and applying them -----------------------------------
    @abstractmethod
    def _legal_actions(self, seat: int) -> list[int]: ...

    def legal_actions(self, seat: int) -> list[int]:
        """The legal actions of `seat` now, ascending; empty if it may not act."""
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal_actions(seat) if seat in self.actors() else []
            self._legal[seat] = cached
        return cached

    def apply(self, seat: int, action: int) -> list[Event]:
        """Apply a legal action; raise (changing nothing) otherwise."""
        legal = self._legal.get(seat)
        if not legal or action not in legal:  # the usual case (asked, legal) costs no call: playouts
            self.check(seat, action)
        self._legal.clear()
        return self._apply(seat, action)

    def check(self, seat: int, action: int) -> None:
        """Raise what `apply` would raise for this action, changing nothing
        (a front end judging an action it will apply later)."""
        legal = self._legal.get(seat)
        if not legal:  # not asked yet in this position (a cached list is this position's)
            if self.is_terminal():
                raise MatchOver("La partida ha terminado.", "The match is over.", rule="match-over")
            if seat not in self.actors():
                raise NotYourTurn(
                    f"El asiento {seat} no puede actuar ahora.",
                    f"Seat {seat} may not act now.",
                    rule=self.turn_rule(),
                )
            legal = self.legal_actions(seat)
        if action not in legal:
            why = self.why_illegal(seat, action)
            raise IllegalAction(why.es, why.en, rule=why.rule)

    @abstractmethod
    def _apply(self, seat: int, action: int) -> list[Event]:
        """Apply an action already known to be legal."""

    def turn_rule(self) -> str:
        """The rule id that says whose turn it is (for NotYourTurn)."""
        return "turn-order"

    def why_illegal(self, seat: int, action: int) -> Rejection:
        """Name the rule an illegal action breaks. Games refine this."""
        return Rejection(
            "legal-actions",
            f"La acción {action} no es legal ahora.",
            f"Action {action} is not legal now.",
        )

    # -- actions as data ----------------------------------------------------
    # This match's action space (engine/actions.py): a class attribute of the
    # game's state, or set per match when its size depends on the match.
    space: ActionSpace

    def num_actions(self) -> int:
        """Size of this match's fixed action space."""
        return self.space.size

    def action_to_json(self, action: int) -> dict[str, Any]:
        return self.space.to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        """Raise BadAction for anything that is not a member of the space."""
        return self.space.from_json(data)

    # -- the end --------------------------------------------------------------
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome: ...

    # -- information ------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see, as JSON-able data; None is a spectator.
        Hidden information is absent, never merely flagged."""

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """`view(seat)` of each seat at once (a broadcast's): a game may work out once what the
        views share, and share it (their parts are to read, not to change). Each is equal to the
        seat's `view`, and holds only what that seat may see (the conformance suite checks)."""
        return {seat: self.view(seat) for seat in seats}

    @abstractmethod
    def card_ids(self) -> list[int]:
        """Every physical card's id wherever it lies (deck, hands, rows,
        piles, out of play), each once: the same multiset all match long."""

    @abstractmethod
    def hidden_cards(self, seat: int | None) -> list[int]:
        """Ids of the physical cards whose identity `seat` does not know now.
        Determinization redeals exactly these; the conformance suite checks
        that no view or event shows one of them."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with everything `seat` knows, with the
        hidden cards redealt by `rng` and a fresh seed for future chance."""

    @abstractmethod
    def clone(self) -> Self: ...

    # -- serialization ------------------------------------------------------------
    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self: ...
