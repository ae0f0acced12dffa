"""Meld logic, apart from turn flow (BUR-6 .. BUR-12).

A run (escalera) is stored by colour, lowest rank and its tiles in rank
order. Ranks go 1..14: rank 1 is the 1 played low, rank 14 the 1 played
high, so a run is any interval of 1..14 (no wrapping; 1..14 is the 14-tile
run 1-2-...-13-1). A tile is *natural* at a rank when its face is that
rank's face of the run's colour (the 2 of the colour at rank 2 included);
any other tile there is a wild. A set (pierna) is stored by number.

Melds are immutable: extending returns a new meld, so copying a state's
melds is copying lists of references.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import FACES, NUM_FACES, NUMBERS, TILE_VALUES, WILD_CAPABLE

RUN = 0
SET = 1
LOW = 0
HIGH = 1
MIN_RANK = 1
MAX_RANK = 14
CANASTA = 7
ACE_BITS = 2 | 1 << MAX_RANK  # rank 1 and rank 14


def natural_face(colour: int, rank: int) -> int:
    """The face that is natural at `rank` (1..14) of a run of `colour`."""
    return colour * NUMBERS + (rank - 1) % NUMBERS


def two_of(colour: int) -> int:
    return colour * NUMBERS + 1


class Meld:
    """One laid-down meld. `wild` is the index of its wild tile, or -1."""

    __slots__ = ("_described", "_offsets", "_options", "key", "kind", "lo", "tiles", "wild")

    def __init__(self, kind: int, key: int, lo: int, tiles: tuple[int, ...], wild: int) -> None:
        self.kind = kind  # RUN or SET
        self.key = key  # colour of a run, number of a set
        self.lo = lo  # lowest rank of a run (0 for a set)
        self.tiles = tiles
        self.wild = wild
        self._options: tuple[tuple[int, int], ...] | None = None
        self._offsets: tuple[tuple[int, int], ...] | None = None
        self._described: dict[str, Any] | None = None

    # -- facts ---------------------------------------------------------------
    @property
    def hi(self) -> int:
        return self.lo + len(self.tiles) - 1

    @property
    def faces(self) -> list[int]:
        return [t >> 1 for t in self.tiles]

    def is_canasta(self) -> bool:
        """BUR-10: 7 or more tiles."""
        return len(self.tiles) >= CANASTA

    def is_pure(self) -> bool:
        """BUR-10: no wild (a natural 2 is not a wild)."""
        return self.wild < 0

    def value(self) -> int:
        return sum(TILE_VALUES[t] for t in self.tiles)

    def wild_rank(self) -> int:
        """The rank the wild of a run stands for (0 if none or a set)."""
        return self.lo + self.wild if self.kind == RUN and self.wild >= 0 else 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Meld) and (self.kind, self.key, self.lo, self.tiles, self.wild) == (
            other.kind,
            other.key,
            other.lo,
            other.tiles,
            other.wild,
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.key, self.lo, self.tiles))

    def __repr__(self) -> str:
        kind = "run" if self.kind == RUN else "set"
        return f"Meld({kind}, {[FACES[f] for f in self.faces]}, wild={self.wild})"

    # -- extending (BUR-11, BUR-12) ----------------------------------------------
    def options(self) -> tuple[tuple[int, int], ...]:
        """Every (face, end) that may be added to this meld.

        For a run, `end` is where the tile goes, or, when the face is the
        natural tile the wild stands for, the end the wild moves to (BUR-12).
        For a set, `end` is always LOW.
        """
        if self._options is None:
            self._options = self._run_options() if self.kind == RUN else self._set_options()
        return self._options

    def offsets(self) -> tuple[tuple[int, int], ...]:
        """(face, face * 2 + end) for every option: the extend action's
        offset within this meld's block of the action space."""
        if self._offsets is None:
            self._offsets = tuple((face, face * 2 + end) for face, end in self.options())
        return self._offsets

    def _set_options(self) -> tuple[tuple[int, int], ...]:
        opts = [(c * NUMBERS + self.key - 1, LOW) for c in range(4)]
        if self.wild < 0:
            opts.extend((f, LOW) for f in WILD_FACES)
        return tuple(sorted(opts))

    def _run_options(self) -> tuple[tuple[int, int], ...]:
        colour, lo, hi = self.key, self.lo, self.hi
        free_ends = [(end, rank) for end, rank in ((LOW, lo - 1), (HIGH, hi + 1)) if MIN_RANK <= rank <= MAX_RANK]
        opts: set[tuple[int, int]] = set()
        if self.wild >= 0:
            # The natural tile of the wild's rank: the wild moves to a free end.
            natural = natural_face(colour, lo + self.wild)
            opts.update((natural, end) for end, _ in free_ends)
        for end, rank in free_ends:
            face = natural_face(colour, rank)
            if (face, end) not in opts and not self.relocates(face):
                opts.add((face, end))
            if self.wild < 0:
                opts.update((f, end) for f in WILD_FACES)
        return tuple(sorted(opts))

    def relocates(self, face: int) -> bool:
        """True if adding `face` to this run takes the wild's place (BUR-12)."""
        return self.kind == RUN and self.wild >= 0 and face == natural_face(self.key, self.lo + self.wild)

    def can_add(self, face: int, end: int) -> bool:
        return (face, end) in self.options()

    def extend(self, tile: int, end: int) -> Meld:
        """The meld with `tile` added (assumes `can_add`)."""
        if self.kind == SET:
            wild = len(self.tiles) if WILD_CAPABLE[tile >> 1] else self.wild
            return Meld(SET, self.key, 0, (*self.tiles, tile), wild)
        tiles = list(self.tiles)
        lo = self.lo
        moved = tile
        if self.relocates(tile >> 1):
            moved = tiles[self.wild]
            tiles[self.wild] = tile
        if end == LOW:
            tiles.insert(0, moved)
            lo -= 1
        else:
            tiles.append(moved)
        return Meld(RUN, self.key, lo, tuple(tiles), _run_wild(self.key, lo, tiles))

    # -- data ------------------------------------------------------------------
    def to_json(self) -> list[int]:
        return [self.kind, self.key, self.lo, self.wild, *self.tiles]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Meld:
        return cls(int(data[0]), int(data[1]), int(data[2]), tuple(int(t) for t in data[4:]), int(data[3]))

    def describe(self) -> dict[str, Any]:
        """The meld as a view shows it (faces only: every meld is public)."""
        return dict(self.described())

    def described(self) -> dict[str, Any]:
        """`describe`, built once per meld (every view shows every meld): the
        caller must not change it."""
        if self._described is None:
            self._described = self._describe()
        return self._described

    def _describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": "run" if self.kind == RUN else "set",
            "tiles": [FACES[f] for f in self.faces],
            "wild": self.wild if self.wild >= 0 else None,
            "canasta": ("pura" if self.is_pure() else "impura") if self.is_canasta() else None,
            "value": self.value(),
        }
        if self.kind == RUN:
            out["low"] = self.lo
            out["high"] = self.hi
        else:
            out["number"] = self.key
        return out


WILD_FACES = tuple(f for f in range(NUM_FACES) if WILD_CAPABLE[f])


def _run_wild(colour: int, lo: int, tiles: Sequence[int]) -> int:
    """Index of the one tile that is not natural at its rank, or -1."""
    for i, t in enumerate(tiles):
        if t >> 1 != natural_face(colour, lo + i):
            return i
    return -1


# -- laying down a new meld (BUR-6 .. BUR-9) --------------------------------------
def build(tiles: Sequence[int], wild_high: bool = False) -> Meld | None:
    """The meld these tiles make, or None.

    A set if they are one number; otherwise a run. In a run a 2 of the run's
    colour stands at rank 2 whenever it can (natural, BUR-9); a wild that
    fills no gap goes to the low end, or the high end if `wild_high` or the
    low end is not free.
    """
    if len(tiles) < 3:
        return None
    return _build_set(tiles) or _build_run(tiles, wild_high)


def build_options(tiles: Sequence[int]) -> tuple[Meld | None, Meld | None]:
    """(default meld, the other choice of wild end or None if there is none)."""
    first = build(tiles)
    if first is None or first.kind == SET or first.wild < 0:
        return first, None
    other = build(tiles, wild_high=True)
    return first, (other if other is not None and other != first else None)


def _build_set(tiles: Sequence[int]) -> Meld | None:
    number = 0
    naturals: list[int] = []
    wilds: list[int] = []
    for t in tiles:
        f = t >> 1
        if WILD_CAPABLE[f]:
            wilds.append(t)
            continue
        n = f % NUMBERS + 1
        if number and n != number:
            return None
        number = n
        naturals.append(t)
    if not number or len(wilds) > 1:
        return None
    return Meld(SET, number, 0, (*naturals, *wilds), len(naturals) if wilds else -1)


def _build_run(tiles: Sequence[int], wild_high: bool) -> Meld | None:
    colour = -1
    for t in tiles:
        f = t >> 1
        if not WILD_CAPABLE[f]:
            c = f // NUMBERS
            if colour >= 0 and c != colour:
                return None
            colour = c
    if colour < 0:
        return None
    twos = [t for t in tiles if t >> 1 == two_of(colour)]
    for natural_two in (True, False) if twos else (False,):
        meld = _layout_run(tiles, colour, twos[0] if natural_two else -1, wild_high)
        if meld is not None:
            return meld
    return None


def _layout_run(tiles: Sequence[int], colour: int, two: int, wild_high: bool) -> Meld | None:
    """Lay the run out with `two` (a tile id or -1) as its natural 2."""
    by_rank: dict[int, int] = {}
    wilds: list[int] = []
    aces: list[int] = []
    for t in tiles:
        f = t >> 1
        if t == two:
            by_rank[2] = t
        elif WILD_CAPABLE[f]:
            wilds.append(t)
        elif f % NUMBERS == 0:
            aces.append(t)
        else:
            rank = f % NUMBERS + 1
            if rank in by_rank:
                return None
            by_rank[rank] = t
    if len(wilds) > 1 or len(aces) > 2:
        return None
    ace_ranks: tuple[tuple[int, ...], ...] = ((),) if not aces else ((1,), (14,)) if len(aces) == 1 else ((1, 14),)
    for ranks in ace_ranks:
        placed = dict(by_rank)
        for ace, rank in zip(aces, ranks, strict=True):
            placed[rank] = ace
        meld = _place_wild(placed, wilds, colour, wild_high)
        if meld is not None:
            return meld
    return None


def _place_wild(placed: dict[int, int], wilds: list[int], colour: int, wild_high: bool) -> Meld | None:
    lo, hi = min(placed), max(placed)
    holes = [r for r in range(lo, hi + 1) if r not in placed]
    if len(holes) > len(wilds):
        return None
    if wilds:
        if holes:
            placed[holes[0]] = wilds[0]
        elif (wild_high or lo == MIN_RANK) and hi < MAX_RANK:
            placed[hi + 1] = wilds[0]
        elif lo > MIN_RANK:
            placed[lo - 1] = wilds[0]
        else:
            return None
    lo, hi = min(placed), max(placed)
    if hi - lo + 1 < 3:
        return None
    ordered = [placed[r] for r in range(lo, hi + 1)]
    return Meld(RUN, colour, lo, tuple(ordered), _run_wild(colour, lo, ordered))
