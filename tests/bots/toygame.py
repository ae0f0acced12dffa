"""A tiny game for testing game-agnostic tools: hidden hands, a simultaneous
commit and a reaction window, over two rounds.

Twelve cards, values 1-6 twice. Each round deals three cards to each seat.
Every seat commits a card face down at the same time (TOY-1); when all have
committed the cards are shown and the highest value played by exactly one
seat wins that many points (TOY-2). Then a snap window opens: any seat still
holding a card of the winning value may snap it (a race, TOY-3) for 2
points, while the winner must say "next" to close the window (TOY-4). The
round ends when a seat has no card to commit; after two rounds the highest
score wins (TOY-5).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Self

from tapete.engine import Bot, Event, Game, Outcome, Rejection, State, private, public
from tapete.engine.bot import Decision, Observation

VALUES = 6
CARDS = [v for v in range(1, VALUES + 1) for _ in range(2)]
HAND = 3
ROUNDS = 2
SNAP = VALUES  # action ids: 0..5 commit value v+1, 6 snap, 7 next
NEXT = VALUES + 1


def face(card: int) -> str:
    return f"v{CARDS[card]}"


class ToyState(State):
    game_id = "toy"

    def __init__(self, num_players: int, options: Any, seed: int) -> None:
        super().__init__(num_players, options, seed)
        self.round = 0
        self.scores = [0] * num_players
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.deck: list[int] = []
        self.committed: list[int | None] = [None] * num_players
        self.shown: list[int] = []
        self.winner: int | None = None
        self.snap_value = 0
        self._deal()

    def _deal(self) -> None:
        self.round += 1
        cards = list(range(len(CARDS)))
        self.rng.shuffle(cards)
        for s in range(self.num_players):
            self.hands[s] = sorted(cards[s * HAND : (s + 1) * HAND])
        self.deck = cards[self.num_players * HAND :]
        self.shown = []
        self.committed = [None] * self.num_players
        self.winner = None

    def round_index(self) -> int:
        return self.round

    def actors(self) -> tuple[int, ...]:
        if self.round > ROUNDS:
            return ()
        if self.winner is not None:
            holders = [s for s in range(self.num_players) if any(CARDS[c] == self.snap_value for c in self.hands[s])]
            return tuple(sorted({self.winner, *holders}))
        return tuple(s for s in range(self.num_players) if self.committed[s] is None)

    def required_actors(self) -> tuple[int, ...]:
        if self.winner is not None:
            return (self.winner,)
        return self.actors()

    def is_reaction(self, seat: int, action: int) -> bool:
        return action == SNAP

    def _legal_actions(self, seat: int) -> list[int]:
        values = sorted({CARDS[c] for c in self.hands[seat]})
        if self.winner is None:
            return [v - 1 for v in values]
        legal = [SNAP] if self.snap_value in values else []
        return [*legal, NEXT] if seat == self.winner else legal

    def why_illegal(self, seat: int, action: int) -> Rejection:
        return Rejection("TOY-1", "Acción no permitida.", "Action not allowed.")

    def _apply(self, seat: int, action: int) -> list[Event]:
        if action == SNAP:
            card = next(c for c in self.hands[seat] if CARDS[c] == self.snap_value)
            self.hands[seat].remove(card)
            self.shown.append(card)
            self.scores[seat] += 2
            return [public("snap", seat=seat, card=face(card))]
        if action == NEXT:
            self.winner = None
            return self._maybe_next_round()
        card = next(c for c in self.hands[seat] if CARDS[c] == action + 1)
        self.hands[seat].remove(card)
        self.committed[seat] = card
        events = [public("commit", seat=seat), private([seat], "my_commit", card=face(card))]
        if all(c is not None for c in self.committed):
            events += self._reveal()
        return events

    def _reveal(self) -> list[Event]:
        played = [c for c in self.committed if c is not None]
        self.shown += played
        values = [CARDS[c] for c in played]
        unique = [v for v in values if values.count(v) == 1]
        events = [public("reveal", cards=[face(c) for c in played])]
        self.committed = [None] * self.num_players
        if unique:
            top = max(unique)
            self.winner = values.index(top)
            self.snap_value = top
            self.scores[self.winner] += top
            return events
        return events + self._maybe_next_round()

    def _maybe_next_round(self) -> list[Event]:
        if all(self.hands[s] for s in range(self.num_players)):
            return []
        if self.round >= ROUNDS:
            self.round += 1
            return [public("end")]
        self._deal()
        return [public("deal", round=self.round)]

    def num_actions(self) -> int:
        return VALUES + 2

    def action_to_json(self, action: int) -> dict[str, Any]:
        return {"a": action}

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        return int(data["a"])

    def is_terminal(self) -> bool:
        return self.round > ROUNDS

    def outcome(self) -> Outcome:
        top = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == top)
        return Outcome(winners, tuple(float(v) for v in self.scores), ROUNDS)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "toy",
            "seat": seat,
            "num_players": self.num_players,
            "phase": "snap" if self.winner is not None else "commit",
            "round": self.round,
            "scores": list(self.scores),
            "hand": [face(c) for c in self.hands[seat]] if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "committed": [c is not None for c in self.committed],
            "shown": [face(c) for c in self.shown],
            "over": self.is_terminal(),
        }

    def card_ids(self) -> list[int]:
        held = [c for h in self.hands for c in h]
        committed = [c for c in self.committed if c is not None]
        return held + committed + self.deck + self.shown

    def hidden_cards(self, seat: int | None) -> list[int]:
        known = set(self.shown)
        if seat is not None:
            known |= set(self.hands[seat])
            if self.committed[seat] is not None:
                known.add(self.committed[seat])  # type: ignore[arg-type]
        return [c for c in self.card_ids() if c not in known]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        world = self.clone()
        pool = self.hidden_cards(seat)
        rng.shuffle(pool)
        for s in range(self.num_players):
            if s != seat:
                world.hands[s] = sorted(pool.pop() for _ in self.hands[s])
                if self.committed[s] is not None:
                    world.committed[s] = pool.pop()
        world.deck = pool
        world.rng.seed = rng.getrandbits(63)
        return world

    def clone(self) -> Self:
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = self.rng.clone()
        new._legal = {}
        new.scores = list(self.scores)
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.committed = list(self.committed)
        new.shown = list(self.shown)
        return new

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in ("rng", "_legal", "options")}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        raise NotImplementedError("the toy game is never stored")


class GreedyToyBot(Bot):
    """Commits its highest card and always snaps quickly."""

    def decide(self, obs: Observation) -> Decision | None:
        if SNAP in obs.legal:
            return Decision(SNAP, 0.5)
        if not obs.required:
            return None
        return Decision(max(obs.legal), 1.0)


class ToyGame(Game):
    id = "toy"
    name = {"es": "Juguete", "en": "Toy"}  # noqa: RUF012
    min_players = 2
    max_players = 3
    default_players = 3
    options_type = type("ToyOptions", (), {"__dataclass_fields__": {}})
    state_type = ToyState

    def parse_options(self, raw: Mapping[str, Any] | Any | None) -> Any:
        return None

    def _new_state(self, num_players: int, options: Any, seed: int) -> State:
        return ToyState(num_players, options, seed)

    def heuristic_bot(self, rng: random.Random) -> Bot:
        return GreedyToyBot()

    def rules_text(self, lang: str) -> str:
        return __doc__ or ""

    def describe_action(self, state: State, action: int, lang: str) -> str:
        return str(action)

    def describe_event(self, event: Event, lang: str) -> str:
        return event.kind

    def render_text(self, view: Mapping[str, Any], lang: str) -> str:
        return str(view)

    def card_faces(self) -> frozenset[str]:
        return frozenset(f"v{v}" for v in range(1, VALUES + 1))

    def card_face(self, card_id: int) -> str:
        return face(card_id)


GAME = ToyGame()
