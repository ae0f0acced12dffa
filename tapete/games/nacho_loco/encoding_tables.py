"""The tables behind Nacho Loco's encoder (encoding.py): what the deck, an
open cell's pattern, a placement and a view give as numbers, computed once.

- The deck: each design's make-up (segments by colour, action, X; The
  Closer), its kind, and sets of designs as ints of bits (`BIT`), so "which
  of these cards fit some open cell" is an AND and a popcount; a multiset's
  make-up as one packed int (`PACKED_MAKEUP`), so summing cards is an int sum.
- An open cell's pattern (geometry): which designs fit, whether it is live
  (NAC-11), its share of the field's summary (`FIELD_ROWS`), once per pattern.
- A placement: the part of its row its (pattern, design, rotation) alone
  gives (`StaticRows`), once per triple.
- A view: `Context`, computed once and shared by the observation and every
  action row of that view; `field_after`, the field after a normal card.

Scales: a count is divided by a constant below and capped at CAP.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from itertools import accumulate
from operator import or_
from types import MappingProxyType
from typing import Any

import numpy as np

from tapete.engine.encoding import FLOAT

from .cards import (
    CARD_DESIGN,
    CARD_FACES,
    CLOSER,
    DESIGNS,
    DRAW3,
    GO_AGAIN,
    NONE,
    NUM_CARDS,
    NUM_DESIGNS,
    SEGMENT_CODE,
    SKIP_NEXT,
    TOKEN_DESIGN,
    X,
    is_action,
    is_colour,
)
from .geometry import FIT_TABLES, NUM_PATTERNS, SIDE_WEIGHT, SIDES, FitTable, neighbour, pattern_needs

COMP = 11  # a card's make-up: 6 colours, 3 actions, X, The Closer (segment code - 1)
NEED = 10  # what an open side shows: 6 colours, 3 actions, X (segment code - 1)
KINDS = ("three colours", "two colours + X", "one colour + 2 X", "action + colour + X", "action + 2 colours", "closer")
EFFECTS = (SKIP_NEXT, GO_AGAIN, DRAW3)

# Scales (docs/encodings.md): a count is divided by one of these and capped at CAP.
CAP = 2.0
HAND = 12.0  # cards in a hand
HAND_MIX = 6.0  # cards of one make-up in a hand
FIELD = 30.0  # cards on a field
OPEN = 24.0  # open cells
LIVE = 12.0  # live open cells
EDGES = 12.0  # open sides showing one colour/action/X
UNSEEN = 20.0  # unseen cards of one make-up
DECK = 94.0  # cards in the deck (NAC-1)
TARGET = 40.0  # the match's target
PLAYED = 10.0  # cards a seat played this round
DREW = 6.0  # cards a seat drew this round, for one reason
EVENTS = 3.0  # effects, passes, skips, closes of a seat this round
POINTS = 30.0  # points of a round

CODE_OF: dict[str | None, int] = {None: NONE, "": NONE}  # a side's name in a view -> segment code
CODE_OF.update(SEGMENT_CODE)


# -- the deck as tables -------------------------------------------------------------
def pack(counts: Sequence[int], bits: int) -> int:
    """Small counts packed in one int, `bits` bits each."""
    return sum(c << (bits * i) for i, c in enumerate(counts))


def unpack(packed: int, n: int, bits: int) -> list[int]:
    mask = (1 << bits) - 1
    return [(packed >> (bits * i)) & mask for i in range(n)]


def design_bits(designs: Sequence[int]) -> tuple[int, int]:
    """The designs among `designs` once or more, and twice, as ints of bits."""
    once = twice = 0
    for design in designs:
        bit = BIT[design]
        if once & bit:
            twice |= bit
        else:
            once |= bit
    return once, twice


def _kind(design: int) -> int:
    segments = DESIGNS[design]
    if design == CLOSER:
        return 5
    colours = sum(1 for s in segments if is_colour(s))
    if any(is_action(s) for s in segments):
        return 4 if colours == 2 else 3
    return {3: 0, 2: 1, 1: 2}[colours]


def _makeup(design: int) -> list[tuple[int, float]]:
    """A design's make-up as (index, count): segment code - 1; The Closer once."""
    if design == CLOSER:
        return [(COMP - 1, 1.0)]
    counts: dict[int, float] = {}
    for segment in DESIGNS[design]:
        counts[segment - 1] = counts.get(segment - 1, 0.0) + 1.0
    return sorted(counts.items())


MAKEUPS = [_makeup(d) for d in range(NUM_DESIGNS)]
KIND_OF = [_kind(d) for d in range(NUM_DESIGNS)]
MAKEUP = np.zeros((NUM_DESIGNS, COMP), dtype=FLOAT)
for _d, _entries in enumerate(MAKEUPS):
    for _i, _count in _entries:
        MAKEUP[_d, _i] = _count
BIT = [1 << d for d in range(NUM_DESIGNS)]
# A multiset of cards' make-up as one int, MAKEUP_BITS bits a count, so that
# summing cards is an int sum.
MAKEUP_BITS = 10
PACKED_MAKEUP = [pack([int(c) for c in MAKEUP[d]], MAKEUP_BITS) for d in range(NUM_DESIGNS)]
DECK_MAKEUP = sum(PACKED_MAKEUP[d] for d in CARD_DESIGN)
_copies = [CARD_DESIGN.count(d) for d in range(NUM_DESIGNS)]
SINGLE = sum(BIT[d] for d in range(NUM_DESIGNS) if _copies[d] == 1)  # designs of one card
DOUBLE = sum(BIT[d] for d in range(NUM_DESIGNS) if _copies[d] == 2)  # of two (NAC-2)


# The field's summary is a sum over the open cells of each pattern's share
# (open cell, live, 1/2/3 contacts, 2+ X, sides by what they show, the same on
# live cells), scaled: a row of FIELD_ROWS, filled with the pattern's info.
FIELD_COUNTS = 6 + 2 * NEED
FIELD_SCALE = np.array([1 / OPEN, 1 / LIVE, 1 / LIVE, 1 / LIVE, 1 / LIVE, 1 / 6] + [1 / EDGES] * 2 * NEED, dtype=FLOAT)
FIELD_ROWS = {flag: np.zeros((NUM_PATTERNS, FIELD_COUNTS), dtype=FLOAT) for flag in (True, False)}


class PatternInfo:
    """What an open cell's pattern gives, whatever the field: computed once."""

    __slots__ = ("codes", "contacts", "live", "mask", "needs", "xs")

    def __init__(self, pattern: int, table: FitTable, field_row: np.ndarray) -> None:
        self.needs = pattern_needs(pattern)
        self.codes = tuple(n for n in self.needs if n != NONE)  # what its contacts show
        self.contacts = len(self.codes)
        self.xs = sum(1 for n in self.needs if n == X)
        self.live = table.alive(pattern)  # a normal design fits (NAC-11)
        self.mask = sum(BIT[d] for d in table.fits(pattern))  # designs that fit, The Closer too
        counts = [0.0] * FIELD_COUNTS
        counts[0] = 1.0
        counts[1] = float(self.live)
        if self.contacts:
            counts[1 + self.contacts] = 1.0
        counts[5] = float(self.xs >= 2)
        for n in self.codes:
            counts[5 + n] += 1.0
            if self.live:
                counts[5 + NEED + n] += 1.0
        field_row[:] = np.array(counts, dtype=FLOAT) * FIELD_SCALE


INFOS: dict[bool, list[PatternInfo | None]] = {flag: [None] * NUM_PATTERNS for flag in (True, False)}


def pattern_info(flag: bool, pattern: int) -> PatternInfo:
    infos = INFOS[flag]
    found = infos[pattern]
    if found is None:
        found = infos[pattern] = PatternInfo(pattern, FIT_TABLES[flag], FIELD_ROWS[flag][pattern])
    return found


# Across side k of a cell: (dx, dy, the shared side there), for a down cell and an up one.
_ACROSS = tuple(
    tuple((nx - x, ny - y, shared) for (nx, ny), shared in (neighbour(x, y, side) for side in range(3)))
    for x, y in ((1, 0), (0, 0))
)
_CLEARED: dict[tuple[str, ...], tuple[int, int, int]] = {}  # cleared cards -> design_bits, packed make-up


class StaticRows:
    """The part of a place action's row that its pattern, design and rotation
    alone give (card, matches, contacts, needs, triggers, exposed sides, The
    Closer), kept once per triple as a row of `table` (in the action layout
    `offsets`), with what the rest of the row needs: the matches, the cards
    an opponent draws (Opponent Draws 3) and the free sides (side, segment)."""

    def __init__(self, offsets: Mapping[str, int], size: int) -> None:
        self.offsets, self.size = offsets, size
        self.index: dict[int, tuple[int, int, int, tuple[tuple[int, int], ...]]] = {}
        self.table = np.zeros((1024, size), dtype=FLOAT)  # row 0 stays zero: not a placement
        self.rows = 1
        self.lock = threading.Lock()  # bots of several tables may share a process

    def get(self, pattern: int, design: int, rotation: int) -> tuple[int, int, int, tuple[tuple[int, int], ...]]:
        key = (pattern * NUM_DESIGNS + design) * 3 + rotation
        found = self.index.get(key)
        if found is None:
            with self.lock:
                found = self.index.get(key) or self._make(pattern, design, rotation)
                self.index[key] = found
        return found

    def _make(self, pattern: int, design: int, rotation: int) -> tuple[int, int, int, tuple[tuple[int, int], ...]]:
        a = self.offsets
        row = [0.0] * self.size
        row[a["kind"]] = 1.0  # a placement
        for index, count in MAKEUPS[design]:
            row[a["card"] + index] = count
        row[a["card_kind"] + KIND_OF[design]] = 1.0
        needs = pattern_needs(pattern)
        contacts = sum(1 for n in needs if n != NONE)
        if contacts:
            row[a["contacts"] + contacts - 1] = 1.0
        for n in needs:
            if n != NONE:
                row[a["needs"] + n - 1] += 1.0 / 3.0
        matched = draws = 0
        free: tuple[tuple[int, int], ...] = ()
        if design == CLOSER:  # NAC-5, NAC-13: it closes the field at once
            matched = sum(1 for n in needs if n == X)
            row[a["closes"]] = 1.0
        else:
            sides = SIDES[design * 3 + rotation]
            for need, segment in zip(needs, sides, strict=True):
                if need == segment and need != NONE and need != X:
                    matched += 1
                    if is_action(segment):  # NAC-9
                        row[a["triggers"] + EFFECTS.index(segment)] += 1.0
                        draws += 3 if segment == DRAW3 else 0
            if matched >= 2:  # NAC-8
                row[a["others_draw"]] = (matched - 1) / 2.0
            free = tuple((side, sides[side]) for side in range(3) if needs[side] == NONE)
            for _, segment in free:
                row[a["exposed"] + segment - 1] += 1.0
        if 1 <= matched <= 3:
            row[a["matches"] + matched - 1] = 1.0
        if self.rows == len(self.table):
            self.table = np.concatenate([self.table, np.zeros_like(self.table)])
        self.table[self.rows] = row
        self.rows += 1
        return self.rows - 1, matched, draws, free


NO_VIEW: Mapping[str, Any] = MappingProxyType({})  # the `view` of a state read without one


class Context:
    """What one view gives the observation and every action's row (the
    encoder keeps it while it is handed the same view object)."""

    __slots__ = (
        "all_mask", "flag", "hand", "hand1", "hand2", "hand_fit", "infos", "live_total", "patterns",
        "prefix", "slot_of", "suffix", "target", "u1", "u2", "unseen_makeup", "unseen_total", "view",
    )  # fmt: skip

    def __init__(self, view: Mapping[str, Any]) -> None:
        code = CODE_OF
        ids = TOKEN_DESIGN
        self._read(
            view,
            bool(view["all_contacts_must_match"]),
            view["target"],
            [code[a] * 144 + code[b] * 12 + code[c] for a, b, c in (o["needs"] for o in view["open"])],
            [ids[t] for t in view.get("hand") or ()],
            field_designs([ids[c["card"]] for c in view["field"]]),
            view["cleared"],
        )

    @classmethod
    def of_state(cls, state: Any, seat: int, field: FieldCache) -> Context:
        """The same facts read from a Nacho Loco state, as `views.view(state, seat)` shows
        them: an open cell's pattern is the field's own (geometry.pattern_of of its needs),
        in slot order (`Field.slots`: the order of `open`); `field` is the seat's own cache
        of the field's cards."""
        ctx = cls.__new__(cls)
        options = state.options
        ctx._read(
            NO_VIEW,
            bool(options.all_contacts_must_match),
            options.target,
            list(state.field.open.values()),
            [CARD_DESIGN[c] for c in state.hands[seat]],
            field.designs(state.placed),
            [CARD_FACES[c] for c in state.cleared],
        )
        return ctx

    def _read(
        self,
        view: Mapping[str, Any],
        flag: bool,
        target: int,
        open_patterns: list[int],
        hand: list[int],
        field: tuple[int, int, int, int],
        cleared: Sequence[str],
    ) -> None:
        """`open_patterns`: each open cell's pattern, in slot order; `hand`: designs; `field`:
        the field's cards (`field_designs`)."""
        self.view = view
        self.flag = flag
        self.target = max(1, int(target))
        known = INFOS[flag]
        infos: list[PatternInfo] = []
        patterns: list[int] = []
        live_total = all_mask = 0
        for pattern in open_patterns:
            info = known[pattern] or pattern_info(flag, pattern)
            patterns.append(pattern)
            infos.append(info)
            all_mask |= info.mask
            if info.live:
                live_total += 1
        self.infos, self.patterns, self.live_total, self.all_mask = infos, patterns, live_total, all_mask
        self.hand = hand
        self.hand1, self.hand2 = hand1, hand2 = design_bits(hand)  # designs held once or more, twice
        self.hand_fit = (all_mask & hand1).bit_count() + (all_mask & hand2).bit_count()
        cards, f1, f2, field_makeup = field
        # the hand, the field and the cleared cards together (no design has more than 2 copies)
        once, twice = hand1 | f1, hand2 | f2 | (hand1 & f1)
        c1, c2, makeup = _cleared(cleared)
        once, twice = once | c1, twice | c2 | (once & c1)
        self.u1 = (SINGLE & ~once) | (DOUBLE & ~twice)  # designs with a copy unseen
        self.u2 = DOUBLE & ~once  # with two
        self.unseen_total = NUM_CARDS - len(hand) - cards - len(cleared)
        self.unseen_makeup = DECK_MAKEUP - makeup - field_makeup - sum(map(PACKED_MAKEUP.__getitem__, hand))
        self.slot_of: dict[tuple[int, int], int] | None = None  # open cell -> slot, for the actions
        self.prefix: list[int] = []  # the designs that fit some open cell before slot k
        self.suffix: list[int] = []  # after slot k

    def cells(self) -> dict[tuple[int, int], int]:
        """The slot of each open cell (x, y); `prefix` and `suffix` with them."""
        if self.slot_of is None:
            self.slot_of = {(c[0], c[1]): slot for slot, c in enumerate([o["cell"] for o in self.view["open"]])}
            masks = [info.mask for info in self.infos]
            self.prefix = [0, *accumulate(masks, or_)]
            self.suffix = [*list(accumulate(reversed(masks), or_))[-2::-1], 0]
        return self.slot_of


def field_designs(designs: Sequence[int]) -> tuple[int, int, int, int]:
    """The field's cards as `Context` counts them: (how many, the designs once or more,
    twice (`design_bits`), their packed make-up)."""
    return (len(designs), *design_bits(designs), sum(map(PACKED_MAKEUP.__getitem__, designs)))


class FieldCache:
    """`field_designs` of a state's field, worked out again only when a card was placed
    (the encoder reads it at every step; the field holds up to dozens of cards). A state's
    `placed` only grows, by new (card, cell, rotation) tuples, until a new field starts it
    afresh: the same length ending in the same tuple (kept alive here) is the same field."""

    __slots__ = ("last", "size", "value")

    def __init__(self) -> None:
        self.size = -1
        self.last: Any = None
        self.value = (0, 0, 0, 0)

    def designs(self, placed: Sequence[tuple[int, int, int]]) -> tuple[int, int, int, int]:
        last = placed[-1] if placed else None
        if len(placed) != self.size or last is not self.last:
            self.size, self.last = len(placed), last
            self.value = field_designs([CARD_DESIGN[card] for card, _, _ in placed])
        return self.value


def _cleared(tokens: Sequence[str]) -> tuple[int, int, int]:
    """The cleared cards' designs (`design_bits`) and packed make-up, kept: the list changes seldom."""
    key = tuple(tokens)
    found = _CLEARED.get(key)
    if found is None:
        if len(_CLEARED) > 512:
            _CLEARED.clear()
        designs = [TOKEN_DESIGN[t] for t in key]
        found = _CLEARED[key] = (*design_bits(designs), sum(PACKED_MAKEUP[d] for d in designs))
    return found


def field_after(ctx: Context, slot: int, free: tuple[tuple[int, int], ...]) -> tuple[int, int, int, int, int, int]:
    """The field after a normal card at `slot` whose free sides show `free`:
    the cell is taken; each free side opens a cell or adds a contact to an
    open one. (Designs that fit some open cell after, live open cells,
    cells opened, cells joined, of those now dead, open cells.)"""
    slot_of = ctx.cells()
    x, y = ctx.view["open"][slot]["cell"]
    flag, known, infos = ctx.flag, INFOS[ctx.flag], ctx.infos
    live_after = ctx.live_total - (1 if infos[slot].live else 0)
    across = _ACROSS[(x + y) % 2 == 0]
    joined: list[int] = []
    new_mask = made = dead = 0
    for side, segment in free:
        dx, dy, other_side = across[side]
        other = slot_of.get((x + dx, y + dy))
        if other is None:
            made += 1
            pattern = segment * SIDE_WEIGHT[other_side]
        else:
            joined.append(other)
            pattern = ctx.patterns[other] + segment * SIDE_WEIGHT[other_side]
            if infos[other].live:
                live_after -= 1
        after = known[pattern] or pattern_info(flag, pattern)
        if after.live:
            live_after += 1
        elif other is not None:
            dead += 1
        new_mask |= after.mask
    if joined:
        joined.append(slot)
        for i, info in enumerate(infos):
            if i not in joined:
                new_mask |= info.mask
    else:
        new_mask |= ctx.prefix[slot] | ctx.suffix[slot]
    return new_mask, live_after, made, len(joined) - 1 if joined else 0, dead, len(infos) - 1 + made
