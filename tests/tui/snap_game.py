"""Snap: a tiny game with Bacan's timing, for testing the table's clock.

18 cards (ranks 1-6, three of each). Each player holds 3. On your turn you
play a card face up. While it is the top card, anyone holding the same rank
may snap it (a reaction that races); the next player must cover (draw a card
from the deck, a covering action that waits for the window) and then plays.
The first to empty their hand wins.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from tapete.engine import Bot, Decision, Event, Game, Observation, Outcome, State, public
from tapete.engine.errors import BadAction

RANKS = 6
CARDS = RANKS * 3
COVER = 2 * CARDS  # actions: play card c = c, snap card c = CARDS + c, cover = COVER


def face(card: int) -> str:
    return f"snap-{card % RANKS + 1}"


@dataclass(frozen=True)
class SnapOptions:
    pass


class SnapState(State):
    game_id = "snap"

    def __init__(self, num_players: int, options: Any, seed: int) -> None:
        super().__init__(num_players, options, seed)
        deck = list(range(CARDS))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[3 * s : 3 * s + 3]) for s in range(num_players)]
        self.deck = deck[3 * num_players :]
        self.pile: list[int] = []
        self.turn = 0
        self.phase = "play"  # play | window
        self.winner: int | None = None

    def round_index(self) -> int:
        return 1  # one round

    def actors(self) -> tuple[int, ...]:
        if self.winner is not None:
            return ()
        if self.phase == "play":
            return (self.turn,)
        snappers = {s for s in range(self.num_players) if self._snaps(s)}
        return tuple(sorted(snappers | {self.turn}))

    def required_actors(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.turn,)

    def is_reaction(self, seat: int, action: int) -> bool:
        return CARDS <= action < COVER

    def _snaps(self, seat: int) -> list[int]:
        top = self.pile[-1] % RANKS
        return [CARDS + c for c in self.hands[seat] if c % RANKS == top]

    def _legal_actions(self, seat: int) -> list[int]:
        if self.phase == "play":
            return list(self.hands[seat])
        moves = self._snaps(seat)
        if seat == self.turn:
            moves.append(COVER)
        return sorted(moves)

    def _apply(self, seat: int, action: int) -> list[Event]:
        if action == COVER:
            self.phase = "play"
            if self.deck:
                self.hands[seat] = sorted([*self.hands[seat], self.deck.pop()])
            return [public("cover", seat=seat)]
        card = action % CARDS
        self.hands[seat].remove(card)
        self.pile.append(card)
        events = [public("snap" if action >= CARDS else "play", seat=seat, card=face(card))]
        if action < CARDS:
            self.turn = (seat + 1) % self.num_players
            self.phase = "window"
        if not self.hands[seat]:
            self.winner = seat
            events.append(public("win", seat=seat))
        return events

    def num_actions(self) -> int:
        return COVER + 1

    def action_to_json(self, action: int) -> dict[str, Any]:
        if action == COVER:
            return {"type": "cover"}
        kind = "snap" if action >= CARDS else "play"
        return {"type": kind, "card": action % CARDS}

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        kind = data.get("type")
        if kind == "cover":
            return COVER
        card = data.get("card")
        if kind in ("play", "snap") and isinstance(card, int) and 0 <= card < CARDS:
            return card + (CARDS if kind == "snap" else 0)
        raise BadAction("Acción mal formada.", "Malformed action.")

    def is_terminal(self) -> bool:
        return self.winner is not None

    def outcome(self) -> Outcome:
        winners = (self.winner,) if self.winner is not None else ()
        return Outcome(winners, tuple(float(len(h)) for h in self.hands), 1)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "snap",
            "seat": seat,
            "num_players": self.num_players,
            "phase": self.phase,
            "actors": list(self.actors()),
            "required": list(self.required_actors()),
            "round": 1,
            "scores": [len(h) for h in self.hands],
            "over": self.winner is not None,
            "winners": [self.winner] if self.winner is not None else [],
            "hand": [face(c) for c in self.hands[seat]] if seat is not None else [],
            "top": face(self.pile[-1]) if self.pile else None,
            "deck": len(self.deck),
        }

    def card_ids(self) -> list[int]:
        return [c for h in self.hands for c in h] + self.deck + self.pile

    def hidden_cards(self, seat: int | None) -> list[int]:
        others = [c for s, h in enumerate(self.hands) if s != seat for c in h]
        return others + self.deck

    def determinize(self, seat: int, rng: random.Random) -> Self:
        world = self.clone()
        hidden = world.hidden_cards(seat)
        rng.shuffle(hidden)
        for s in range(world.num_players):
            if s != seat:
                world.hands[s] = sorted(hidden[: len(world.hands[s])])
                hidden = hidden[len(world.hands[s]) :]
        world.deck = hidden
        return world

    def clone(self) -> Self:
        return copy.deepcopy(self)

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "deck": self.deck, "pile": self.pile, "turn": self.turn, "phase": self.phase}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        raise NotImplementedError("not needed by the terminal tests")


class SnapBot(Bot):
    """Snaps whenever it can after `delay` seconds; otherwise plays its lowest card."""

    name = "snap"

    def __init__(self, delay: float) -> None:
        self.delay = delay

    def decide(self, obs: Observation) -> Decision | None:
        snaps = [a for a in obs.legal if CARDS <= a < COVER]
        if snaps:
            return Decision(snaps[0], self.delay)
        if not obs.required:
            return None
        return Decision(obs.legal[-1] if COVER in obs.legal else obs.legal[0], 0.5)


class SnapGame(Game):
    id = "snap"
    name = {"es": "Snap", "en": "Snap"}  # noqa: RUF012
    min_players = 2
    max_players = 4
    default_players = 3
    options_type = SnapOptions
    state_type = SnapState
    bot_delay = 0.5

    def _new_state(self, num_players: int, options: Any, seed: int) -> State:
        return SnapState(num_players, options, seed)

    def heuristic_bot(self, rng: random.Random) -> Bot:
        return SnapBot(self.bot_delay)

    def rules_text(self, lang: str) -> str:
        return (
            "# Snap\n\nJuega una carta; quien tenga el mismo número puede robarla."
            if lang == "es"
            else ("# Snap\n\nPlay a card; whoever holds the same rank may snap it.")
        )

    def describe_action(self, state: State, action: int, lang: str) -> str:
        data = state.action_to_json(action)
        if data["type"] == "cover":
            return "cubrir (robar)" if lang == "es" else "cover (draw)"
        verb = {"play": ("jugar", "play"), "snap": ("¡snap!", "snap!")}[data["type"]]
        return f"{verb[lang == 'en']} {face(data['card'])}"

    def describe_event(self, event: Event, lang: str) -> str:
        return f"{event.kind} {event.data}"

    def render_text(self, view: Mapping[str, Any], lang: str) -> str:
        return f"[bold]top[/bold] {view['top']}  deck {view['deck']}\nhand {' '.join(view['hand'])}"

    def card_faces(self) -> frozenset[str]:
        return frozenset(face(c) for c in range(CARDS))

    def card_face(self, card_id: int) -> str:
        return face(card_id)
