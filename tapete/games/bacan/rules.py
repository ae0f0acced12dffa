"""Bacan as tapete plays it: the whole match in one state (rules/bacan.md).

Phases of a round:

- ``deal``: the dealer chooses how many cards everyone peeks at (BAC-8);
  the cards are then dealt (BAC-7). Between rounds the last round's rows
  stay revealed on the table until the new dealer makes this choice.
- ``peek``: every player in play privately picks that many of their own
  slots, all at once (simultaneous choice; skipped for N = 0, automatic
  for N = 4).
- ``turn``: the start of the current seat's turn (call Bacan, draw, or use a
  comodín from the row). While a discard is live every seat in play with a
  card may claim a mirror: a reaction window (BAC-21, BAC-22).
- ``drawn``: the current seat holds a card and swaps, discards or uses it.
- ``exchange``: the second pick of an Intercambio (BAC-18).
- ``give``: after a right espejo ajeno the claimant gives a slot (BAC-21).
- ``over``: the match has ended.

Who knows what: `known[card]` is a bit mask of the seats that know the
card's face (bit n = everyone, spectators included). Slot moves are done in
front of everyone, so knowledge follows each card as it moves; `moved[card]`
marks the seats that knew a card when someone else moved it: an assisted
view stops showing it to them (BAC-10), though they may still remember it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, Self

from tapete.engine import (
    ALONE,
    LIST,
    LISTS,
    Event,
    Field,
    FieldState,
    Outcome,
    Rejection,
    Rng,
    options_to_json,
    parse_options,
    redeal,
)

from . import actions as act
from .cards import COMODIN, FACE, JOKERS, NUM_CARDS, RANK, VALUE
from .common import EXHAUSTED, HOLE, POINTS, ROW_FULL_PENALTY, ev
from .deal import deal, peek
from .illegal import explain
from .legal import held_powers, legal_actions, turn_legal
from .mirrors import claim, give, mirror, mirror_other
from .options import Options
from .phases import DEAL, DRAWN, GIVE, OVER, PEEK, TURN
from .powers import exchange, plus_one, row_joker, secret, spy
from .round_end import end_round
from .views import view, views

TurnTable = tuple[tuple[int, ...], tuple[int, ...], list[list[int] | None]]


def _remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    if len(memo) > 20_000:  # bounded: clear rather than grow without end
        memo.clear()
    memo[key] = value


class BacanState(FieldState):
    """A Bacan match: rounds to the end, scores across rounds (BAC-4)."""

    game_id = "bacan"
    OPTIONS = Options
    FIELDS = (
        Field("rows", LISTS), Field("deck", LIST), Field("discard", LIST), Field("known", LIST),
        Field("moved", LIST), Field("scores", LIST), Field("penalty_points", LIST), Field("in_play", LIST),
        Field("turns", LIST), Field("spent"), Field("phase"), Field("round"), Field("dealer"), Field("current"),
        Field("peek_n"), Field("peek_pending"), Field("held"), Field("held_source"), Field("claimant"),
        Field("last_discarder"), Field("revealed"),
        Field("last_round", dump=dict, load=dict),  # replaced, never changed in place
        Field("pending", dump=list, load=lambda p: (int(p[0]), int(p[1]))),
        Field("winners", dump=list, load=tuple),
        # derived from the options and the fields (`_derive`, `_refresh`), shared by a clone
        Field("space", json=False), Field("_table", json=False), Field("_turn_tables", json=False),
        Field("_turn_legal", json=False), Field("_actors", json=False), Field("_required", json=False),
        Field("_lap", json=False), Field("_joker_flag", json=False), Field("_match_key", json=False),
        Field("public", json=False),
    )  # fmt: skip
    options: Options
    space: act.BacanActions

    def __init__(self, num_players: int, options: Options, seed: int) -> None:
        super().__init__(num_players, options, seed)
        self._derive()
        n = num_players
        self.rows: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = list(range(NUM_CARDS))
        self.discard: list[int] = []
        self.known: list[int] = [0] * NUM_CARDS
        self.moved: list[int] = [0] * NUM_CARDS
        self.spent = 0  # bit mask of comodines whose power is used (BAC-20)
        self.scores: list[int] = [0] * n
        self.penalty_points: list[int] = [0] * n
        self.in_play: list[bool] = [True] * n
        self.turns: list[int] = [0] * n  # turns completed this round (BAC-12)
        self.phase = DEAL
        self.round = 0
        self.dealer = self.rng.randint(0, n - 1)  # BAC-7: the first dealer is random
        self.current = self.dealer
        self.peek_n = 0
        self.peek_pending = 0  # bit mask of seats yet to peek
        self.held = -1
        self.held_source = ""  # "deck" | "discard" | "row"
        self.pending: tuple[int, int] = (-1, -1)  # exchange first pick, or the hole to fill
        self.claimant = -1
        self.last_discarder = -1
        self.winners: tuple[int, ...] = ()
        self.revealed = False
        self.last_round: dict[str, Any] | None = None
        self._refresh()

    def _derive(self) -> None:
        """Facts that follow from the player count and the options alone."""
        options = self.options
        self.space = act.action_space(self.num_players)
        self._table = self.space.table
        self._turn_tables = self.space.turn_tables
        self._turn_legal: list[list[int] | None] = []
        self._actors: tuple[int, ...] = ()
        self._required: tuple[int, ...] = ()
        self._lap = options.discard_draw_from_lap - 1  # completed turns before the discard may be taken
        self._joker_flag = 8 if options.joker_power == "anywhere" else 0
        self._match_key = VALUE if options.mirror_match == "points" else RANK
        self.public = (1 << (self.num_players + 1)) - 1

    # -- who acts ---------------------------------------------------------------
    def _refresh(self) -> None:
        """Recompute who acts after every change (asked often, so cached).

        At the start of a turn, who may act and with what depends only on
        the row sizes, the current seat and a few flags (a live discard; the
        current seat may take it; the comodín option). Those facts key a
        memo shared by every match of this size: the actors and each
        actor's legal list. No card identity enters it, so no legal list
        can hint at a hidden card."""
        phase = self.phase
        if phase == TURN:
            cur = self.current
            sizes = tuple(map(len, self.rows))
            if not self.discard:
                flags = 1 | self._joker_flag
            elif sizes[cur] and self.turns[cur] >= self._lap:
                flags = 7 | self._joker_flag
            else:
                flags = 5 | self._joker_flag
            key = (cur, flags, sizes)
            table = self._turn_tables.get(key)
            if table is None:
                table = self._turn_table(cur, flags, sizes)
                _remember(self._turn_tables, key, table)
            self._actors, self._required, self._turn_legal = table
        elif phase == PEEK:
            self._actors = self._required = tuple(s for s in range(self.num_players) if self.peek_pending >> s & 1)
        elif phase == OVER:
            self._actors = self._required = ()
        elif phase == GIVE:
            self._actors = self._required = (self.claimant,)
        else:
            self._actors = self._required = (self.current,)

    def _turn_table(self, cur: int, flags: int, sizes: tuple[int, ...]) -> TurnTable:
        """Actors, required seats and every actor's legal list at a turn start.
        With a live discard every seat with a card may claim a mirror."""
        live = flags & 4
        actors = tuple(s for s in range(self.num_players) if s == cur or (live and sizes[s]))
        legal: list[list[int] | None] = [None] * self.num_players
        legal[cur] = turn_legal(self, cur, flags, sizes)
        for seat in actors:
            if seat != cur:
                legal[seat] = turn_legal(self, seat, 4, sizes)
        return actors, (cur,), legal

    def round_index(self) -> int:
        return self.round

    def actors(self) -> tuple[int, ...]:
        return self._actors

    def required_actors(self) -> tuple[int, ...]:
        return self._required

    def is_reaction(self, seat: int, action: int) -> bool:
        return self.space.table[action][0] in act.REACTIONS

    def turn_rule(self) -> str:
        if self.phase in (DEAL, PEEK):
            return "BAC-8"
        if self.phase == GIVE:
            return "BAC-21"
        return "BAC-9"

    # -- legal actions -------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[int]:
        return legal_actions(self, seat)

    def why_illegal(self, seat: int, action: int) -> Rejection:
        return explain(self, seat, action)

    def held_powers(self) -> frozenset[int]:
        """Powers the held card may use now (BAC-16, BAC-20)."""
        return held_powers(self)

    # -- applying actions -------------------------------------------------------------
    def _apply(self, seat: int, action: int) -> list[Event]:
        kind, a, b = self._table[action]
        events: list[Event] = []
        if kind == act.MIRROR_OTHER:  # the commonest actions skip one call
            unchanged: bool | None = claim(self, seat, a, b, events)
        elif kind == act.MIRROR:
            unchanged = claim(self, seat, seat, a, events)
        else:
            unchanged = _HANDLERS[kind](self, seat, a, b, events)
        if not unchanged:
            self._refresh()
        return events

    def _call(self, seat: int, _a: int, _b: int, events: list[Event]) -> None:
        """BAC-11, BAC-24: call Bacan at the start of your turn."""
        events.append(ev("call_bacan", seat=seat))
        end_round(self, seat, events)

    def _draw_deck(self, seat: int, _a: int, _b: int, events: list[Event]) -> None:
        """BAC-12: take the deck's top card and look at it privately."""
        card = self._draw_card(events)
        if card < 0:
            end_round(self, -1, events)
            return
        self.known[card] = 1 << seat
        self.held = card
        self.held_source = "deck"
        self.phase = DRAWN
        events.append(Event("draw", {"seat": seat, "source": "deck"}))
        events.append(Event("drawn", {"seat": seat, "card": FACE[card]}, ALONE[seat]))

    def _draw_discard(self, seat: int, _a: int, _b: int, events: list[Event]) -> None:
        """BAC-12, BAC-14: take the top of the discard pile (it must be swapped in)."""
        card = self.discard.pop()
        self.held = card
        self.held_source = "discard"
        self.phase = DRAWN
        events.append(ev("draw", seat=seat, source="discard", card=FACE[card]))

    def _discard_held(self, seat: int, _a: int, _b: int, events: list[Event]) -> None:
        """BAC-13: discard the card drawn from the deck without swapping."""
        card = self.held
        self._to_discard(card)
        events.append(ev("discard", seat=seat, card=FACE[card]))
        self._end_turn(seat)

    def _swap(self, seat: int, slot: int, _b: int, events: list[Event]) -> None:
        """BAC-13, BAC-14: the held card goes face down into a slot; the
        replaced card is discarded face up."""
        row = self.rows[seat]
        old = row[slot]
        row[slot] = self.held
        self._to_discard(old)
        events.append(ev("swap", seat=seat, slot=slot, card=FACE[old], source=self.held_source))
        self._end_turn(seat)

    def matches(self, card: int, top: int) -> bool:
        """BAC-21: same face (number, power type, comodín), or same points."""
        return self._match_key[card] == self._match_key[top]

    # -- cards moving -------------------------------------------------------------
    def _to_discard(self, card: int) -> None:
        self.discard.append(card)
        self.known[card] = self.public
        self.moved[card] = 0

    def _reveal(self, card: int) -> None:
        """Shown face up to everyone (BAC-20, BAC-23), wherever it stays."""
        self.known[card] = self.public
        self.moved[card] = 0

    def _moved_by(self, seat: int, card: int) -> None:
        """BAC-10: `seat` moved a face-down card; the others who knew it
        keep their memory, but an assisted view no longer shows it to them."""
        self.moved[card] |= self.known[card] & ~(1 << seat)

    def _draw_card(self, events: list[Event]) -> int:
        """BAC-15: the deck's top card, reshuffling the discard pile into a
        new deck when it is empty; -1 when there is nothing left to draw."""
        deck = self.deck
        if not deck:
            if not self.discard:
                return -1
            deck.extend(self.discard)
            self.discard.clear()
            known, moved = self.known, self.moved
            for card in deck:
                known[card] = 0
                moved[card] = 0
            self.spent &= ~sum(1 << c for c in deck if c in JOKERS)
            self.rng.shuffle(deck)
            events.append(ev("reshuffle", size=len(deck)))
        return deck.pop()

    def _penalty(self, seat: int, events: list[Event]) -> int:
        """BAC-23: a penalty card, unseen, into a new slot at the right end;
        returns that slot. Ruling (BAC-7): a full row owes ROW_FULL_PENALTY
        points for the round instead (returns POINTS). EXHAUSTED when there
        is nothing left to draw (BAC-15: the caller ends the round)."""
        row = self.rows[seat]
        if len(row) >= act.MAX_ROW:
            self.penalty_points[seat] += ROW_FULL_PENALTY
            return POINTS
        card = self._draw_card(events)
        if card < 0:
            return EXHAUSTED
        row.append(card)
        return len(row) - 1

    def _end_turn(self, seat: int) -> None:
        self.turns[seat] += 1
        self.last_discarder = seat
        self.held = -1
        self.held_source = ""
        self.phase = TURN
        self.current = self._next_in_play(seat)

    # -- the end of a round and of the match ----------------------------------------------
    def row_total(self, seat: int) -> int:
        """BAC-2: the row's values, plus penalty points owed by a full row."""
        row = self.rows[seat]
        if HOLE in row:
            row = [c for c in row if c >= 0]
        return sum(map(VALUE.__getitem__, row)) + self.penalty_points[seat]

    def is_super_bacan(self, seat: int) -> bool:
        """BAC-25: the row is exactly the three comodines and nothing else."""
        row = self.rows[seat]
        return len(row) == 3 and all(RANK[c] == COMODIN for c in row) and not self.penalty_points[seat]

    def _next_in_play(self, seat: int) -> int:
        n = self.num_players
        for step in range(1, n + 1):
            s = (seat + step) % n
            if self.in_play[s]:
                return s
        raise AssertionError("no seat in play")

    def _seats_in_play(self) -> list[int]:
        return [s for s in range(self.num_players) if self.in_play[s]]

    # -- the end --------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        return Outcome(self.winners, tuple(float(s) for s in self.scores), self.round)

    # -- information ----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        return views(self, seats)

    def card_ids(self) -> list[int]:
        cards = [c for row in self.rows for c in row if c >= 0]
        cards += self.deck
        cards += self.discard
        if self.held >= 0:
            cards.append(self.held)
        return cards

    def knows(self, seat: int | None, card: int) -> bool:
        bit = self.num_players if seat is None else seat
        return bool(self.known[card] >> bit & 1)

    def hidden_cards(self, seat: int | None) -> list[int]:
        bit = self.num_players if seat is None else seat
        return [c for c in range(NUM_CARDS) if not self.known[c] >> bit & 1]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Redeal the cards `seat` does not know into the places they hold;
        the others' knowledge and spent flags follow the places."""
        world = self.clone()
        bit = 1 << seat
        known = self.known
        slots: list[tuple[list[int], int]] = []
        for row in world.rows:
            slots.extend((row, i) for i, c in enumerate(row) if c >= 0 and not known[c] & bit)
        slots.extend((world.deck, i) for i, c in enumerate(world.deck) if not known[c] & bit)
        held_slot = [world.held]
        if world.held >= 0 and not known[world.held] & bit:
            slots.append((held_slot, 0))
        spent = self.spent
        before = [place[i] for place, i in slots]
        for old, card in zip(before, redeal((), rng, slots), strict=True):
            world.known[card] = known[old]
            world.moved[card] = self.moved[old]
            world.spent = (world.spent & ~(1 << card)) | ((spent >> old & 1) << card)
        world.held = held_slot[0]
        world.rng = Rng(rng.getrandbits(64))
        return world

    @classmethod
    def _options_from_json(cls, raw: Mapping[str, Any]) -> Options:
        return _options(raw)

    def _after_load(self) -> None:
        self._derive()
        self._refresh()


@cache
def _options_json(options: Options) -> dict[str, Any]:
    return options_to_json(options)


def _options(raw: Mapping[str, Any]) -> Options:
    """Parsed options, memoized: states read back from JSON share them."""
    return _parse_options(tuple(sorted(raw.items())))


@cache
def _parse_options(items: tuple[tuple[str, Any], ...]) -> Options:
    return parse_options(Options, dict(items))


# A handler returns True when who may act did not change (the actors need no refresh).
_HANDLERS: tuple[Callable[[BacanState, int, int, int, list[Event]], bool | None], ...] = (
    deal,
    peek,
    BacanState._call,
    BacanState._draw_deck,
    BacanState._draw_discard,
    BacanState._discard_held,
    row_joker,
    BacanState._swap,
    secret,
    spy,
    exchange,
    plus_one,
    mirror,
    mirror_other,
    give,
)
