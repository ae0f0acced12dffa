"""Boon's information state as numbers (engine/encoding.py; docs/encodings.md).

Observation: the seat's hand, the trick on the table by relative seat, who
took or passed the Boon, the tricks and victory cards of each seat, and
what the taker buried when the seat is the taker. Memory: every card seen
played this round by each seat, the suits each seat has shown it lacks,
the points each seat has taken in tricks, and the Boon's cards when this
seat took it. Seats are relative to the encoder's (0 = itself), padded to 4.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tapete.engine import Event
from tapete.engine.encoding import InfoEncoder, Layout, Segment, cells

from .actions import BURY_BASE, DEAL, PASS, PLAY_BASE, TAKE
from .cards import FACE_TO_ID, NUM_CARDS, ORO, POINTS, POWER, SUIT, SUITS, TOTAL_POINTS, VICTORY_CARDS
from .phases import PHASES

SEATS = 4
C = NUM_CARDS
SUIT_OF = {name: i for i, name in enumerate(SUITS)}

OBSERVATION = Layout(
    [
        Segment("hand", C, "1 for each card in the seat's hand"),
        Segment("trick", SEATS * C, "the card each relative seat played to the trick on the table"),
        Segment("led_suit", 4, "the suit led in this trick (azul, verde, rojo, oro)"),
        Segment("phase", len(PHASES), "bid, bury, play, round_over, over"),
        Segment("players", 2, "3 or 4 players"),
        Segment("dealer", SEATS, "the dealer, by relative seat"),
        Segment("turn", SEATS, "the seat on turn, by relative seat"),
        Segment("leader", SEATS, "the seat that led this trick"),
        Segment("taker", SEATS, "the taker of the Boon, by relative seat"),
        Segment("passed", SEATS, "the seats that passed the Boon"),
        Segment("leaster", 1, "1 in a Leaster (everyone passed)"),
        Segment("hand_sizes", SEATS, "cards in each seat's hand / 9"),
        Segment("tricks_won", SEATS, "tricks each seat won this round / 9"),
        Segment("victory", SEATS, "victory cards each seat holds / 20"),
        Segment("buried", C, "the cards the taker buried, when the seat is the taker"),
        Segment("buried_count", 1, "cards buried / 4"),
        Segment("round", 1, "the round's number / 20"),
    ]
)
MEMORY = Layout(
    [
        Segment("played", SEATS * C, "every card each relative seat played this round"),
        Segment("void", SEATS * 4, "the suits each seat has shown it lacks this round"),
        Segment("points", SEATS, "card points each seat took in tricks this round / 120"),
        Segment("boon", C, "the Boon's cards, when this seat took it"),
        Segment("tricks", 1, "tricks played this round / 9"),
    ]
)
ACTIONS = Layout(
    [
        Segment("kind", 4, "deal, pass, take, bury/play"),
        Segment("bury", C, "the card buried"),
        Segment("play", C, "the card played"),
        Segment("card", 3, "the card's points / 11, gold, rank / 14"),
        Segment(
            "tactics",
            8,
            "leads, follows the suit led, takes the trick as it stands, plays last, the points on the "
            "table / 30, the seat's side holds the trick, no unseen card of its suit beats it, "
            "cards of its suit in hand / 14",
        ),
    ]
)


# The segments' offsets as plain ints: the encoder runs at every step of a learner's self-play.
_HAND, _TRICK, _LED, _PHASE, _PLAYERS = (OBSERVATION[k] for k in ("hand", "trick", "led_suit", "phase", "players"))
_PASSED, _LEASTER, _BURIED, _BURIED_COUNT, _ROUND = (
    OBSERVATION[k] for k in ("passed", "leaster", "buried", "buried_count", "round")
)
_HAND_SIZES, _TRICKS_WON, _VICTORY = (OBSERVATION[k] for k in ("hand_sizes", "tricks_won", "victory"))
_SEAT_KEYS = tuple((OBSERVATION[k], k) for k in ("dealer", "turn", "leader", "taker"))
_DEALER, _TURN, _LEADER, _TAKER = (base for base, _ in _SEAT_KEYS)
_PLAYED, _VOID, _POINTS, _BOON, _TRICKS = (MEMORY[k] for k in ("played", "void", "points", "boon", "tricks"))
PHASE_OF = {phase: i for i, phase in enumerate(PHASES)}


class BoonEncoder(InfoEncoder):
    @classmethod
    def layouts(cls, num_players: int, options: Any) -> tuple[Layout, Layout, Layout]:
        return OBSERVATION, MEMORY, ACTIONS

    def __init__(self, seat: int, num_players: int, options: Any) -> None:
        super().__init__(seat, num_players, options)
        self._trick: list[tuple[int, int]] = []  # (seat, card) of the trick under way
        self._tricks = 0

    def copy(self) -> BoonEncoder:
        clone = super().copy()
        clone._trick = list(self._trick)
        return clone

    # -- memory ------------------------------------------------------------------
    def remember(self, event: Event) -> None:
        kind, data, mem = event.kind, event.data, self.memory
        if kind == "play":
            seat, card = data["seat"], FACE_TO_ID[data["card"]]
            rel = (seat - self.seat) % self.num_players
            mem[_PLAYED + rel * C + card] = 1.0
            trick = self._trick
            if trick:
                led = SUIT[trick[0][1]]
                if SUIT[card] != led:
                    mem[_VOID + rel * 4 + led] = 1.0
            trick.append((seat, card))
        elif kind == "trick":
            mem[_POINTS + (data["winner"] - self.seat) % self.num_players] += data["points"] / TOTAL_POINTS
            self._trick = []
            self._tricks += 1
            mem[_TRICKS] = self._tricks / 9.0
        elif kind == "deal":
            mem[:] = 0.0
            self._trick, self._tricks = [], 0
        elif kind == "boon" and data["seat"] == self.seat:
            for face in data["cards"]:
                mem[_BOON + FACE_TO_ID[face]] = 1.0

    # -- the view ----------------------------------------------------------------
    def write_observation(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        me, n = self.seat, self.num_players
        for face in view["hand"]:
            out[_HAND + FACE_TO_ID[face]] = 1.0
        for played in view["trick"]:
            out[_TRICK + (played["seat"] - me) % n * C + FACE_TO_ID[played["card"]]] = 1.0
        led = view["led_suit"]
        if led is not None:
            out[_LED + SUIT_OF[led]] = 1.0
        out[_PHASE + PHASE_OF[view["phase"]]] = 1.0
        out[_PLAYERS + (n - 3)] = 1.0
        for base, key in _SEAT_KEYS:
            seat = view[key]
            if seat is not None:
                out[base + (seat - me) % n] = 1.0
        for seat in view["passed"]:
            out[_PASSED + (seat - me) % n] = 1.0
        out[_LEASTER] = 1.0 if view["leaster"] else 0.0
        hand_sizes, tricks_won, scores = view["hand_sizes"], view["tricks_won"], view["scores"]
        for seat in range(n):
            rel = (seat - me) % n
            out[_HAND_SIZES + rel] = hand_sizes[seat] / 9.0
            out[_TRICKS_WON + rel] = tricks_won[seat] / 9.0
            out[_VICTORY + rel] = scores[seat] / VICTORY_CARDS
        for face in view.get("buried") or ():
            out[_BURIED + FACE_TO_ID[face]] = 1.0
        out[_BURIED_COUNT] = view["buried_count"] / 4.0
        out[_ROUND] = min(view["round"], 40) / 20.0

    def write_state(self, state: Any, out: np.ndarray) -> None:
        """`write_observation` of this seat's view (views.py), read from the state."""
        me, n = self.seat, self.num_players
        ones = [_HAND + card for card in state.hands[me]]
        trick, leader = state.trick, state.leader
        for i, card in enumerate(trick):
            ones.append(_TRICK + ((leader + i) % n - me) % n * C + card)
        if trick:
            ones.append(_LED + SUIT[trick[0]])
        phase = state.phase
        ones += (_PHASE + PHASE_OF[phase], _PLAYERS + (n - 3), _DEALER + (state.dealer - me) % n)
        if phase != "over":
            ones.append(_TURN + (state.turn - me) % n)
        ones.append(_LEADER + (leader - me) % n)
        if state.taker >= 0:
            ones.append(_TAKER + (state.taker - me) % n)
        for seat in state.passed:
            ones.append(_PASSED + (seat - me) % n)
        if state.leaster:
            ones.append(_LEASTER)
        buried = state.buried
        if buried and not state.buried_hidden_from(me):
            ones += [_BURIED + card for card in buried]
        cell = cells(out)
        for at in ones:
            cell[at] = 1.0
        hands, tricks_won, scores = state.hands, state.tricks_won, state.victory
        for seat in range(n):
            rel = (seat - me) % n
            cell[_HAND_SIZES + rel] = len(hands[seat]) / 9.0
            cell[_TRICKS_WON + rel] = tricks_won[seat] / 9.0
            cell[_VICTORY + rel] = scores[seat] / VICTORY_CARDS
        cell[_BURIED_COUNT] = len(buried) / 4.0
        cell[_ROUND] = min(state.round, 40) / 20.0

    def write_action(self, view: Mapping[str, Any], action: int, out: np.ndarray) -> None:
        o = ACTIONS.offsets
        if action in (DEAL, PASS, TAKE):
            out[o["kind"] + action] = 1.0
            return
        out[o["kind"] + 3] = 1.0
        play = action >= PLAY_BASE
        card = action - PLAY_BASE if play else action - BURY_BASE
        out[(o["play"] if play else o["bury"]) + card] = 1.0
        out[o["card"]] = POINTS[card] / 11.0
        out[o["card"] + 1] = 1.0 if SUIT[card] == 3 else 0.0
        out[o["card"] + 2] = (card - 17) / 14.0 if SUIT[card] == 3 else (card % 6 + 1) / 14.0
        self._write_tactics(view, card, play, out, o["tactics"])

    def _write_tactics(self, view: Mapping[str, Any], card: int, play: bool, out: np.ndarray, base: int) -> None:
        """What a card player weighs and a small network finds hard to compose from one-hot cards:
        whether the card takes the trick, whose side holds it, and whether it is master of its suit."""
        hand = [FACE_TO_ID[face] for face in view["hand"]]
        suit = SUIT[card]
        out[base + 7] = sum(1 for c in hand if SUIT[c] == suit) / 14.0
        if not play:
            return
        trick = [(p["seat"], FACE_TO_ID[p["card"]]) for p in view["trick"]]
        out[base + 4] = sum(POINTS[c] for _, c in trick) / 30.0
        out[base + 6] = 1.0 if self._master(card, hand, view) else 0.0
        if not trick:
            out[base] = 1.0
            out[base + 1] = 1.0
            out[base + 2] = 1.0
            return
        led = SUIT[trick[0][1]]
        out[base + 1] = 1.0 if suit == led else 0.0
        out[base + 3] = 1.0 if len(trick) == self.num_players - 1 else 0.0
        holder, best = trick[0]
        for seat, c in trick[1:]:
            if SUIT[c] in (led, ORO) and POWER[c] > POWER[best]:
                holder, best = seat, c
        out[base + 2] = 1.0 if suit in (led, ORO) and POWER[card] > POWER[best] else 0.0
        taker = view["taker"]
        if taker is not None and not view["leaster"] and holder != self.seat:
            out[base + 5] = 1.0 if (holder == taker) == (self.seat == taker) else 0.0

    def _master(self, card: int, hand: list[int], view: Mapping[str, Any]) -> bool:
        """No card of the card's suit that the seat has not seen can beat it."""
        seen = set(hand)
        played = self.memory[_PLAYED : _PLAYED + SEATS * C]
        seen.update(int(i) % C for i in np.flatnonzero(played))
        seen.update(FACE_TO_ID[face] for face in view.get("buried") or ())
        suit = SUIT[card]
        return all(c in seen for c in range(C) if SUIT[c] == suit and POWER[c] > POWER[card])
