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

from collections.abc import Iterable, Sequence
from typing import Any

from .cards import FACES, JOKER, NUM_FACES, NUMBERS, TILE_VALUES, WILD_CAPABLE

RUN = 0
SET = 1
LOW = 0
HIGH = 1
MIN_RANK = 1
MAX_RANK = 14
CANASTA = 7
_ACE_BITS = 2 | 1 << MAX_RANK  # rank 1 and rank 14


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
            opts.extend((f, LOW) for f in _WILD_FACES)
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
                opts.update((f, end) for f in _WILD_FACES)
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


_WILD_FACES = tuple(f for f in range(NUM_FACES) if WILD_CAPABLE[f])


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


# -- what a rack can still make (for the step-by-step lay-down) ------------------
class RackInfo:
    """Counts of a rack's faces and what they allow, computed once per rack.

    `masks[c]` has bit r set when the rack holds the natural tile of rank r
    (1..14) for a run of colour c.
    """

    __slots__ = ("counts", "masks", "set_naturals", "wilds")

    def __init__(self, counts: list[int], masks: list[int], set_naturals: list[int], wilds: int) -> None:
        self.counts = counts
        self.masks = masks
        self.set_naturals = set_naturals
        self.wilds = wilds

    @classmethod
    def of_tiles(cls, tiles: Iterable[int]) -> RackInfo:
        counts = [0] * NUM_FACES
        masks = [0, 0, 0, 0]
        naturals = [0] * (NUMBERS + 1)
        wilds = 0
        for t in tiles:
            f = t >> 1
            counts[f] += 1
            if f == JOKER:
                wilds += 1
                continue
            c, n = _COLOUR[f], _NUMBER[f]
            masks[c] |= _RANK_BITS[f]
            if n == 2:
                wilds += 1
            else:
                naturals[n] += 1
        return cls(counts, masks, naturals, wilds)

    @classmethod
    def of_counts(cls, counts: Sequence[int]) -> RackInfo:
        return cls.of_tiles(2 * f for f in range(NUM_FACES) for _ in range(counts[f]))


_COLOUR = tuple(f // NUMBERS for f in range(NUM_FACES))
_NUMBER = tuple(f % NUMBERS + 1 for f in range(NUM_FACES))
# The ace stands at rank 1 and rank 14.
_RANK_BITS = tuple((1 << _NUMBER[f]) | (1 << MAX_RANK if _NUMBER[f] == 1 else 0) for f in range(NUM_FACES))
_SET_FACES = tuple(tuple(c * NUMBERS + n - 1 for c in range(4)) for n in range(NUMBERS + 1))


class _Windows:
    """What the 3-rank windows of one colour's natural mask allow.

    full: ranks in a window of three naturals; spare: ranks in a window of
    two naturals that a spare wild completes (without the natural 2);
    spare2: the same for windows whose naturals include the 2 (whose wild
    must then be another tile). A cache over the 2**14 masks.
    """

    __slots__ = ("full", "spare", "spare2")

    def __init__(self, mask: int) -> None:
        self.full = self.spare = self.spare2 = 0
        for lo in range(MIN_RANK, MAX_RANK - 1):
            win = 7 << lo
            have = win & mask
            count = have.bit_count()
            if count == 3:
                self.full |= have
            elif count == 2:
                if have & 4:
                    self.spare2 |= have
                else:
                    self.spare |= have


_WINDOWS: dict[int, _Windows] = {}


def _windows(mask: int) -> _Windows:
    found = _WINDOWS.get(mask)
    if found is None:
        found = _WINDOWS[mask] = _Windows(mask)
    return found


def _rank_faces(colour: int, ranks: int) -> list[int]:
    base = colour * NUMBERS
    out = [base + r - 1 for r in range(1, NUMBERS + 1) if ranks >> r & 1]
    if ranks >> MAX_RANK & 1 and not ranks & 2:
        out.append(base)
    return out


def meldable_faces(info: RackInfo) -> set[int]:
    """Faces of the rack that belong to at least one meld the rack can make."""
    counts = info.counts
    wilds = info.wilds
    out: set[int] = set()
    wild_ok = False
    for n, nat in enumerate(info.set_naturals):
        if nat >= 2:
            wild_ok = True
            if nat >= 3 or wilds:
                out.update(f for f in _SET_FACES[n] if counts[f])
    for c, mask in enumerate(info.masks):
        if not mask:
            continue
        w = _windows(mask)
        ok = w.full
        if wilds:
            ok |= w.spare
            if wilds >= 2:
                ok |= w.spare2
        if ok:
            wild_ok = True
            out.update(_rank_faces(c, ok))
    if wild_ok and wilds:
        out.update(f for f in _WILD_FACES if counts[f])
    return out


def completable(pending: Sequence[int], info: RackInfo) -> bool:
    """Whether the faces `pending` (all in the rack `info`) can still grow,
    with other tiles of the rack, into a valid meld."""
    if not pending:
        return True
    return _set_completable(pending, info) or _run_completable(pending, info)


def _set_completable(pending: Sequence[int], info: RackInfo) -> bool:
    number = 0
    wilds = 0
    for f in pending:
        if WILD_CAPABLE[f]:
            wilds += 1
            continue
        n = f % NUMBERS + 1
        if number and n != number:
            return False
        number = n
    if wilds > 1:
        return False
    if not number:
        return any(k >= 2 for k in info.set_naturals)
    nat = info.set_naturals[number]
    return nat >= 3 or (nat >= 2 and info.wilds >= 1)


def _run_completable(pending: Sequence[int], info: RackInfo) -> bool:
    colour = -1
    pinned = 0
    aces = 0
    wild_capable = 0
    for f in pending:
        if WILD_CAPABLE[f]:
            wild_capable += 1
            continue
        c = f // NUMBERS
        if colour >= 0 and c != colour:
            return False
        colour = c
        n = f % NUMBERS + 1
        if n == 1:
            aces += 1
        elif pinned & (1 << n):
            return False
        else:
            pinned |= 1 << n
    if aces > 2 or wild_capable > 2:
        return False
    colours = (colour,) if colour >= 0 else (0, 1, 2, 3)
    return any(_run_colour_completable(pending, info, c, pinned, aces, wild_capable) for c in colours)


def _run_colour_completable(
    pending: Sequence[int], info: RackInfo, colour: int, pinned: int, aces: int, wild_capable: int
) -> bool:
    two = two_of(colour)
    twos = sum(1 for f in pending if f == two)
    spare_wilds = info.wilds - wild_capable
    for natural_two in (1, 0) if twos else (0,):
        wild = wild_capable - natural_two
        if wild > 1:
            continue
        mask = info.masks[colour]
        if twos and not natural_two and info.counts[two] - twos < 1:
            mask &= ~4  # the only 2 of the colour is the pending wild
        base = pinned | (4 if natural_two else 0)
        # One ace in the rack cannot stand at rank 1 and rank 14 at once.
        one_ace = info.counts[colour * NUMBERS] - aces < 1 if aces else info.counts[colour * NUMBERS] < 2
        ace_sets = (0,) if not aces else (2, 1 << 14) if aces == 1 else (2 | 1 << 14,)
        for ace_bits in ace_sets:
            q = base | ace_bits
            m = mask & ~(_ACE_BITS ^ ace_bits) if aces == 1 and one_ace else mask
            if _window_exists(q, m | q, wild, spare_wilds, not natural_two, one_ace and not aces):
                return True
    return False


def _window_exists(q: int, mask: int, wild: int, spare_wilds: int, two_from_rack: bool, one_ace: bool) -> bool:
    """Is there an interval of ranks holding every pinned rank `q`, with at
    most one rank missing from `mask`, that makes a run of 3 or more?"""
    if not q:
        # Only a wild is pending: any 3 ranks with two naturals.
        return any(((7 << lo) & mask).bit_count() >= 2 for lo in range(MIN_RANK, MAX_RANK - 1))
    qlo = (q & -q).bit_length() - 1
    qhi = q.bit_length() - 1
    pinned_count = q.bit_count()
    for a in range(4):
        lo = qlo - a
        if lo < MIN_RANK:
            break
        for b in range(4 - a):
            hi = qhi + b
            if hi > MAX_RANK:
                break
            length = hi - lo + 1
            if length < 3:
                continue
            win = ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)
            holes = length - (win & mask).bit_count()
            if one_ace and win & mask & _ACE_BITS == _ACE_BITS:
                holes += 1
            if holes > 1:
                continue
            if wild:
                if holes == 1 or length > pinned_count:
                    return True
                continue
            if holes == 0:
                return True
            used_two = 1 if two_from_rack and win & mask & 4 and not q & 4 else 0
            if spare_wilds - used_two >= 1:
                return True
    return False


# -- candidate melds of a rack (for bots) ---------------------------------------------
def candidate_melds(counts: Sequence[int], allow_wild: bool = True) -> list[list[int]]:
    """Face lists of melds the rack can lay down: every set of one number
    with all its naturals, and every maximal natural run (plus, with
    `allow_wild`, runs and sets completed by one wild). Faces only; the
    caller maps them to tiles."""
    out: list[list[int]] = []
    wild_faces = [f for f in _WILD_FACES if counts[f]]
    for n in range(1, NUMBERS + 1):
        if n == 2:
            continue
        faces: list[int] = []
        for c in range(4):
            faces.extend([c * NUMBERS + n - 1] * counts[c * NUMBERS + n - 1])
        if len(faces) >= 3:
            out.append(faces)
        elif len(faces) == 2 and allow_wild and wild_faces:
            out.append([*faces, wild_faces[0]])
    for c in range(4):
        out.extend(_colour_runs(counts, c, wild_faces if allow_wild else []))
    return out


def _colour_runs(counts: Sequence[int], colour: int, wild_faces: list[int]) -> list[list[int]]:
    have = [False] * (MAX_RANK + 2)
    for rank in range(MIN_RANK, MAX_RANK + 1):
        have[rank] = counts[natural_face(colour, rank)] > 0
    runs: list[list[int]] = []
    rank = MIN_RANK
    while rank <= MAX_RANK:
        if not have[rank]:
            rank += 1
            continue
        start = rank
        while rank <= MAX_RANK and have[rank]:
            rank += 1
        block = list(range(start, rank))
        if start == 1 and rank > 14:
            block = block[:13]  # one ace only
        if len(block) >= 3:
            runs.append([natural_face(colour, r) for r in block])
        elif wild_faces and len(block) == 2:
            wild = next((w for w in wild_faces if w != two_of(colour) or 2 not in block or counts[w] > 1), None)
            if wild is not None:
                runs.append([*(natural_face(colour, r) for r in block), wild])
        # a gap of one filled by a wild: block, hole, next block
        if wild_faces and rank <= MAX_RANK - 1 and have[rank + 1] and len(block) >= 1:
            nxt = rank + 1
            end = nxt
            while end <= MAX_RANK and have[end]:
                end += 1
            if len(block) + (end - nxt) >= 2:
                wild = next((w for w in wild_faces if w != two_of(colour) or counts[w] > 1 or 2 not in block), None)
                if wild is not None:
                    faces = [natural_face(colour, r) for r in block]
                    faces.append(wild)
                    faces.extend(natural_face(colour, r) for r in range(nxt, end))
                    runs.append(faces)
    return runs
