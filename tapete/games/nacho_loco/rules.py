"""Nacho Loco: the state of a match and its transitions (NAC-1..NAC-17).

Phases of a turn (the seat `turn` acts in each):

    play        place a card if you can; else draw (or pass, nothing to draw)
    drawn       you drew: place that card or pass (NAC-7)
    again       Go Again: place one more card or pass (NAC-9)
    choose      Opponent Draws 3: choose the opponent (NAC-9)
    round_over  the round's winner deals the next round (NAC-16)
    over        the match is over (NAC-17)

Rulings (the rules file states those marked with a rule id):
- After drawing (NAC-7) the player always gets the choice, even when the
  card cannot go anywhere (then only "pass"), so the table never learns
  from the flow whether the drawn card was playable. Go Again likewise.
- NAC-12 counts consecutive turns that end without placing a card: a draw
  then a pass, or a pass with nothing to draw. A declined drawn card counts
  (NAC-12).
- A close (NAC-11/12/13) ends the closer's turn at once: pending Go Again and
  Skip Next lapse, since the closer plays first on the new field (NAC-9).
- Skip Next skips the next turn that is not the player's own.
- The new field's card is turned up before the closed field joins the
  cleared cards (NAC-10: never the current field); only if nothing else is
  left does the closed field feed the new pile.
- The field has no edge (NAC-3, see geometry): a place action names its
  cell by slot, the cell's place among the open cells in the order they
  opened.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Self

from tapete.engine import (
    ALONE,
    CLONE,
    FRESH,
    LIST,
    LISTS,
    Event,
    FieldState,
    Outcome,
    Rejection,
    Rng,
    public,
    redeal,
)
from tapete.engine import fields as sf  # sf.Field: a state field (geometry.Field is the playfield)

from . import actions as act
from .cards import (
    CARD_DESIGN,
    CARD_FACES,
    CLOSER,
    CLOSER_CARD,
    GO_AGAIN,
    NUM_CARDS,
    NUM_DESIGNS,
    SEGMENT_NAMES,
    SKIP_NEXT,
    card_face,
)
from .geometry import FIT_TABLES, HAS_ACTION, ORIGIN, Field, cell_coords, matched_actions
from .illegal import explain
from .legal import legal_actions
from .options import Options
from .phases import AGAIN, CHOOSE, DRAWN, OVER, PHASES, PLAY, ROUND_OVER
from .views import view

HAND_SIZE = 6


def _placed_from_json(data: list[list[int]]) -> list[tuple[int, int, int]]:
    return [(int(c), int(cell), int(r)) for c, cell, r in data]


class NachoLocoState(FieldState):
    game_id = "nacho-loco"
    OPTIONS = Options
    FIELDS = (
        sf.Field("table", json=False),  # the fit tables of the options, rebuilt from them
        sf.Field("round"), sf.Field("scores", LIST), sf.Field("hands", LISTS), sf.Field("pile", LIST),
        sf.Field("cleared", LIST),
        sf.Field("placed", LIST, dump=lambda placed: [list(p) for p in placed], load=_placed_from_json),
        sf.Field("field", CLONE, json=False),  # the playfield, rebuilt from `placed`
        sf.Field("phase"), sf.Field("turn"), sf.Field("drawn"), sf.Field("again"), sf.Field("skips"),
        sf.Field("choices"), sf.Field("closing"), sf.Field("last_matcher"), sf.Field("idle"),
        sf.Field("_ev", FRESH, json=False),
    )  # fmt: skip
    space = act.SPACE

    def __init__(self, num_players: int, options: Options, seed: int, *, deal: bool = True) -> None:
        super().__init__(num_players, options, seed)
        self.table = FIT_TABLES[options.all_contacts_must_match]
        self.round = 0
        self.scores = [0] * num_players
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.pile: list[int] = []  # the draw pile; its top is the end
        self.cleared: list[int] = []  # cards of cleared playfields (public)
        self.placed: list[tuple[int, int, int]] = []  # (card, cell, rotation) on the field, in order
        self.field = Field()
        self.phase = PLAY
        self.turn = 0
        self.drawn = False  # phase drawn: the drawn card is the last of the hand
        self.again = 0  # Go Again plays still owed this turn
        self.skips = 0  # Skip Next to apply when the turn ends
        self.choices = 0  # Opponent Draws 3 choices still owed
        self.closing = False  # a killer close waits for the choices
        self.last_matcher: int | None = None  # on the current field (NAC-12)
        self.idle = 0  # consecutive turns without a card placed (NAC-12)
        self._ev: list[Event] = []
        if deal:
            self.round = 1
            self._deal(self.rng.randint(0, num_players - 1))
            self._ev = []

    # -- who acts -------------------------------------------------------------
    def round_index(self) -> int:
        return self.round

    def actors(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    def turn_rule(self) -> str:
        return "NAC-6"

    # -- legal actions --------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[int]:
        return legal_actions(self, seat)

    def why_illegal(self, seat: int, action: int) -> Rejection:
        return explain(self, seat, action)

    # -- applying ---------------------------------------------------------------------
    def _apply(self, seat: int, action: int) -> list[Event]:
        self._ev = []
        if act.is_place(action):
            self._place(seat, action)
        elif action == act.DRAW:
            self._draw_for_turn(seat)
        elif action == act.PASS:
            self._pass(seat)
        elif action == act.NEXT_ROUND:
            self.round += 1
            self._deal(seat)
        else:
            self.choices -= 1
            self._opponent_draws(seat, action - act.TARGET)
            self._resolve(seat)
        events, self._ev = self._ev, []
        return events

    def _place(self, seat: int, action: int) -> None:
        """NAC-4/5: put a card down; NAC-8, NAC-9, NAC-11, NAC-13 follow."""
        rest, rotation = divmod(action, 3)  # act.unplace
        slot, design = divmod(rest, NUM_DESIGNS)
        field = self.field
        cell = field.cell_at(slot)
        hand = self.hands[seat]
        if self.phase == DRAWN:
            card = hand[-1]
        else:
            for card in hand:
                if CARD_DESIGN[card] == design:
                    break
        hand.remove(card)
        pattern = field.open[cell]
        matched = self.table.matches(pattern, design, rotation)
        field.place(cell, design, rotation)
        self.placed.append((card, cell, rotation))
        self.drawn = False
        self.idle = 0
        self.last_matcher = seat
        x, y = cell_coords(cell)
        data = {"seat": seat, "card": CARD_FACES[card], "cell": [x, y], "rotation": rotation, "matches": matched}
        self._ev.append(Event("place", data))
        if design == CLOSER:
            self._emit(public("close", seat=seat, how="closer"))  # NAC-13: no extra draws
            self._close(seat)
            return
        if matched >= 2:  # NAC-8
            for other in self._others(seat):
                self._draw(other, matched - 1, "match")
        for effect in matched_actions(pattern, design, rotation) if HAS_ACTION[design] else ():  # NAC-9
            self._emit(public("effect", seat=seat, action=SEGMENT_NAMES[effect]))
            if effect == SKIP_NEXT:
                self.skips += 1
            elif effect == GO_AGAIN:
                self.again += 1
            else:
                self.choices += 1
        self.closing = self.field.is_dead(self.table)  # NAC-11
        self._resolve(seat)

    def _resolve(self, seat: int) -> None:
        """Settle what a placement owes, in order: Opponent Draws 3 choices,
        a killer close and its gifts, the end of the round, Go Again."""
        while self.choices:
            others = self._others(seat)
            if len(others) > 1:
                self.phase = CHOOSE
                return
            self.choices -= 1
            self._opponent_draws(seat, others[0])
        if self.closing:
            self.closing = False
            self._emit(public("close", seat=seat, how="killer"))
            self._close(seat)
            return
        if not self.hands[seat]:
            self._end_round(seat)
        elif self.again:
            self.again -= 1
            self.phase = AGAIN
        else:
            self._end_turn(seat, placed=True)

    def _opponent_draws(self, seat: int, target: int) -> None:
        self._emit(public("target", seat=seat, target=target))
        self._draw(target, 3, "draw3")

    def _draw_for_turn(self, seat: int) -> None:
        """NAC-7: no card to play, draw one; then place it or pass."""
        self._draw(seat, 1, "turn")
        self.drawn = True
        self.phase = DRAWN

    def _pass(self, seat: int) -> None:
        placed = self.phase == AGAIN
        self._emit(public("pass", seat=seat, phase=self.phase))
        self._end_turn(seat, placed=placed)

    def _end_turn(self, seat: int, *, placed: bool) -> None:
        self.phase = PLAY
        self.drawn = False
        self.again = 0
        if not placed:
            self.idle += 1
            if self.idle >= self.num_players:  # NAC-12
                self._stalled(seat)
                return
        nxt = (seat + 1) % self.num_players
        while self.skips:  # NAC-9 Skip Next
            self.skips -= 1
            self._emit(public("skipped", seat=nxt))
            nxt = (nxt + 1) % self.num_players
            if nxt == seat and self.skips:
                nxt = (nxt + 1) % self.num_players
        self.turn = nxt

    def _stalled(self, seat: int) -> None:
        """NAC-12: everyone in turn failed to place a card."""
        self.idle = 0
        closer = self.last_matcher
        if closer is None:
            self._emit(public("close", seat=None, how="stalled"))
            self._new_field()
            self.turn = (seat + 1) % self.num_players
            return
        self._emit(public("close", seat=closer, how="stalled"))
        self._close(closer)

    def _close(self, closer: int) -> None:
        """NAC-14: gifts, a new field, and the closer plays first."""
        self.again = self.skips = 0
        for other in self._others(closer):
            self._draw(other, 1, "gift")
        if not self.hands[closer]:
            self._end_round(closer)
            return
        self._new_field()
        self.turn = closer
        self.phase = PLAY

    def _end_round(self, winner: int) -> None:
        """NAC-15, NAC-17: score the cards left in the other hands."""
        points = sum(len(h) for s, h in enumerate(self.hands) if s != winner)
        self.scores[winner] += points
        self.turn = winner
        self.again = self.skips = self.choices = 0
        over = self.scores[winner] >= self.options.target
        self.phase = OVER if over else ROUND_OVER
        self._emit(public("round_end", seat=winner, points=points, scores=list(self.scores), over=over))

    # -- cards moving -----------------------------------------------------------------
    def _deal(self, first: int) -> None:
        """NAC-6, NAC-16: gather, shuffle, deal 6 each, turn up a card."""
        self.pile = list(range(NUM_CARDS))
        self.rng.shuffle(self.pile)
        self.hands = [[] for _ in range(self.num_players)]
        for _ in range(HAND_SIZE):
            for hand in self.hands:
                hand.append(self.pile.pop())
        self.cleared = []
        self.placed = []
        self.field = Field()
        self.drawn = False
        self.again = self.skips = self.choices = self.idle = 0
        self.closing = False
        self._emit(public("round_start", round=self.round, first=first))
        self._new_field()
        self.turn = first
        self.phase = PLAY

    def _new_field(self) -> None:
        """Turn up a card to start a field at the origin (NAC-6, NAC-14)."""
        old = [card for card, _, _ in self.placed]
        self.placed = []
        self.field = Field()
        self.last_matcher = None
        self.idle = 0
        if old:
            self._emit(public("field_cleared", cards=len(old)))
        card = self._turn_up()
        if card is None:  # nothing else left: the closed field feeds the pile
            self.cleared.extend(old)
            old = []
            card = self._turn_up()
        self.cleared.extend(old)
        if card is None:
            raise RuntimeError("no card to turn up")  # impossible: the old field holds a normal card
        self.field.place(ORIGIN, CARD_DESIGN[card], 0)
        self.placed.append((card, ORIGIN, 0))
        self._emit(public("field_start", card=card_face(card)))

    def _turn_up(self) -> int | None:
        """The top normal card of the pile; The Closer is set aside and then
        shuffled back (NAC-6). None if no normal card is left to draw."""
        closer_out = False
        card: int | None = None
        while self.pile or self._refill():
            top = self.pile.pop()
            if top != CLOSER_CARD:
                card = top
                break
            closer_out = True
            self._emit(public("closer_back"))
        if closer_out:
            self.pile.append(CLOSER_CARD)
            self.rng.shuffle(self.pile)
        return card

    def _refill(self) -> bool:
        """NAC-10: cleared playfields become the new draw pile."""
        if not self.cleared:
            return False
        self.pile, self.cleared = self.cleared, []
        self.rng.shuffle(self.pile)
        self._emit(public("refill", count=len(self.pile)))
        return True

    def _draw(self, seat: int, count: int, reason: str) -> None:
        got: list[int] = []
        for _ in range(count):
            if not self.pile and not self._refill():
                break
            got.append(self.pile.pop())
        self.hands[seat].extend(got)
        events = self._ev
        events.append(Event("draw", {"seat": seat, "count": len(got), "wanted": count, "reason": reason}))
        if got:
            events.append(Event("drew", {"seat": seat, "cards": [CARD_FACES[c] for c in got]}, ALONE[seat]))

    def _others(self, seat: int) -> list[int]:
        """The other seats, clockwise from the next one."""
        n = self.num_players
        return [(seat + i) % n for i in range(1, n)]

    def _emit(self, event: Event) -> None:
        self._ev.append(event)

    # -- actions as data ----------------------------------------------------------------
    def action_from_json(self, data: Mapping[str, Any]) -> int:
        """A place may name its cell by coordinates, which only this field turns into a slot."""
        return self.space.from_json(data, self.field)

    # -- the end --------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        target = self.options.target
        winners = tuple(s for s in range(self.num_players) if self.scores[s] >= target) if self.is_terminal() else ()
        return Outcome(winners, tuple(float(s) for s in self.scores), self.round)

    # -- information ------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def card_ids(self) -> list[int]:
        cards = [c for hand in self.hands for c in hand]
        cards += self.pile
        cards += self.cleared
        cards += [card for card, _, _ in self.placed]
        return cards

    def hidden_cards(self, seat: int | None) -> list[int]:
        hidden = list(self.pile)
        for s, hand in enumerate(self.hands):
            if s != seat:
                hidden += hand
        return hidden

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Redeal the pile and the other hands (sizes kept) from their pool."""
        world = self.clone()
        redeal([world.pile, *(h for s, h in enumerate(world.hands) if s != seat)], rng)
        world.rng = Rng(rng.getrandbits(64))
        return world

    def _after_load(self) -> None:
        if self.phase not in PHASES:
            raise ValueError(f"unknown phase {self.phase!r}")
        self.table = FIT_TABLES[self.options.all_contacts_must_match]
        self.field = Field.from_cells([(cell, CARD_DESIGN[c], r) for c, cell, r in self.placed])
