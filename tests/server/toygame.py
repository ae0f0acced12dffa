"""Eco: a tiny game with a reaction window and a simultaneous choice.

It exists to test the server's timing rules exactly, apart from any real
game: after a card is played anyone may "snap" a card of the same value
(a reaction, like Bacan's mirrors) while the next player's ordinary play
waits for the window; every fourth play starts a duel in which every seat
secretly commits a card at once (like WANTED).

16 cards, values 1-4 (four copies each, face "e<value>"). Each player holds
3 cards. A correct snap scores 1, a wrong one costs 1; a duel's strictly
highest card scores 2. The match ends after 12 plays; the highest score wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from tapete.engine import BadAction, Bot, Decision, Event, Game, Observation, Outcome, State, private, public

HAND = 3
SLOTS = 8
PLAY, SNAP, COMMIT = 0, SLOTS, 2 * SLOTS
PLAYS_TO_END = 12
KINDS = ("play", "snap", "commit")


def value(card: int) -> int:
    return card % 4 + 1


def face(card: int) -> str:
    return f"e{value(card)}"


@dataclass(frozen=True)
class EcoOptions:
    pass


class EcoState(State):
    game_id = "eco"

    def __init__(self, num_players: int, options: Any, seed: int) -> None:
        super().__init__(num_players, options, seed)
        deck = list(range(16))
        self.rng.shuffle(deck)
        self.hands = [[deck.pop() for _ in range(HAND)] for _ in range(num_players)]
        self.deck = deck
        self.pile: list[int] = []
        self.live = False
        self.turn = 0
        self.plays = 0
        self.phase = "play"
        self.commits: dict[int, int] = {}
        self.scores = [0] * num_players

    # -- who acts ----------------------------------------------------------
    def round_index(self) -> int:
        return 1  # one round

    def actors(self) -> tuple[int, ...]:
        if self.is_terminal():
            return ()
        if self.phase == "duel":
            return tuple(s for s in range(self.num_players) if s not in self.commits)
        if self.live:
            return tuple(range(self.num_players))
        return (self.turn,)

    def required_actors(self) -> tuple[int, ...]:
        if self.is_terminal():
            return ()
        return self.actors() if self.phase == "duel" else (self.turn,)

    def is_reaction(self, seat: int, action: int) -> bool:
        return SNAP <= action < COMMIT

    # -- actions ---------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[int]:
        slots = range(len(self.hands[seat]))
        if self.phase == "duel":
            return [COMMIT + i for i in slots]
        legal = [SNAP + i for i in slots] if self.live else []
        if seat == self.turn:
            legal += [PLAY + i for i in slots]
        return sorted(legal)

    def _apply(self, seat: int, action: int) -> list[Event]:
        kind, slot = KINDS[action // SLOTS], action % SLOTS
        if kind == "play":
            return self._play(seat, slot)
        if kind == "snap":
            return self._snap(seat, slot)
        return self._commit(seat, slot)

    def _play(self, seat: int, slot: int) -> list[Event]:
        card = self.hands[seat].pop(slot)
        self.pile.append(card)
        self.live = True
        self.plays += 1
        events = [public("played", seat=seat, card=face(card))]
        if self.deck:
            drawn = self.deck.pop()
            self.hands[seat].insert(slot, drawn)
            events += [public("drew", seat=seat), private([seat], "drew_card", seat=seat, card=face(drawn))]
        self.turn = (self.turn + 1) % self.num_players
        if self.plays % 4 == 0 and not self.is_terminal() and all(self.hands):
            self.phase, self.live = "duel", False
            events.append(public("duel_started"))
        return events

    def _snap(self, seat: int, slot: int) -> list[Event]:
        card = self.hands[seat][slot]
        if value(card) == value(self.pile[-1]):
            self.hands[seat].pop(slot)
            self.pile.append(card)
            self.scores[seat] += 1
            return [public("snap", seat=seat, ok=True, card=face(card))]
        self.scores[seat] -= 1
        return [public("snap", seat=seat, ok=False)]

    def _commit(self, seat: int, slot: int) -> list[Event]:
        self.commits[seat] = slot
        events = [public("committed", seat=seat)]
        if len(self.commits) < self.num_players:
            return events
        shown = {s: self.hands[s][i] for s, i in self.commits.items()}
        best = max(value(c) for c in shown.values())
        top = [s for s, c in shown.items() if value(c) == best]
        if len(top) == 1:
            self.scores[top[0]] += 2
        for s, i in sorted(self.commits.items()):
            self.pile.append(self.hands[s].pop(i))
        self.commits = {}
        self.phase = "play"
        events.append(public("duel", cards={str(s): face(c) for s, c in shown.items()}, winner=top[0] if len(top) == 1
                             else None))
        return events

    def num_actions(self) -> int:
        return 3 * SLOTS

    def action_to_json(self, action: int) -> dict[str, Any]:
        return {"type": KINDS[action // SLOTS], "slot": action % SLOTS}

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        kind, slot = data.get("type"), data.get("slot")
        if kind not in KINDS or not isinstance(slot, int) or not 0 <= slot < SLOTS:
            raise BadAction(f"Acción desconocida: {dict(data)!r}.", f"Unknown action: {dict(data)!r}.", rule="eco")
        return KINDS.index(kind) * SLOTS + slot

    # -- the end -------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.plays >= PLAYS_TO_END or not all(self.hands)

    def outcome(self) -> Outcome:
        best = max(self.scores)
        return Outcome(tuple(s for s, v in enumerate(self.scores) if v == best), tuple(map(float, self.scores)), 1)

    # -- information -----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.is_terminal()
        return {
            "game": "eco",
            "seat": seat,
            "num_players": self.num_players,
            "phase": self.phase,
            "actors": list(self.actors()),
            "required": list(self.required_actors()),
            "round": 1,
            "scores": list(self.scores),
            "over": over,
            "winners": list(self.outcome().winners) if over else [],
            "hand": [face(c) for c in self.hands[seat]] if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "top": face(self.pile[-1]) if self.pile else None,
            "live": self.live,
            "committed": sorted(self.commits),
            "deck": len(self.deck),
            "turn": self.turn,
        }

    def card_ids(self) -> list[int]:
        return [c for h in self.hands for c in h] + self.deck + self.pile

    def hidden_cards(self, seat: int | None) -> list[int]:
        return [c for s, h in enumerate(self.hands) if s != seat for c in h] + self.deck

    def determinize(self, seat: int, rng: random.Random) -> Self:
        world = self.clone()
        pool = world.hidden_cards(seat)
        rng.shuffle(pool)
        for s, hand in enumerate(world.hands):
            if s != seat:
                world.hands[s] = [pool.pop() for _ in hand]
        world.deck = [pool.pop() for _ in world.deck]
        return world

    def clone(self) -> Self:
        return self.from_json(self.to_json())

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.num_players,
            "rng": self.rng.to_json(),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "pile": list(self.pile),
            "live": self.live,
            "turn": self.turn,
            "plays": self.plays,
            "phase": self.phase,
            "commits": {str(k): v for k, v in self.commits.items()},
            "scores": list(self.scores),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        state = cls(int(data["n"]), EcoOptions(), 0)
        state.rng = state.rng.from_json(data["rng"])
        state.hands = [list(h) for h in data["hands"]]
        state.deck, state.pile = list(data["deck"]), list(data["pile"])
        state.live, state.turn, state.plays, state.phase = data["live"], data["turn"], data["plays"], data["phase"]
        state.commits = {int(k): v for k, v in data["commits"].items()}
        state.scores = list(data["scores"])
        return state


class EcoBot(Bot):
    """Plays its first card; never snaps."""

    def decide(self, obs: Observation) -> Decision | None:
        return Decision(obs.legal[0]) if obs.required else None


class EcoGame(Game):
    id = "eco"
    name: ClassVar[dict[str, str]] = {"es": "Eco", "en": "Echo"}
    min_players = 2
    max_players = 4
    default_players = 2
    rules_version = 1
    options_type = EcoOptions
    state_type = EcoState

    def _new_state(self, num_players: int, options: Any, seed: int) -> State:
        return EcoState(num_players, options, seed)

    def heuristic_bot(self, rng: random.Random) -> Bot:
        return EcoBot()

    def rules_text(self, lang: str) -> str:
        return __doc__ or ""

    def describe_action(self, state: State, action: int, lang: str) -> str:
        data = state.action_to_json(action)
        return f"{data['type']} {data['slot']}"

    def describe_event(self, event: Event, lang: str) -> str:
        return f"{event.kind} {event.data}"

    def render_text(self, view: Mapping[str, Any], lang: str) -> str:
        return str(view)

    def card_faces(self) -> frozenset[str]:
        return frozenset(f"e{v}" for v in range(1, 5))

    def card_face(self, card_id: int) -> str:
        return face(card_id)


GAME = EcoGame()
