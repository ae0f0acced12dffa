"""A Buracco view read into numbers, once per view, for the encoder (encoding.py).

The melds of a view are read once per meld and once per side: a view's
meld lists are the melds' own (`Meld.described`), so while a meld or a side
does not change it is known again by identity. Everything here comes from
the view alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import numpy as np

from tapete.engine.encoding import FLOAT, Segment, cells

from .cards import FACE_TO_ID, JOKER, NUM_FACES, NUMBERS, VALUES, WILD_CAPABLE
from .melds import CANASTA, MAX_RANK, MIN_RANK, natural_face

F = NUM_FACES
RANKS = MAX_RANK  # a run's ranks 1..14 (the 1 low and high)
POINTS_SCALE = 300.0  # tile points in a rack, the pozo, a meld
MELDS_SCALE = 12.0  # melds of one side
SIDE_POINTS_SCALE = 1000.0  # tile points melded by a side
SIDE_STATS = 8
TILE_ROWS = 6  # rack, pending, pozo, known of relative seats 1..3: one block of the observation
WILD_FACES = tuple(f for f in range(F) if WILD_CAPABLE[f])
COLOUR = tuple(f // NUMBERS if f != JOKER else -1 for f in range(F))
NUMBER = tuple(f % NUMBERS + 1 if f != JOKER else 0 for f in range(F))
_MELDS_KEPT = 20_000  # melds read (a few hundred bytes each); the cache starts over past it
_SIDES_KEPT = 4_000  # sides read (a few kB each): a match makes a few hundred


def side_segments(side: str) -> list[Segment]:
    """One relative side's melds (contiguous: a side's block is written at once)."""
    return [
        Segment(f"{side}_melded", F, "copies of each face in the side's melds / 2"),
        Segment(f"{side}_fits", F, "how many of the side's melds accept each face / 3 (at most 1)"),
        Segment(f"{side}_runs", 4 * RANKS, "per colour and rank 1..14: the side's runs holding that rank / 2"),
        Segment(f"{side}_piernas", NUMBERS, "per number: tiles in the side's piernas of it / 9"),
        Segment(
            f"{side}_stats",
            SIDE_STATS,
            "melds / 12, canastas puras / 3, impuras / 3, points melded / 1000, largest meld / 14, "
            "melds of 6 tiles / 3, of 5 tiles / 3, 1 with a canasta",
        ),
    ]


SIDE_BLOCK = sum(s.size for s in side_segments("own"))


VALUE_OF = VALUES.__getitem__


def ids(tokens: Sequence[str]) -> list[int]:
    return [FACE_TO_ID[t] for t in tokens]


def mates(counts: Sequence[float], face: int) -> float:
    """Tiles among `counts` of `face`'s number in other faces (0 for the comodín)."""
    if face == JOKER:
        return 0.0
    n = face % NUMBERS
    return counts[n] + counts[NUMBERS + n] + counts[2 * NUMBERS + n] + counts[3 * NUMBERS + n] - counts[face]


def links(counts: Sequence[float], face: int) -> float:
    """Tiles among `counts` of `face`'s colour within two numbers of it (0 for the comodín)."""
    if face == JOKER:
        return 0.0
    n = face % NUMBERS
    total = 0.0
    if n >= 1:
        total += counts[face - 1] + (counts[face - 2] if n >= 2 else 0.0)
    if n <= NUMBERS - 2:
        total += counts[face + 1] + (counts[face + 2] if n <= NUMBERS - 3 else 0.0)
    return total


# -- melds as seen in a view ---------------------------------------------------------
class MeldInfo:
    """What a view's meld (kind, tiles, wild, low) says, computed once per meld.

    `natural` maps each face the meld accepts to True when it goes in as a
    natural tile (at a free end, or in the wild's place, BUR-12) and False
    when it goes in as the meld's wild (BUR-8)."""

    __slots__ = ("colour", "ends", "faces", "lo", "natural", "number", "places", "pure", "run", "size", "value")

    def __init__(self, described: Mapping[str, Any]) -> None:
        faces = ids(described["tiles"])
        wild = described["wild"]
        self.faces = faces
        self.size = len(faces)
        self.run = described["kind"] == "run"
        self.pure = wild is None
        self.value = sum(map(VALUE_OF, faces))
        natural: dict[int, bool] = {}
        self.ends: tuple[int, ...] = ()
        if self.run:
            self.colour = COLOUR[faces[1 if wild == 0 else 0]]
            self.number = 0
            self.lo = lo = int(described["low"])
            ranks = [r for r in (lo - 1, lo + self.size) if MIN_RANK <= r <= MAX_RANK]
            self.ends = tuple(natural_face(self.colour, r) for r in ranks)
            if ranks:
                if wild is not None:
                    natural[natural_face(self.colour, lo + wild)] = True
                natural.update((f, True) for f in self.ends)
                if wild is None:
                    for w in WILD_FACES:
                        natural.setdefault(w, False)
        else:
            self.colour = -1
            self.number = int(described["number"])
            self.lo = 0
            natural.update((c * NUMBERS + self.number - 1, True) for c in range(4))
            if wild is None:
                natural.update((w, False) for w in WILD_FACES)
        self.natural = natural
        # where it counts in its side's block (`SideInfo`): its faces, the faces it accepts,
        # a run's ranks
        places = [*faces, *(F + f for f in natural)]
        if self.run:
            start = 2 * F + self.colour * RANKS + self.lo - 1
            places += range(start, start + self.size)
        self.places = places


_MELDS: dict[int, tuple[list[str], MeldInfo]] = {}


def meld_info(described: Mapping[str, Any]) -> MeldInfo:
    """A meld's MeldInfo, shared while the view shows the same meld: its tile
    list is the meld's own (`Meld.described`), kept alive here so that its id
    is not reused while cached."""
    tiles = described["tiles"]
    found = _MELDS.get(id(tiles))
    if found is not None and found[0] is tiles:
        return found[1]
    if len(_MELDS) > _MELDS_KEPT:
        _MELDS.clear()
    info = MeldInfo(described)
    _MELDS[id(tiles)] = (tiles, info)
    return info


class SideInfo:
    """One side's melds as numbers: its observation block (`block`, laid out as
    `side_segments`) and what the action features read."""

    __slots__ = ("_pairs", "block", "cells", "fits", "melded", "melds", "tiles")

    def __init__(self, described: Sequence[Mapping[str, Any]]) -> None:
        melds = [meld_info(m) for m in described]
        self.melds = melds
        self.tiles = [m["tiles"] for m in described]  # the views' lists, to know the side again
        block = np.zeros(SIDE_BLOCK, dtype=FLOAT)
        melded = block[:F]
        fits = block[F : 2 * F]
        piernas = block[2 * F + 4 * RANKS : 2 * F + 4 * RANKS + NUMBERS]
        # copies, fits and runs counted at once (each number a multiple of 0.5, or of 1/3
        # capped at 1: the same float32 as adding meld by meld)
        counts = np.bincount([i for m in melds for i in m.places], minlength=2 * F + 4 * RANKS)
        np.multiply(counts[:F], 0.5, out=melded, casting="unsafe")
        np.minimum(counts[F : 2 * F] * np.float32(1.0 / 3.0), 1.0, out=fits, casting="unsafe")
        np.multiply(counts[2 * F :], 0.5, out=block[2 * F : 2 * F + 4 * RANKS], casting="unsafe")
        for m in melds:
            if not m.run:
                piernas[m.number - 1] += m.size / 9.0  # in float32, meld by meld
        np.minimum(piernas, 2.0, out=piernas)
        sizes = [m.size for m in melds]
        canastas = [m for m in melds if m.size >= CANASTA]
        pure = sum(1 for m in canastas if m.pure)
        block[-SIDE_STATS:] = [
            min(len(melds) / MELDS_SCALE, 2.0),
            min(pure / 3.0, 2.0),
            min((len(canastas) - pure) / 3.0, 2.0),
            min(sum(m.value for m in melds) / SIDE_POINTS_SCALE, 2.0),
            max(sizes, default=0) / RANKS,
            min(sizes.count(CANASTA - 1) / 3.0, 2.0),
            min(sizes.count(CANASTA - 2) / 3.0, 2.0),
            1.0 if canastas else 0.0,
        ]
        self.block = block
        self.cells = cells(block)  # copied into an observation without a numpy call
        self.melded = melded  # copies / 2
        self.fits: list[float] = fits.tolist()
        self._pairs: dict[int, tuple[SideInfo, np.ndarray]] = {}

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__ if name != "cells"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.cells = cells(self.block)  # a memoryview does not pickle: made again

    def unseen_base(self, other: SideInfo) -> np.ndarray:
        """`Parsed.rows` before the tiles seen: zeros, then a last row of 1 - the copies / 2
        of each face melded by this side and `other`."""
        found = self._pairs.get(id(other))
        if found is None or found[0] is not other:
            if len(self._pairs) > 64:
                self._pairs.clear()
            base = np.zeros((TILE_ROWS + 1, F))
            base[TILE_ROWS] = 1.0 - self.melded - other.melded
            found = self._pairs[id(other)] = (other, base)
        return found[1]


_SIDES: dict[tuple[int, ...], SideInfo] = {}


def side_info(melds: Sequence[Mapping[str, Any]]) -> SideInfo:
    """A side's SideInfo, shared while its melds stay the same objects: a
    view's meld lists are the melds' own (`Meld.described`), so a side that
    did not change is known again by their identity (kept alive here, so an
    id is never reused while cached); other views are read afresh."""
    tiles = [m["tiles"] for m in melds]
    key = tuple(map(id, tiles))
    side = _SIDES.get(key)
    if side is None or any(a is not b for a, b in zip(side.tiles, tiles, strict=True)):
        if len(_SIDES) > _SIDES_KEPT:
            _SIDES.clear()
        side = _SIDES[key] = SideInfo(melds)
    return side


class StateCache:
    """What one seat's encoder read from a state at its last write, read again only where
    the state changed: the encoders write at every step, and most steps (a tile staged, a
    draw) leave the melds, the pozo and the known tiles as they were.

    A state's side is a list of immutable `Meld`s, changed in place by a meld laid or
    replaced by its extension: while it holds the same meld objects (a list compare,
    identity first) its `SideInfo` stands. The pozo and the known tiles are lists of
    tile ids, compared as they are."""

    __slots__ = ("infos", "known", "melds", "pozo", "table")

    def __init__(self) -> None:
        self.melds: list[list[Any]] = [[], []]
        self.infos: list[SideInfo | None] = [None, None]
        self.pozo: list[int] | None = None
        self.known: list[list[int]] = []
        self.table: tuple[list[int], list[int], list[int]] = ([], [], [])

    def sides(self, state: Any, me: int) -> tuple[SideInfo, SideInfo]:
        """(the seat's side, the other side)."""
        side = me & 1
        return self._side(state.melds, side), self._side(state.melds, 1 - side)

    def _side(self, melds: Sequence[Sequence[Any]], side: int) -> SideInfo:
        now, info = melds[side], self.infos[side]
        if info is None or now != self.melds[side]:
            self.melds[side] = list(now)
            info = self.infos[side] = _state_side(now)
        return info

    def tiles(self, state: Any, me: int) -> tuple[list[int], list[int], list[int]]:
        """`table_index` of the state's pozo, known tiles and (once the hand is over) racks."""
        n, pozo, known = state.num_players, state.pozo, state.known
        if state.revealed():  # between hands only: not kept
            racks = [t >> 1 for s in range(n) if s != me for t in state.racks[s]]
            return table_index([t >> 1 for t in pozo], [], racks)
        if pozo != self.pozo or known != self.known:
            self.pozo, self.known = list(pozo), [list(k) for k in known]
            faces = [((s - me) % n, [t >> 1 for t in known[s]]) for s in range(n) if s != me and known[s]]
            self.table = table_index([t >> 1 for t in pozo], faces, [])
        return self.table


_STATE_SIDES: dict[tuple[int, ...], tuple[tuple[Any, ...], SideInfo]] = {}


def _state_side(melds: Sequence[Any]) -> SideInfo:
    """`side_info` of a state's side, shared by every seat's cache: the same meld objects
    are the same side (kept alive here, so that an id is never reused while cached)."""
    key = tuple(map(id, melds))
    found = _STATE_SIDES.get(key)
    if found is None or any(a is not b for a, b in zip(found[0], melds, strict=True)):
        if len(_STATE_SIDES) > _SIDES_KEPT:
            _STATE_SIDES.clear()
        found = _STATE_SIDES[key] = (tuple(melds), side_info([m.described() for m in melds]))
    return found[1]


def table_index(
    pozo: list[int], known: list[tuple[int, list[int]]], racks: list[int]
) -> tuple[list[int], list[int], list[int]]:
    """(the pozo's faces, their and the others' tiles' places in `Parsed`'s counts, the
    faces the next seat is known to hold). `known`: (relative seat, faces) of the other
    seats' known tiles; `racks`: the faces of the other racks when they are shown (seen,
    in no row of their own)."""
    index = [2 * F + f for f in pozo]
    nxt: list[int] = []
    for rel, faces in known:
        if rel == 1:
            nxt = faces
        base = (2 + rel) * F
        index += [base + f for f in faces]
    index += [TILE_ROWS * F + f for f in racks]
    return pozo, index, nxt


NO_VIEW: Mapping[str, Any] = MappingProxyType({})
# Counts (rack .. known, shown racks) to copies / 2 (rack .. known) and minus the copies / 2 seen.
_ROWS = np.zeros((TILE_ROWS + 1, TILE_ROWS + 1))
_ROWS[:TILE_ROWS, :TILE_ROWS] = np.eye(TILE_ROWS) * 0.5
_ROWS[TILE_ROWS] = -0.5  # the `view` of a state read without one


# -- one view, parsed once ----------------------------------------------------------------
class Parsed:
    """What the observation and the action features both read from one view.

    `rows`: copies / 2 of each face in the rack (not staged), the pending meld,
    the pozo and the known tiles of relative seats 1..3, one row each, then the
    unseen copies / 2 (`unseen`): the observation's rack .. unseen segments."""

    __slots__ = (
        "_lists",
        "_next",
        "mine",
        "pending",
        "pozo",
        "rack",
        "rack_tiles",
        "rows",
        "theirs",
        "unseen",
        "view",
    )

    def __init__(self, view: Mapping[str, Any], me: int) -> None:
        n = view["num_players"]
        known = view["known"]
        racks = view.get("racks")
        melds = view["melds"]
        side = me & 1
        self._read(
            view,
            ids(view.get("rack") or ()),
            ids(view.get("pending") or ()),
            table_index(
                ids(view["pozo"]),
                [((s - me) % n, ids(known[s])) for s in range(n) if s != me and known[s]],
                [FACE_TO_ID[t] for s in range(n) if s != me for t in racks[s]] if racks else [],
            ),
            side_info(melds[side]),
            side_info(melds[1 - side]),
        )

    @classmethod
    def of_state(cls, state: Any, me: int, cache: StateCache) -> Parsed:
        """The same numbers read from a Buracco state, as `views.view(state, me)` shows it
        (faces are tiles >> 1; the order of a list of faces counts only for the pozo);
        `cache` is the seat's own, what did not change since it last read."""
        parsed = cls.__new__(cls)
        pending = state.pending if me == state.turn else []
        rack = state.racks[me]
        parsed._read(
            NO_VIEW,
            [t >> 1 for t in rack if t not in pending] if pending else [t >> 1 for t in rack],
            [t >> 1 for t in pending],
            cache.tiles(state, me),
            *cache.sides(state, me),
        )
        return parsed

    def _read(
        self,
        view: Mapping[str, Any],
        rack: list[int],
        pending: list[int],
        table: tuple[list[int], list[int], list[int]],
        mine: SideInfo,
        theirs: SideInfo,
    ) -> None:
        """`table`: the rest of the table (`table_index`); `mine`, `theirs`: the two sides' melds."""
        self.view = view
        pozo, rest, nxt = table
        self.rack, self.pending, self.pozo = rack, pending, pozo
        index = rack + [F + f for f in pending]
        index += rest
        counts = np.bincount(index, minlength=(TILE_ROWS + 1) * F).reshape(TILE_ROWS + 1, F)
        self.mine, self.theirs = mine, theirs
        # The observation's rows, in one product: copies / 2 in the rack .. known rows, then
        # the unseen copies / 2 (every tile seen, of any row, is a distinct tile of the two of
        # its face: unseen >= 0). Halves of small counts: exact.
        self.rows = _ROWS @ counts + mine.unseen_base(theirs)
        self.unseen = self.rows[TILE_ROWS]
        self.rack_tiles = len(rack) + len(pending)
        self._lists: tuple[list[int], list[int], list[float]] | None = None
        self._next = nxt

    def lists(self) -> tuple[list[int], list[int], list[float]]:
        """(rack copies, copies the next seat is known to hold, unseen / 2) per face, as lists."""
        if self._lists is None:
            rack = [0] * F
            for f in self.rack:
                rack[f] += 1
            nxt = [0] * F
            for f in self._next:
                nxt[f] += 1
            self._lists = (rack, nxt, self.unseen.tolist())
        return self._lists
