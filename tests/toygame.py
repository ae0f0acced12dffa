"""Eco: the one small game the tests use for what is not any real game's rules.

It has the three things the tools around the games must get right: hidden
hands, a reaction window that races (like Bacan's mirrors) and a
simultaneous choice (like WANTED's commits). Its options switch each part on
or off, so one set of rules serves the server's clocks, the table core, the
terminal, the search and the RL adapters.

The rules (ECO-1..ECO-6):

- ECO-1 Deck and deal: `values` x `copies` cards (face "e<value>"); each seat
  holds `hand` cards, kept in order of value. The seat on turn plays a card
  from a slot of its hand face up; without `cover` it draws a replacement at
  once.
- ECO-2 Snap: while the top card is live, a seat holding a card of the same
  value may snap it onto the pile (a reaction: it races and does not wait)
  and scores 1. With `wrong_snaps` any card may be snapped: a wrong one stays
  in hand and costs 1.
- ECO-3 The next play: without `cover`, the next seat's play waits for the
  window (an ordinary action). With `cover`, the next seat must first cover
  the pile (draw a card, which waits for the window and closes it), then play.
- ECO-4 Duel: every `duel_every`-th play (0: never) starts a duel instead of
  a window: every seat commits a card at once, face down; when all have
  committed they are shown and the strictly highest scores 2.
- ECO-5 A round ends when a hand is empty (that seat scores 2) or after
  `plays` plays (0: no limit); the cards are dealt again for the next one.
- ECO-6 After `rounds` rounds the highest score wins (ties share the win).

Variants: `EcoGame` ("eco": the server's and the table core's clocks, a bot
that never snaps), `SnapGame` ("snap": covers and no wrong snaps, the
terminal's clock, a bot that snaps after half a second) and `ToyGame`
("toy": two rounds with duels and covers, a greedy bot that always snaps and
plays its highest card, for the search and the RL adapters).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from tapete.engine import BadAction, Bot, Decision, Event, Game, Observation, Outcome, Rejection, State, private, public
from tapete.engine.fields import LIST, LISTS, Field, FieldState, redeal
from tapete.engine.options import option, parse_options
from tapete.engine.rng import Rng

SLOTS = 8
PLAY, SNAP, COMMIT = 0, SLOTS, 2 * SLOTS  # play / snap / commit the card in slot i: PLAY + i ...
COVER = 3 * SLOTS
KINDS = ("play", "snap", "commit")


@dataclass(frozen=True)
class EcoOptions:
    values: int = option(4, es="Valores", en="Values", minimum=2, maximum=9)
    copies: int = option(4, es="Copias de cada valor", en="Copies of each value", minimum=1, maximum=4)
    hand: int = option(3, es="Cartas en mano", en="Cards in hand", minimum=1, maximum=SLOTS)
    cover: bool = option(False, es="Cubrir antes de jugar", en="Cover before playing")
    wrong_snaps: bool = option(True, es="Se puede fallar un snap", en="Wrong snaps allowed")
    duel_every: int = option(4, es="Duelo cada tantas jugadas", en="Duel every so many plays", minimum=0)
    plays: int = option(12, es="Jugadas por ronda", en="Plays per round", minimum=0)
    rounds: int = option(1, es="Rondas", en="Rounds", minimum=1)


def value(card: int, options: EcoOptions) -> int:
    return card % options.values + 1


def face(card: int, options: EcoOptions) -> str:
    return f"e{value(card, options)}"


class EcoState(FieldState):
    game_id = "eco"
    OPTIONS = EcoOptions
    FIELDS = (
        Field("hands", LISTS),
        Field("deck", LIST),
        Field("pile", LIST),
        Field("live"),
        Field("turn"),
        Field("plays"),
        Field("phase"),  # play | cover | duel
        Field("commits", LIST),  # the slot each seat committed in a duel, or None
        Field("scores", LIST),
        Field("round"),
        Field("over"),
    )
    options: EcoOptions

    def __init__(self, num_players: int, options: EcoOptions, seed: int) -> None:
        super().__init__(num_players, options, seed)
        self.scores = [0] * num_players
        self.round = 1
        self.over = False
        self._deal()

    def _deal(self) -> None:
        deck = list(range(self.options.values * self.options.copies))
        self.rng.shuffle(deck)
        self.hands = [
            self._ordered(deck[s * self.options.hand : (s + 1) * self.options.hand]) for s in range(self.num_players)
        ]
        self.deck = deck[self.num_players * self.options.hand :]
        self.pile: list[int] = []
        self.live = False
        self.turn = (self.round - 1) % self.num_players
        self.plays = 0
        self.phase = "play"
        self.commits: list[int | None] = [None] * self.num_players

    def _ordered(self, cards: list[int]) -> list[int]:
        return sorted(cards, key=lambda c: (value(c, self.options), c))

    def _value(self, card: int) -> int:
        return value(card, self.options)

    def _face(self, card: int) -> str:
        return face(card, self.options)

    # -- who acts ---------------------------------------------------------------
    def round_index(self) -> int:
        return self.round

    def actors(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.phase == "duel":
            return tuple(s for s in range(self.num_players) if self.commits[s] is None)
        if self.live:
            return tuple(s for s in range(self.num_players) if s == self.turn or self._snaps(s))
        return (self.turn,)

    def required_actors(self) -> tuple[int, ...]:
        if self.over:
            return ()
        return self.actors() if self.phase == "duel" else (self.turn,)

    def is_reaction(self, seat: int, action: int) -> bool:
        return SNAP <= action < COMMIT

    # -- actions ------------------------------------------------------------------
    def _snaps(self, seat: int) -> list[int]:
        """ECO-2: the slots `seat` may snap from."""
        hand = self.hands[seat]
        if self.options.wrong_snaps:
            return list(range(len(hand)))
        top = self._value(self.pile[-1])
        return [i for i, c in enumerate(hand) if self._value(c) == top]

    def _legal_actions(self, seat: int) -> list[int]:
        slots = range(len(self.hands[seat]))
        if self.phase == "duel":
            return [COMMIT + i for i in slots]
        legal = [SNAP + i for i in self._snaps(seat)] if self.live else []
        if seat == self.turn:
            legal += [COVER] if self.phase == "cover" else [PLAY + i for i in slots]
        return sorted(legal)

    def why_illegal(self, seat: int, action: int) -> Rejection:
        if SNAP <= action < COMMIT:
            return Rejection("ECO-2", "Ese snap no es posible ahora.", "That snap is not possible now.")
        if self.phase == "cover" and action != COVER:
            return Rejection("ECO-3", "Primero hay que cubrir.", "You must cover first.")
        return Rejection("ECO-1", "Esa carta no se puede jugar.", "That card cannot be played.")

    def _apply(self, seat: int, action: int) -> list[Event]:
        if action == COVER:
            events = self._cover(seat)
        else:
            kind, slot = KINDS[action // SLOTS], action % SLOTS
            move = {"play": self._play, "snap": self._snap, "commit": self._commit}[kind]
            events = move(seat, slot)
        return events + self._round_end()

    def _draw(self, seat: int) -> list[Event]:
        if not self.deck:
            return []
        card = self.deck.pop()
        self.hands[seat] = self._ordered([*self.hands[seat], card])
        return [public("drew", seat=seat), private([seat], "drew_card", seat=seat, card=self._face(card))]

    def _play(self, seat: int, slot: int) -> list[Event]:
        card = self.hands[seat].pop(slot)
        self.pile.append(card)
        self.plays += 1
        events = [public("played", seat=seat, card=self._face(card))]
        if not self.options.cover:
            events += self._draw(seat)
        self.turn = (seat + 1) % self.num_players
        every = self.options.duel_every
        if every and self.plays % every == 0 and all(self.hands) and not self._round_over():
            self.phase, self.live = "duel", False  # ECO-4
            return [*events, public("duel_started")]
        self.phase = "cover" if self.options.cover else "play"
        self.live = True
        return events

    def _cover(self, seat: int) -> list[Event]:
        self.phase, self.live = "play", False
        return [public("cover", seat=seat), *self._draw(seat)]

    def _snap(self, seat: int, slot: int) -> list[Event]:
        card = self.hands[seat][slot]
        if self._value(card) != self._value(self.pile[-1]):
            self.scores[seat] -= 1
            return [public("snap", seat=seat, ok=False)]
        self.hands[seat].pop(slot)
        self.pile.append(card)
        self.scores[seat] += 1
        return [public("snap", seat=seat, ok=True, card=self._face(card))]

    def _commit(self, seat: int, slot: int) -> list[Event]:
        self.commits[seat] = slot
        events = [public("committed", seat=seat)]
        if any(c is None for c in self.commits):
            return events
        shown = {s: self.hands[s][i] for s, i in enumerate(self.commits) if i is not None}
        best = max(self._value(c) for c in shown.values())
        top = [s for s, c in shown.items() if self._value(c) == best]
        if len(top) == 1:
            self.scores[top[0]] += 2
        for s, card in shown.items():
            self.hands[s].remove(card)
            self.pile.append(card)
        self.commits = [None] * self.num_players
        self.phase = "play"
        cards = {str(s): self._face(c) for s, c in shown.items()}
        return [*events, public("duel", cards=cards, winner=top[0] if len(top) == 1 else None)]

    # -- rounds and the end ---------------------------------------------------------
    def _round_over(self) -> bool:
        return not all(self.hands) or 0 < self.options.plays <= self.plays

    def _round_end(self) -> list[Event]:
        """ECO-5, ECO-6."""
        if self.phase == "duel" or not self._round_over():
            return []
        for s, hand in enumerate(self.hands):
            if not hand:
                self.scores[s] += 2
        events = [public("round_end", round=self.round, scores=list(self.scores))]
        if self.round >= self.options.rounds:
            self.over = True
            return [*events, public("end")]
        self.round += 1
        self._deal()
        return [*events, public("deal", round=self.round)]

    def is_terminal(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        best = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        return Outcome(winners, tuple(map(float, self.scores)), self.round)

    # -- actions as data --------------------------------------------------------------
    def num_actions(self) -> int:
        return COVER + 1

    def action_to_json(self, action: int) -> dict[str, Any]:
        if action == COVER:
            return {"type": "cover"}
        return {"type": KINDS[action // SLOTS], "slot": action % SLOTS}

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        kind, slot = data.get("type"), data.get("slot")
        if kind == "cover":
            return COVER
        if kind not in KINDS or not isinstance(slot, int) or not 0 <= slot < SLOTS:
            raise BadAction(f"Acción desconocida: {dict(data)!r}.", f"Unknown action: {dict(data)!r}.", rule="eco")
        return KINDS.index(kind) * SLOTS + slot

    # -- information -------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        # no "actors": without wrong snaps they tell who holds a match (the
        # front ends take who acts from actors(), as for any game)
        return {
            "game": self.game_id,
            "seat": seat,
            "num_players": self.num_players,
            "phase": self.phase,
            "round": self.round,
            "scores": list(self.scores),
            "over": self.over,
            "winners": list(self.outcome().winners) if self.over else [],
            "hand": [self._face(c) for c in self.hands[seat]] if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "top": self._face(self.pile[-1]) if self.pile else None,
            "live": self.live,
            "committed": [s for s, c in enumerate(self.commits) if c is not None],
            "deck": len(self.deck),
            "turn": self.turn,
        }

    def card_ids(self) -> list[int]:
        return [c for h in self.hands for c in h] + self.deck + self.pile

    def hidden_cards(self, seat: int | None) -> list[int]:
        return [c for s, h in enumerate(self.hands) if s != seat for c in h] + self.deck

    def determinize(self, seat: int, rng: random.Random) -> Self:
        world = self.clone()
        others = [world.hands[s] for s in range(self.num_players) if s != seat]
        redeal([*others, world.deck], rng)
        for hand in others:
            hand[:] = world._ordered(hand)
        world.rng = Rng(rng.getrandbits(63))
        return world


class EcoBot(Bot):
    """Snaps a matching card after `snap_delay` seconds (never when None);
    covers when it must; otherwise plays or commits its lowest card (its
    highest when `highest`) after `delay` seconds."""

    def __init__(self, snap_delay: float | None, delay: float, highest: bool) -> None:
        self.snap_delay = snap_delay
        self.delay = delay
        self.highest = highest

    def decide(self, obs: Observation) -> Decision | None:
        hand, top = obs.view["hand"], obs.view["top"]
        snaps = [a for a in obs.legal if SNAP <= a < COMMIT and hand[a - SNAP] == top]
        if snaps and self.snap_delay is not None:
            return Decision(snaps[0], self.snap_delay)
        if not obs.required:
            return None
        moves = [a for a in obs.legal if not SNAP <= a < COMMIT]
        return Decision(moves[-1] if self.highest else moves[0], self.delay)


class EcoGame(Game):
    id = "eco"
    name: ClassVar[dict[str, str]] = {"es": "Eco", "en": "Echo"}
    min_players = 2
    max_players = 4
    default_players = 2
    options_type = EcoOptions
    state_type = EcoState
    # this variant's options where they differ from EcoOptions' defaults
    variant: ClassVar[Mapping[str, Any]] = {}
    # the heuristic bot: how fast it snaps (None: never), plays, and which card
    bot_snap_delay: ClassVar[float | None] = None
    bot_delay: ClassVar[float] = 1.0
    bot_highest: ClassVar[bool] = False

    def parse_options(self, raw: Mapping[str, Any] | Any | None) -> Any:
        if isinstance(raw, EcoOptions):
            return raw
        return parse_options(EcoOptions, {**self.variant, **(raw or {})})

    def _new_state(self, num_players: int, options: Any, seed: int) -> State:
        return self.state_type(num_players, options, seed)

    def heuristic_bot(self, rng: random.Random) -> Bot:
        return EcoBot(self.bot_snap_delay, self.bot_delay, self.bot_highest)

    def rules_text(self, lang: str) -> str:
        return f"# {self.name[lang]}\n\n{__doc__}"

    def describe_action(self, state: State, action: int, lang: str) -> str:
        data = state.action_to_json(action)
        verbs = {
            "play": ("jugar", "play"),
            "snap": ("¡snap!", "snap!"),
            "commit": ("comprometer", "commit"),
            "cover": ("cubrir (robar)", "cover (draw)"),
        }
        verb = verbs[data["type"]][lang == "en"]
        if data["type"] == "cover":
            return verb
        return f"{verb} {('la carta', 'card')[lang == 'en']} {data['slot'] + 1}"

    def describe_event(self, event: Event, lang: str) -> str:
        return f"{event.kind} {event.data}"

    def render_text(self, view: Mapping[str, Any], lang: str) -> str:
        hand = " ".join(view["hand"] or [])
        return f"[bold]top[/bold] {view['top']}  deck {view['deck']}\nhand {hand}"

    def card_faces(self) -> frozenset[str]:
        return frozenset(f"e{v}" for v in range(1, 10))

    def card_face(self, card_id: int) -> str:
        return face(card_id, EcoOptions(**self.variant))


class SnapState(EcoState):
    game_id = "snap"


class ToyState(EcoState):
    game_id = "toy"


class SnapGame(EcoGame):
    id = "snap"
    state_type = SnapState
    name: ClassVar[dict[str, str]] = {"es": "Snap", "en": "Snap"}
    default_players = 3
    variant: ClassVar[Mapping[str, Any]] = {
        "values": 6,
        "copies": 3,
        "cover": True,
        "wrong_snaps": False,
        "duel_every": 0,
        "plays": 0,
    }
    bot_snap_delay: ClassVar[float | None] = 0.5
    bot_delay: ClassVar[float] = 0.5


class ToyGame(EcoGame):
    id = "toy"
    state_type = ToyState
    name: ClassVar[dict[str, str]] = {"es": "Juguete", "en": "Toy"}
    default_players = 3
    max_players = 3
    variant: ClassVar[Mapping[str, Any]] = {"values": 6, "copies": 2, "cover": True, "wrong_snaps": False, "rounds": 2}
    bot_snap_delay: ClassVar[float | None] = 0.5
    bot_highest: ClassVar[bool] = True


ECO = EcoGame()
SNAP_GAME = SnapGame()
TOY = ToyGame()
