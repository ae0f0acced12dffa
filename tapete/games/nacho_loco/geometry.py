"""The triangular playfield (NAC-3): cells, sides, rotations and matching.

Cells are (x, y) with y growing downwards. A cell is an *up* triangle (apex
on top) when x + y is even, a *down* triangle otherwise. Its three sides are
numbered clockwise as seen on screen:

    up   (x, y): 0 left, 1 right, 2 bottom
    down (x, y): 0 top,  1 right, 2 left

Neighbours by side: up side 0 touches down (x-1, y) side 1, up side 1 touches
down (x+1, y) side 2, up side 2 touches down (x, y+1) side 0 (and back).

A design lists its segments clockwise; in rotation r (0, 1, 2) side k of the
cell shows segment (k - r) % 3. Cards are never flipped, so the clockwise
order is kept and every rotation is one of these three.

The field has no edge (NAC-3): a cell is any (x, y) of the plane, named by
one non-negative integer (`cell_id`, a pairing of the two coordinates that
grows without bound). The first card of every field lies at the origin.

The action space stays fixed all the same: a placement names its cell by
its *slot*, its place among the field's open cells in the order they
opened (`Field.slots`); `view["open"][k]` is the cell of slot k. A field grows from one
card, each new card touching one already there, so a field of n cards has
at most n + 2 open cells (of its 3n sides, at least 2(n - 1) face each
other, and an open cell touches at least one of the others):
MAX_OPEN = 94 + 2 slots cover every field the deck can build.

An open cell (empty, next to the field) is summarized by its *pattern*: the
segment code each side faces (0 where no card touches it). Which designs fit
a pattern, in which rotations and with how many matching contacts, is
computed once per pattern and cached, so legality is a table lookup.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import islice

from .cards import (
    CLOSER,
    DESIGNS,
    NONE,
    NUM_CARDS,
    NUM_DESIGNS,
    X,
    is_action,
)

MAX_OPEN = NUM_CARDS + 2  # open cells of any field (see above)
HEIGHT = math.sqrt(3) / 2  # of a triangle of side 1

BASE = 12  # pattern digit base: segment codes 0..11
SIDE_WEIGHT = (BASE * BASE, BASE, 1)
NUM_PATTERNS = BASE**3


# -- cells ------------------------------------------------------------------
def is_up(x: int, y: int) -> bool:
    return (x + y) % 2 == 0


def _zigzag(v: int) -> int:
    return 2 * v if v >= 0 else -2 * v - 1


def _unzigzag(z: int) -> int:
    return z // 2 if z % 2 == 0 else -(z + 1) // 2


def cell_id(x: int, y: int) -> int:
    """The cell's number: a one-to-one pairing of all (x, y), so no cell is
    out of reach (NAC-3). The origin is 0."""
    a, b = _zigzag(x), _zigzag(y)
    return a * a + a + b if a >= b else a + b * b


_COORDS: dict[int, tuple[int, int]] = {}


def cell_coords(cell: int) -> tuple[int, int]:
    """(x, y) of a cell number (the inverse of cell_id)."""
    found = _COORDS.get(cell)
    if found is None:
        if cell < 0:
            raise ValueError(f"no cell has the number {cell}")
        root = math.isqrt(cell)
        rest = cell - root * root
        a, b = (rest, root) if rest < root else (root, rest - root)
        found = _COORDS[cell] = (_unzigzag(a), _unzigzag(b))
    return found


ORIGIN = cell_id(0, 0)


def neighbour(x: int, y: int, side: int) -> tuple[tuple[int, int], int]:
    """The cell across `side` of (x, y) and the number of the shared side there."""
    if is_up(x, y):
        return ((x - 1, y), 1) if side == 0 else ((x + 1, y), 2) if side == 1 else ((x, y + 1), 0)
    return ((x, y - 1), 2) if side == 0 else ((x + 1, y), 0) if side == 1 else ((x - 1, y), 1)


def vertices(x: int, y: int) -> list[tuple[float, float]]:
    """Screen coordinates (side 1, y down) of the cell's corners; side k runs
    from corner k to corner k+1, so clients can draw each segment."""
    left, top, bottom = x / 2, y * HEIGHT, (y + 1) * HEIGHT
    if is_up(x, y):
        return [(left, bottom), (left + 0.5, top), (left + 1, bottom)]
    return [(left, top), (left + 1, top), (left + 0.5, bottom)]


Sides = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
_NEIGHBOURS: dict[int, Sides] = {}


def neighbours(cell: int) -> Sides:
    """(cell across side k, that cell's shared side) for k = 0, 1, 2; kept
    once computed, since fields reuse the same few hundred cells."""
    found = _NEIGHBOURS.get(cell)
    if found is None:
        x, y = cell_coords(cell)
        across = [neighbour(x, y, side) for side in range(3)]
        found = _NEIGHBOURS[cell] = (
            (cell_id(*across[0][0]), across[0][1]),
            (cell_id(*across[1][0]), across[1][1]),
            (cell_id(*across[2][0]), across[2][1]),
        )
    return found


# -- designs in rotation ------------------------------------------------------
def rotated(design: int, rotation: int) -> tuple[int, int, int]:
    """The segment code on sides 0, 1, 2 of a cell for a design in a rotation."""
    seg = DESIGNS[design]
    return seg[(0 - rotation) % 3], seg[(1 - rotation) % 3], seg[(2 - rotation) % 3]


SIDES = [rotated(d, r) for d in range(NUM_DESIGNS) for r in range(3)]  # index design*3 + rotation
HAS_ACTION = [any(is_action(s) for s in DESIGNS[d]) for d in range(NUM_DESIGNS)]
ROTATIONS: list[tuple[int, ...]] = [(0,) if d == CLOSER else (0, 1, 2) for d in range(NUM_DESIGNS)]


# -- patterns and fits -------------------------------------------------------------
def pattern_of(needs: tuple[int, int, int]) -> int:
    return needs[0] * SIDE_WEIGHT[0] + needs[1] * SIDE_WEIGHT[1] + needs[2]


def pattern_needs(pattern: int) -> tuple[int, int, int]:
    return pattern // SIDE_WEIGHT[0], pattern // BASE % BASE, pattern % BASE


def matches(needs: tuple[int, int, int], sides: tuple[int, int, int]) -> int:
    """Matching contacts of a normal card: same colour or same action (NAC-4)."""
    return sum(1 for need, seg in zip(needs, sides, strict=True) if need != NONE and need != X and need == seg)


def fit(needs: tuple[int, int, int], design: int, rotation: int, all_must_match: bool) -> int:
    """Matching contacts if the design fits there in that rotation, else 0.

    A normal card needs a contact; with `all_must_match` (NAC-4) every
    contact must match, otherwise one match suffices. The Closer (NAC-5)
    needs at least 2 X contacts and counts them as its matches.
    """
    if design == CLOSER:
        xs = sum(1 for need in needs if need == X)
        return xs if xs >= 2 else 0
    contacts = sum(1 for need in needs if need != NONE)
    good = matches(needs, SIDES[design * 3 + rotation])
    if all_must_match:
        return good if contacts and good == contacts else 0
    return good


def _side_index() -> list[dict[int, list[int]]]:
    """For each side k and segment code: the normal (design * 3 + rotation)
    showing that code on side k."""
    index: list[dict[int, list[int]]] = [{}, {}, {}]
    for design in range(NUM_DESIGNS):
        if design == CLOSER:
            continue
        for rotation in ROTATIONS[design]:
            key = design * 3 + rotation
            for side, segment in enumerate(SIDES[key]):
                index[side].setdefault(segment, []).append(key)
    return index


BY_SIDE = _side_index()
Fits = dict[int, tuple[tuple[int, int], ...]]


class FitTable:
    """Per pattern: {design: ((rotation, matches), ...)}, the same as action
    offsets {design: (design * 3 + rotation, ...)}, and whether any normal
    design fits at all (the killer-close test, NAC-11). Filled lazily; the
    same answers as `fit`, found through an index by side."""

    def __init__(self, all_must_match: bool) -> None:
        self.all_must_match = all_must_match
        self._fits: list[Fits | None] = [None] * NUM_PATTERNS
        self.offsets_cache: list[dict[int, tuple[int, ...]] | None] = [None] * NUM_PATTERNS
        # The same by design: row[design] is that design's offsets (empty where it does not fit);
        # NO_FIT where none fits. Read directly by legal.placements, the hot path.
        self.rows_cache: list[tuple[tuple[int, ...], ...] | None] = [None] * NUM_PATTERNS
        self._alive: list[bool] = [False] * NUM_PATTERNS

    def fits(self, pattern: int) -> Fits:
        found = self._fits[pattern]
        if found is None:
            found = self._compute(pattern)
        return found

    def offsets(self, pattern: int) -> dict[int, tuple[int, ...]]:
        found = self.offsets_cache[pattern]
        if found is None:
            self._compute(pattern)
            found = self.offsets_cache[pattern]
            assert found is not None
        return found

    def row(self, pattern: int) -> tuple[tuple[int, ...], ...]:
        found = self.rows_cache[pattern]
        if found is None:
            self._compute(pattern)
            found = self.rows_cache[pattern]
            assert found is not None
        return found

    def any_alive(self, patterns: Iterable[int]) -> bool:
        """Whether a normal design fits one of these patterns (`alive` of any)."""
        alive = self._alive
        fits = self._fits
        for pattern in patterns:
            if fits[pattern] is None:
                self._compute(pattern)
            if alive[pattern]:
                return True
        return False

    def alive(self, pattern: int) -> bool:
        if self._fits[pattern] is None:
            self._compute(pattern)
        return self._alive[pattern]

    def matches(self, pattern: int, design: int, rotation: int) -> int:
        """Matching contacts of a fitting placement (0 if it does not fit)."""
        for rot, k in self.fits(pattern).get(design, ()):
            if rot == rotation:
                return k
        return 0

    def _compute(self, pattern: int) -> Fits:
        needs = pattern_needs(pattern)
        counts: dict[int, int] = {}
        contacts = 0
        for side, need in enumerate(needs):
            if need == NONE:
                continue
            contacts += 1
            for key in BY_SIDE[side].get(need, ()) if need != X else ():
                counts[key] = counts.get(key, 0) + 1
        wanted = contacts if self.all_must_match else 1
        grouped: dict[int, list[tuple[int, int]]] = {}
        for key in sorted(counts):
            if counts[key] >= wanted:
                grouped.setdefault(key // 3, []).append((key % 3, counts[key]))
        found: Fits = {design: tuple(options) for design, options in grouped.items()}
        self._alive[pattern] = bool(found)
        xs = sum(1 for need in needs if need == X)
        if xs >= 2:  # NAC-5
            found[CLOSER] = ((0, xs),)
        self._fits[pattern] = found
        offsets = {d: tuple(d * 3 + rot for rot, _ in options) for d, options in found.items()}
        self.offsets_cache[pattern] = offsets
        self.rows_cache[pattern] = tuple(offsets.get(d, ()) for d in range(NUM_DESIGNS)) if offsets else NO_FIT
        return found


NO_FIT: tuple[tuple[int, ...], ...] = ()  # the row of a pattern no design fits
FIT_TABLES = {True: FitTable(True), False: FitTable(False)}


def matched_actions(pattern: int, design: int, rotation: int) -> list[int]:
    """Action codes matched by placing the design there, in clockwise side
    order from side 0 (NAC-9)."""
    needs = pattern_needs(pattern)
    sides = SIDES[design * 3 + rotation]
    return [seg for need, seg in zip(needs, sides, strict=True) if need == seg and is_action(seg)]


# -- a playfield ------------------------------------------------------------------
class Field:
    """The cards on the playfield and its open cells, kept up to date."""

    __slots__ = ("cells", "open")

    def __init__(self) -> None:
        self.cells: dict[int, int] = {}  # cell -> design * 3 + rotation
        self.open: dict[int, int] = {}  # empty cell next to the field -> pattern

    def clone(self) -> Field:
        other = Field.__new__(Field)
        other.cells = self.cells.copy()
        other.open = self.open.copy()
        return other

    def slots(self) -> list[int]:
        """The open cells in the order they opened: slot k of a place action
        is the k-th. The order is that of `open`, which keeps a cell where
        it first opened (a dict keeps its keys in insertion order), so the
        same cards placed in the same order give the same slots."""
        return list(self.open)

    def slot_of(self, cell: int) -> int | None:
        """The slot of an open cell, None if the cell is not open."""
        return list(self.open).index(cell) if cell in self.open else None

    def place(self, cell: int, design: int, rotation: int) -> None:
        """Put a card down and update the open cells around it."""
        key = design * 3 + rotation
        self.cells[cell] = key
        self.open.pop(cell, None)
        sides = SIDES[key]
        cells, opened = self.cells, self.open
        for side, (other, other_side) in enumerate(_NEIGHBOURS.get(cell) or neighbours(cell)):
            if other in cells:
                continue
            opened[other] = opened.get(other, 0) + sides[side] * SIDE_WEIGHT[other_side]

    def is_dead(self, table: FitTable) -> bool:
        """No normal design fits any open cell: a killer close (NAC-11)."""
        return not table.any_alive(self.open.values())

    def cell_at(self, slot: int) -> int:
        """The open cell of a slot (`slots()[slot]`, without listing them all)."""
        return next(islice(self.open, slot, None))

    @classmethod
    def from_cells(cls, placed: list[tuple[int, int, int]]) -> Field:
        """Rebuild from (cell, design, rotation) in the order they were placed:
        the patterns do not depend on it (an empty cell's pattern is the sum
        of what its neighbours show it), the slots do."""
        field = cls()
        for cell, design, rotation in placed:
            field.place(cell, design, rotation)
        return field

    def needs(self, cell: int) -> tuple[int, int, int]:
        return pattern_needs(self.open[cell])
