"""Buracco's information state as numbers (engine/encoding.py; docs/encodings.md).

Observation (the view): the table and options, the seat's rack and the meld
it is building, the tiles each other seat is known to hold (taken from the
pozo), the pozo (its tiles, its top), the stock and the muertos, the tiles
still unseen, and both sides' melds (which tiles lie there, which tiles each
side's melds accept, the runs' ranks, the piernas, how close to canasta).
Memory (the events): what each seat discarded, the pozo tops it left when it
drew from the stock, every tile it took from the pozo this hand (the view
forgets those once played), its turns, pozo pick-ups and melds, which player
took a muerto, and the tile this seat drew last (the view's rack is sorted).
Seats are relative to the encoder's (0 = itself, 1 = the next, an opponent),
padded to 4; sides are relative too (0 = the seat's side).

Action features decode the action (kind, tile) and add what decides it: the
tile's place in the rack (copies, piernas and runs it could join), for a
discard what it gives the next player (melds of theirs it fits, tiles they
took, what they threw or left) and the pozo it grows, for an extension the
meld's size and canasta, for taking the pozo what it brings.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tapete.engine import Event, parse_options
from tapete.engine.encoding import InfoEncoder, Layout, Segment, cells

from . import actions as act
from .cards import FACE_TO_ID, JOKER, MUERTO_SIZE, MUERTO_STATES, NUMBERS, VALUES, WILD_CAPABLE
from .encoding_view import (
    COLOUR,
    NUMBER,
    POINTS_SCALE,
    RANKS,
    SIDE_BLOCK,
    TILE_ROWS,
    VALUE_OF,
    WILD_FACES,
    F,
    MeldInfo,
    Parsed,
    StateCache,
    ids,
    links,
    mates,
    side_segments,
)  # fmt: skip
from .melds import CANASTA
from .options import Options
from .phases import PHASES

SEATS = 4
MAX_TARGET = 20_000  # Options.target's maximum
RACK_SCALE = 30.0  # tiles in a rack (a large pozo taken makes ~30)
POZO_SCALE = 30.0  # tiles in the pozo
STOCK_SCALE = 60.0  # the largest stock (2 players: 106 - 22 - 24)
TURN_SCALE = 40.0  # a seat's turns in one hand
KINDS = 13  # draw .. deal (actions 0..9), stage, discard, extend


OBSERVATION = Layout(
    [
        Segment("players", 2, "2 or 4 players"),
        Segment("options", 2, "log10(target) / log10(20000); tiles dealt per player / 15"),
        Segment("phase", len(PHASES), "draw, privilege, meld, discard, hand_over, over"),
        Segment("round", 1, "the hand's number / 20 (at most 2)"),
        Segment("turn", SEATS, "the seat on turn, by relative seat"),
        Segment("first", SEATS, "the hand's first player, by relative seat"),
        Segment("privilege", 1, "1 while the first player's privilege (BUR-14) is unused"),
        Segment("scores", 3, "own side's total / target, the other's, their difference (each within -2..2)"),
        Segment("rack", F, "copies of each face in the seat's rack (not staged) / 2"),
        Segment("pending", F, "copies of each face in the meld being built / 2"),
        Segment("pozo", F, "copies of each face in the pozo / 2"),
        Segment("known", (SEATS - 1) * F, "tiles relative seats 1..3 took from the pozo and still hold / 2"),
        Segment("unseen", F, "copies of each face the seat has not seen anywhere / 2"),
        Segment("pozo_top", F, "the pozo's top face"),
        Segment("pozo_size", 2, "tiles in the pozo / 30, their points / 300 (at most 2)"),
        Segment("rack_sizes", SEATS, "tiles in each relative seat's rack / 30 (at most 2)"),
        Segment("rack_points", 1, "points of the seat's rack and staged tiles / 300 (at most 2)"),
        Segment("stock", 1, "tiles in the stock / 60"),
        Segment("muertos", 8, "per relative side: waiting, taken, lost, its tiles / 11"),
        *side_segments("own"),
        *side_segments("other"),
    ]
)
MEMORY = Layout(
    [
        Segment("discarded", SEATS * F, "per relative seat: faces it discarded (or threw, BUR-14) this hand / 2"),
        Segment("declined", SEATS * F, "per relative seat: pozo tops it left to draw from the stock / 2"),
        Segment("took", SEATS * F, "per relative seat: faces it took from the pozo this hand / 2"),
        Segment("turns", SEATS, "per relative seat: its turns this hand / 40 (at most 2)"),
        Segment("pickups", SEATS, "per relative seat: pozo pick-ups this hand / 4 (at most 2)"),
        Segment("laid", SEATS, "per relative seat: melds laid this hand / 8 (at most 2)"),
        Segment("extended", SEATS, "per relative seat: tiles added to melds this hand / 20 (at most 2)"),
        Segment("muerto", 2 * SEATS, "per relative seat: took its side's muerto; did so directly (by melding)"),
        Segment("drawn", F, "the face this seat drew last, until it discards"),
    ]
)
ACTIONS = Layout(
    [
        Segment(
            "kind",
            KINDS,
            "draw, take_pozo, keep, redraw, end_hand, commit, commit high, cancel, done, deal, stage, discard, extend",
        ),
        Segment("face", F, "the tile staged, discarded, added, or kept/thrown (BUR-14)"),
        Segment("tile", 8, "its colour (4), number / 13, points / 50, a 2 or comodín, the comodín"),
        Segment(
            "rack",
            4,
            "copies in the rack / 2, rack tiles of its number / 4, of its colour within 2 / 4, rack tiles after / 20",
        ),
        Segment(
            "discard",
            10,
            "melds of the other side it fits / 3, own melds it fits / 3, copies the next player took from the "
            "pozo / 2, their tiles of its number or of its colour within 2 / 4, the next player discarded it, "
            "left it atop the pozo, copies unseen / 2, pozo after / 30, the same if it fits their melds or "
            "tiles, 1 if the rack empties",
        ),
        Segment(
            "extend",
            12,
            "run, pierna, size / 14, size after / 14, becomes a canasta, already one, pure after, adds a wild, "
            "moves the wild (BUR-12), at the high end, points after / 300, tiles still to canasta / 7",
        ),
        Segment("stage", 4, "tiles staged / 7, 1 to start a meld, wilds in the rack / 4, copies staged / 2"),
        Segment("commit", 4, "tiles staged / 14, makes a canasta, their points / 300, wild at the high end"),
        Segment(
            "take",
            10,
            "pozo tiles / 30, points / 300, tiles own melds accept / 10, tiles with a copy in the rack / 10, "
            "tiles joining rack tiles / 20, wilds / 2, the top's copies in the rack / 2, the top fits own "
            "melds, rack tiles of the top's number / 4, of its colour within 2 / 4",
        ),
        Segment("draw", 3, "stock / 60, stock empty (a muerto becomes the stock), own muerto waiting"),
        Segment("stop", 3, "rack tiles / 20, rack points / 300, rack tiles own melds accept / 10 (done, end_hand)"),
    ]
)

_O = OBSERVATION.offsets
_M = MEMORY.offsets
_A = ACTIONS.offsets
_PHASE = {p: i for i, p in enumerate(PHASES)}
_MUERTO = {s: i for i, s in enumerate(MUERTO_STATES)}
# pozo_size .. muertos are written at offsets from pozo_size, rack .. unseen as one block
assert _O["unseen"] == _O["rack"] + TILE_ROWS * F
assert _O["pozo_size"] + 2 == _O["rack_sizes"] and _O["rack_sizes"] + SEATS + 2 == _O["muertos"]


def _clip(value: float) -> float:
    """`value` within -2..2 (a scaled count or score)."""
    return -2.0 if value < -2.0 else 2.0 if value > 2.0 else value


def _cap(mem: np.ndarray, at: int, add: float, top: float = 1.0) -> None:
    value = mem[at] + add
    mem[at] = value if value < top else top


class BuraccoEncoder(InfoEncoder):
    @classmethod
    def layouts(cls, num_players: int, options: Any) -> tuple[Layout, Layout, Layout]:
        return OBSERVATION, MEMORY, ACTIONS

    def __init__(self, seat: int, num_players: int, options: Any) -> None:
        super().__init__(seat, num_players, options)
        self._dealt = parse_options(Options, options).tiles_per_player(num_players)
        self._top = -1  # the pozo's top face, as the events told it
        self._drawn = -1  # the face this seat drew last, until it discards
        self._parsed: Parsed | None = None
        self._cache = StateCache()  # what `write_state` read, kept while unchanged

    # -- memory ------------------------------------------------------------------
    def remember(self, event: Event) -> None:
        if event.audience is not None and self.seat not in event.audience:
            return  # not told to this seat: never remembered, even if handed over
        kind, data, mem = event.kind, event.data, self.memory
        if kind == "hand_start":
            mem[:] = 0.0
            self._top = self._drawn = -1
            return
        seat = data.get("seat")
        if seat is None:
            return
        rel = self.rel(seat)
        if kind == "discard" or kind == "redraw":
            face = FACE_TO_ID[data["tile"]]
            _cap(mem, _M["discarded"] + rel * F + face, 0.5)
            self._top = face
            if rel == 0:
                self._forget_drawn()
        elif kind == "draw":
            _cap(mem, _M["turns"] + rel, 1.0 / TURN_SCALE, 2.0)
            if self._top >= 0:
                _cap(mem, _M["declined"] + rel * F + self._top, 0.5)
        elif kind == "drew":
            self._forget_drawn()
            self._drawn = FACE_TO_ID[data["tile"]]
            mem[_M["drawn"] + self._drawn] = 1.0
        elif kind == "take_pozo":
            _cap(mem, _M["turns"] + rel, 1.0 / TURN_SCALE, 2.0)
            _cap(mem, _M["pickups"] + rel, 0.25, 2.0)
            base = _M["took"] + rel * F
            for face in ids(data["tiles"]):
                _cap(mem, base + face, 0.5)
            self._top = -1
        elif kind == "meld":
            _cap(mem, _M["laid"] + rel, 1.0 / 8.0, 2.0)
        elif kind == "extend":
            _cap(mem, _M["extended"] + rel, 1.0 / 20.0, 2.0)
        elif kind == "muerto":
            mem[_M["muerto"] + rel] = 1.0
            mem[_M["muerto"] + SEATS + rel] = 1.0 if data.get("direct") else 0.0

    def _forget_drawn(self) -> None:
        if self._drawn >= 0:
            self.memory[_M["drawn"] + self._drawn] = 0.0
            self._drawn = -1

    # -- the view -------------------------------------------------------------------
    def parse(self, view: Mapping[str, Any]) -> Parsed:
        """The view's numbers, kept while the same view object is asked again
        (the state, then the moves, of one decision)."""
        parsed = self._parsed
        if parsed is None or parsed.view is not view:
            parsed = self._parsed = Parsed(view, self.seat)
        return parsed

    def write_observation(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        muertos = view["muertos"]
        self._write(
            self.parse(view),
            (view["target"], view["phase"], view["round"], view["turn"], view["first_player"], view["privilege"]),
            view["side_scores"],
            view["rack_counts"],
            view["stock"],
            [(m["state"], m["tiles"]) for m in muertos],
            out,
        )

    def write_state(self, state: Any, out: np.ndarray) -> None:
        """`write_observation` of this seat's view (views.py), read from the state."""
        self._write(
            Parsed.of_state(state, self.seat, self._cache),
            (state.opts.target, state.phase, state.hand, state.turn, state.hand_first(), state.privilege),
            state.scores,
            [len(r) for r in state.racks],
            len(state.stock),
            [(MUERTO_STATES[state.muerto_state[side]], len(state.muertos[side])) for side in (0, 1)],
            out,
        )

    def _write(
        self,
        p: Parsed,
        flow: tuple[int, str, int, int, int, Any],
        scores: Sequence[int],
        counts: Sequence[int],
        stock: int,
        muertos: Sequence[tuple[str, int]],
        out: np.ndarray,
    ) -> None:
        """The observation: `flow` is (target, phase, round, turn, first player, privilege),
        `muertos` each side's (state, tiles)."""
        me, n = self.seat, self.num_players
        target, phase, round_, turn, first, privilege = flow
        cell = cells(out)  # `out` is zeros: scalars go in one by one, only where not 0
        # players .. scores
        cell[0 if n == 2 else 1] = 1.0
        cell[_O["options"]] = math.log10(target) / math.log10(MAX_TARGET)
        cell[_O["options"] + 1] = self._dealt / 15.0
        cell[_O["phase"] + _PHASE[phase]] = 1.0
        cell[_O["round"]] = _clip(round_ / 20.0)
        cell[_O["turn"] + (turn - me) % n] = 1.0
        cell[_O["first"] + (first - me) % n] = 1.0
        if privilege:
            cell[_O["privilege"]] = 1.0
        side = me & 1
        ours, theirs = scores[side] / target, scores[1 - side] / target
        at = _O["scores"]
        cell[at] = _clip(ours)
        cell[at + 1] = _clip(theirs)
        cell[at + 2] = _clip(ours - theirs)
        at = _O["rack"]
        out[at : at + (TILE_ROWS + 1) * F].reshape(TILE_ROWS + 1, F)[:] = p.rows  # rack .. unseen
        # pozo_size .. muertos
        at = _O["pozo_size"]
        if p.pozo:
            cell[_O["pozo_top"] + p.pozo[-1]] = 1.0
            cell[at] = _clip(len(p.pozo) / POZO_SCALE)
            cell[at + 1] = _clip(sum(map(VALUE_OF, p.pozo)) / POINTS_SCALE)
        for s in range(n):
            cell[at + 2 + (s - me) % n] = _clip(counts[s] / RACK_SCALE)
        points = sum(map(VALUE_OF, p.rack)) + sum(map(VALUE_OF, p.pending))
        cell[at + 6] = _clip(points / POINTS_SCALE)
        cell[at + 7] = stock / STOCK_SCALE
        for base, (state, tiles) in ((at + 8, muertos[side]), (at + 12, muertos[1 - side])):
            cell[base + _MUERTO[state]] = 1.0
            cell[base + 3] = tiles / MUERTO_SIZE
        at = _O["own_melded"]
        cell[at : at + SIDE_BLOCK] = p.mine.cells
        at = _O["other_melded"]
        cell[at : at + SIDE_BLOCK] = p.theirs.cells

    # -- actions -------------------------------------------------------------------------
    def write_action(self, view: Mapping[str, Any], action: int, out: np.ndarray) -> None:
        p = self.parse(view)
        if action < act.STAGE_BASE:
            out[_A["kind"] + action] = 1.0
            self._simple(p, action, out)
            return
        if action < act.DISCARD_BASE:
            face = action - act.STAGE_BASE
            out[_A["kind"] + 10] = 1.0
            rack = self._tile(p, face, out, -1)
            staged = p.pending
            at = _A["stage"]
            out[at] = len(staged) / 7.0
            out[at + 1] = 0.0 if staged else 1.0
            out[at + 2] = sum(rack[w] for w in WILD_FACES) / 4.0
            out[at + 3] = staged.count(face) / 2.0
            return
        if action < act.EXTEND_BASE:
            face = action - act.DISCARD_BASE
            out[_A["kind"] + 11] = 1.0
            self._tile(p, face, out, -1)
            self._discard(p, face, out)
            return
        slot, face, end = act.extend_parts(action)
        out[_A["kind"] + 12] = 1.0
        self._tile(p, face, out, -1)
        melds = p.mine.melds
        if slot < len(melds):
            _extend(melds[slot], face, end, out)

    def _tile(self, p: Parsed, face: int, out: np.ndarray, change: int) -> list[int]:
        """The face, what the tile is, and its place in the rack; returns the rack's copies."""
        rack = p.lists()[0]
        out[_A["face"] + face] = 1.0
        at = _A["tile"]
        if face != JOKER:
            out[at + COLOUR[face]] = 1.0
            out[at + 4] = NUMBER[face] / NUMBERS
        out[at + 5] = VALUES[face] / 50.0
        out[at + 6] = 1.0 if WILD_CAPABLE[face] else 0.0
        out[at + 7] = 1.0 if face == JOKER else 0.0
        at = _A["rack"]
        out[at] = rack[face] / 2.0
        out[at + 1] = min(mates(rack, face) / 4.0, 2.0)
        out[at + 2] = min(links(rack, face) / 4.0, 2.0)
        out[at + 3] = min((p.rack_tiles + change) / 20.0, 2.0)
        return rack

    def _discard(self, p: Parsed, face: int, out: np.ndarray) -> None:
        mem = self.memory
        _, known, unseen = p.lists()
        at = _A["discard"]
        theirs = p.theirs.fits[face]
        out[at] = theirs
        out[at + 1] = p.mine.fits[face]
        same = known[face]
        out[at + 2] = same / 2.0
        near = mates(known, face) + links(known, face)
        out[at + 3] = min(near / 4.0, 1.0)
        out[at + 4] = mem[_M["discarded"] + F + face]
        out[at + 5] = mem[_M["declined"] + F + face]
        out[at + 6] = unseen[face]
        after = min((len(p.pozo) + 1) / POZO_SCALE, 2.0)
        out[at + 7] = after
        if theirs > 0.0 or same or near:
            out[at + 8] = after
        out[at + 9] = 1.0 if p.rack_tiles <= 1 else 0.0

    def _simple(self, p: Parsed, action: int, out: np.ndarray) -> None:
        view = p.view
        if action in (act.KEEP, act.REDRAW):
            if self._drawn >= 0:
                self._tile(p, self._drawn, out, -1 if action == act.REDRAW else 0)
        elif action == act.TAKE_POZO:
            self._take(p, out)
        elif action == act.DRAW:
            at = _A["draw"]
            out[at] = view["stock"] / STOCK_SCALE
            out[at + 1] = 0.0 if view["stock"] else 1.0
            out[at + 2] = 1.0 if view["muertos"][self.seat & 1]["state"] == "waiting" else 0.0
        elif action in (act.DONE, act.END_HAND):
            rack = p.lists()[0]
            fits = p.mine.fits
            at = _A["stop"]
            out[at] = min(p.rack_tiles / 20.0, 2.0)
            out[at + 1] = min(sum(map(VALUE_OF, p.rack)) / POINTS_SCALE, 2.0)
            out[at + 2] = min(sum(rack[f] for f in range(F) if fits[f] > 0.0) / 10.0, 2.0)
        elif action in (act.COMMIT, act.COMMIT_HIGH):
            at = _A["commit"]
            staged = p.pending
            out[at] = len(staged) / 14.0
            out[at + 1] = 1.0 if len(staged) >= CANASTA else 0.0
            out[at + 2] = min(sum(map(VALUE_OF, staged)) / POINTS_SCALE, 2.0)
            out[at + 3] = 1.0 if action == act.COMMIT_HIGH else 0.0

    def _take(self, p: Parsed, out: np.ndarray) -> None:
        pozo = p.pozo
        if not pozo:
            return
        rack = p.lists()[0]
        fits = p.mine.fits
        at = _A["take"]
        out[at] = min(len(pozo) / POZO_SCALE, 2.0)
        out[at + 1] = min(sum(map(VALUE_OF, pozo)) / POINTS_SCALE, 2.0)
        out[at + 2] = min(sum(1 for f in pozo if fits[f] > 0.0) / 10.0, 2.0)
        out[at + 3] = min(sum(1 for f in pozo if rack[f]) / 10.0, 2.0)
        out[at + 4] = min(sum(1 for f in pozo if mates(rack, f) or links(rack, f)) / 20.0, 2.0)
        out[at + 5] = sum(1 for f in pozo if WILD_CAPABLE[f]) / 2.0
        top = pozo[-1]
        out[at + 6] = rack[top] / 2.0
        out[at + 7] = 1.0 if fits[top] > 0.0 else 0.0
        out[at + 8] = min(mates(rack, top) / 4.0, 2.0)
        out[at + 9] = min(links(rack, top) / 4.0, 2.0)


def _extend(meld: MeldInfo, face: int, end: int, out: np.ndarray) -> None:
    """An extension's features: the meld before and after (BUR-10..12)."""
    at = _A["extend"]
    size = meld.size
    natural = meld.natural.get(face, True)
    relocates = meld.run and not meld.pure and natural and face not in meld.ends
    out[at] = 1.0 if meld.run else 0.0
    out[at + 1] = 0.0 if meld.run else 1.0
    out[at + 2] = size / RANKS
    out[at + 3] = (size + 1) / RANKS
    out[at + 4] = 1.0 if size + 1 == CANASTA else 0.0
    out[at + 5] = 1.0 if size >= CANASTA else 0.0
    out[at + 6] = 1.0 if meld.pure and natural else 0.0
    out[at + 7] = 0.0 if natural else 1.0
    out[at + 8] = 1.0 if relocates else 0.0
    out[at + 9] = float(end)
    out[at + 10] = min((meld.value + VALUES[face]) / POINTS_SCALE, 2.0)
    out[at + 11] = max(CANASTA - size - 1, 0) / CANASTA
