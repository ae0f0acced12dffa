"""What is legal now in Buracco: each phase's actions (BUR-13..20).
Functions of BuraccoState, which keeps the acting rack's RackInfo."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as act
from .cards import NUM_FACES, NUMBERS, WAITING, WILD_CAPABLE
from .melds import CANASTA, Meld, build_options
from .phases import DISCARD, DRAW, HAND_OVER, MELD, PRIVILEGE
from .rack import RackInfo, completable, meldable_faces

if TYPE_CHECKING:
    from .rules import BuraccoState


def legal_actions(state: BuraccoState, seat: int) -> list[int]:
    """The legal actions of `seat`, the seat on turn, ascending."""
    phase = state.phase
    if phase == DRAW:
        return draw_actions(state)
    if phase == MELD:
        return meld_actions(state, seat)
    if phase == DISCARD:
        return discard_actions(state, seat)
    if phase == PRIVILEGE:
        return [act.KEEP, act.REDRAW]
    if phase == HAND_OVER:
        return [act.DEAL]
    return []


def can_draw(state: BuraccoState) -> bool:
    return bool(state.stock) or WAITING in state.muerto_state


def draw_actions(state: BuraccoState) -> list[int]:
    out = []
    drawable = can_draw(state)
    if drawable:
        out.append(act.DRAW)
    if state.pozo:
        out.append(act.TAKE_POZO)
    if not drawable:
        out.append(act.END_HAND)
    return out


def meld_actions(state: BuraccoState, seat: int) -> list[int]:
    side = seat & 1
    rack = state.racks[seat]
    info = state._info
    if info is None:
        info = state._info = RackInfo.of_tiles(rack)
    counts = info.counts
    melds = state.melds[side]
    room = len(melds) < act.MAX_MELDS
    if state.pending:
        out = []
        meld, high = build_options(state.pending)
        if meld is not None and room and may_leave(state, side, len(rack) - len(state.pending), meld):
            out.append(act.COMMIT)
            if high is not None:
                out.append(act.COMMIT_HIGH)
        out.append(act.CANCEL)
        staged = [t >> 1 for t in state.pending]
        for f in stage_candidates(staged, rack):
            if counts[f] > staged.count(f) and completable([*staged, f], info):
                out.append(act.STAGE_BASE + f)
        return out
    out = [act.DONE] if len(rack) >= 2 or state.can_empty(side) else []
    if room:
        out.extend(act.STAGE_BASE + f for f in sorted(meldable_faces(info)))
    left = len(rack) - 1
    base = act.EXTEND_BASE
    for slot, meld in enumerate(melds):
        for face, offset in meld.offsets():
            if counts[face] and (left >= 2 or may_leave(state, side, left, meld, len(meld.tiles) + 1)):
                out.append(base + slot * 2 * NUM_FACES + offset)
    return out


def may_leave(state: BuraccoState, side: int, left: int, meld: Meld, size: int = 0) -> bool:
    """BUR-17/18: a move may leave 0 or 1 tiles in hand only if the
    player may then run out (muerto waiting, or a canasta, this meld's
    new size counted)."""
    if left >= 2:
        return True
    return state.can_empty(side, max(size, len(meld.tiles)) >= CANASTA)


def discard_actions(state: BuraccoState, seat: int) -> list[int]:
    rack = state.racks[seat]
    if len(rack) == 1 and not state.can_empty(seat & 1):
        return []
    faces = sorted({t >> 1 for t in rack})
    return [act.DISCARD_BASE + f for f in faces]


def stage_candidates(staged: list[int], rack: list[int]) -> list[int]:
    """Rack faces that could join the staged tiles: a wild, or the colour
    or the number of a staged natural."""
    faces = sorted({t >> 1 for t in rack})
    natural = next((f for f in staged if not WILD_CAPABLE[f]), -1)
    if natural < 0:
        return faces
    colour, number = natural // NUMBERS, natural % NUMBERS
    return [f for f in faces if WILD_CAPABLE[f] or f // NUMBERS == colour or f % NUMBERS == number]
