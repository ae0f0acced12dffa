"""What a rack can still make, for the step-by-step lay-down (BUR-6 ..
BUR-9): counts of a rack's faces, the faces that may start or grow a meld,
whether staged tiles can still be completed, and candidate melds for the bot."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import JOKER, NUM_FACES, NUMBERS, WILD_CAPABLE
from .melds import ACE_BITS, MAX_RANK, MIN_RANK, WILD_FACES, natural_face, two_of


class RackInfo:
    """Counts of a rack's faces and what they allow, computed once per rack.

    `masks[c]` has bit r set when the rack holds the natural tile of rank r
    (1..14) for a run of colour c.

    The state that keeps the acting rack's info (BuraccoState._info) also
    keeps there what it worked out from it while neither the rack nor the
    side's melds change: `faces`, the rack's distinct faces ascending;
    `base`, the meld phase's actions with nothing staged; `memo`, whether
    staged faces (sorted) can still make a meld.
    """

    __slots__ = ("base", "counts", "faces", "masks", "memo", "set_naturals", "wilds")

    def __init__(self, counts: list[int], masks: list[int], set_naturals: list[int], wilds: int) -> None:
        self.counts = counts
        self.masks = masks
        self.set_naturals = set_naturals
        self.wilds = wilds
        self.faces: list[int] | None = None
        self.base: list[int] | None = None
        self.memo: dict[tuple[int, ...], bool] = {}

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
        out.update(f for f in WILD_FACES if counts[f])
    return out


def completable(pending: Sequence[int], info: RackInfo) -> bool:
    """Whether the faces `pending` (all in the rack `info`) can still grow,
    with other tiles of the rack, into a valid meld."""
    if not pending:
        return True
    return _set_completable(pending, info) or _run_completable(pending, info)


class Staged:
    """What `completable` reads of staged faces, worked out once for the
    faces that may join them (`completable_with`)."""

    __slots__ = ("aces", "colour", "number", "pinned", "run_ok", "set_ok", "set_wilds", "wild_capable")

    def __init__(self, staged: Sequence[int]) -> None:
        # the set's reading (_set_completable)
        self.set_ok = True
        self.number = 0
        self.set_wilds = 0
        # the run's reading (_run_completable)
        self.run_ok = True
        self.colour = -1
        self.pinned = 0
        self.aces = 0
        self.wild_capable = 0
        for f in staged:
            if WILD_CAPABLE[f]:
                self.set_wilds += 1
                self.wild_capable += 1
                continue
            n = f % NUMBERS + 1
            if self.number and n != self.number:
                self.set_ok = False
            self.number = n
            c = f // NUMBERS
            if self.colour >= 0 and c != self.colour:
                self.run_ok = False
            self.colour = c
            if n == 1:
                self.aces += 1
            elif self.pinned & (1 << n):
                self.run_ok = False
            else:
                self.pinned |= 1 << n


def completable_with(staged: Staged, face: int, pending: Sequence[int], info: RackInfo) -> bool:
    """`completable(pending, info)` where `pending` are the faces read by
    `staged` and `face` (in any order)."""
    wild = WILD_CAPABLE[face]
    # the set (_set_completable)
    if staged.set_ok:
        number = staged.number
        ok = True
        if not wild:
            n = face % NUMBERS + 1
            if number and n != number:
                ok = False
            number = n
        if ok and staged.set_wilds + wild <= 1:
            if not number:
                if any(k >= 2 for k in info.set_naturals):
                    return True
            else:
                nat = info.set_naturals[number]
                if nat >= 3 or (nat >= 2 and info.wilds >= 1):
                    return True
    # the run (_run_completable)
    if not staged.run_ok:
        return False
    colour = staged.colour
    pinned = staged.pinned
    aces = staged.aces
    wild_capable = staged.wild_capable
    if wild:
        wild_capable += 1
    else:
        c = face // NUMBERS
        if colour >= 0 and c != colour:
            return False
        colour = c
        n = face % NUMBERS + 1
        if n == 1:
            aces += 1
        elif pinned & (1 << n):
            return False
        else:
            pinned |= 1 << n
    if aces > 2 or wild_capable > 2:
        return False
    if colour >= 0:
        return _run_colour_completable(pending, info, colour, pinned, aces, wild_capable)
    return any(_run_colour_completable(pending, info, c, pinned, aces, wild_capable) for c in range(4))


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
    if colour >= 0:
        return _run_colour_completable(pending, info, colour, pinned, aces, wild_capable)
    return any(_run_colour_completable(pending, info, c, pinned, aces, wild_capable) for c in range(4))


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
            m = mask & ~(ACE_BITS ^ ace_bits) if aces == 1 and one_ace else mask
            if _window_exists(q, m | q, wild, spare_wilds, not natural_two, one_ace and not aces):
                return True
    return False


_WINDOW_MEMO: dict[tuple[int, int, int, int, bool, bool], bool] = {}
_WINDOW_MEMO_SIZE = 1 << 17  # answers kept (a few MiB); then it starts afresh


def _window_exists(q: int, mask: int, wild: int, spare_wilds: int, two_from_rack: bool, one_ace: bool) -> bool:
    """Is there an interval of ranks holding every pinned rank `q`, with at
    most one rank missing from `mask`, that makes a run of 3 or more?
    (A pure function of small integers: its answers are kept.)"""
    key = (q, mask, wild, spare_wilds if spare_wilds < 2 else 2, two_from_rack, one_ace)
    found = _WINDOW_MEMO.get(key)
    if found is None:
        if len(_WINDOW_MEMO) >= _WINDOW_MEMO_SIZE:
            _WINDOW_MEMO.clear()
        found = _WINDOW_MEMO[key] = _window_search(q, mask, wild, spare_wilds, two_from_rack, one_ace)
    return found


def _window_search(q: int, mask: int, wild: int, spare_wilds: int, two_from_rack: bool, one_ace: bool) -> bool:
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
            if one_ace and win & mask & ACE_BITS == ACE_BITS:
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
    wild_faces = [f for f in WILD_FACES if counts[f]]
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
