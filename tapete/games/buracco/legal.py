"""What is legal now in Buracco: each phase's actions (BUR-13..20).
Functions of BuraccoState, which keeps the acting rack's RackInfo."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import actions as act
from .cards import NUM_FACES, NUMBERS, WAITING, WILD_CAPABLE
from .melds import CANASTA, Meld, build_options
from .phases import DISCARD, DRAW, HAND_OVER, MELD, PRIVILEGE
from .rack import RackInfo, Staged, completable_with, meldable_faces

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
    """BUR-13: draw or take the pozo; BUR-20 (ruling): with no stock and no
    muerto left the hand ends, and the pozo may no longer be taken."""
    if not can_draw(state):
        return [act.END_HAND]
    return [act.DRAW, act.TAKE_POZO] if state.pozo else [act.DRAW]


def meld_actions(state: BuraccoState, seat: int) -> list[int]:
    info = state._info
    if info is None:
        info = state._info = RackInfo.of_tiles(state.racks[seat])
    if state.pending:
        return pending_actions(state, seat, info)
    base = info.base  # staging and cancelling leave the rack and the melds as they were
    if base is None:
        base = info.base = base_actions(state, seat, info)
    return base.copy()


def base_actions(state: BuraccoState, seat: int, info: RackInfo) -> list[int]:
    """The meld phase's actions with nothing staged: done, start a meld, extend one."""
    side = seat & 1
    rack = state.racks[seat]
    counts = info.counts
    melds = state.melds[side]
    out = [act.DONE] if len(rack) >= 2 or state.can_empty(side) else []
    if len(melds) < act.MAX_MELDS:
        out.extend(act.STAGE_BASE + f for f in sorted(meldable_faces(info)))
    left = len(rack) - 1
    base = act.EXTEND_BASE
    for slot, meld in enumerate(melds):
        at = base + slot * 2 * NUM_FACES
        if left >= 2:
            out.extend([at + offset for face, offset in meld.offsets() if counts[face]])
            continue
        for face, offset in meld.offsets():
            if counts[face] and may_leave(state, side, left, meld, len(meld.tiles) + 1):
                out.append(at + offset)
    return out


def pending_actions(state: BuraccoState, seat: int, info: RackInfo) -> list[int]:
    """The meld phase's actions with tiles staged: commit, cancel, stage one more."""
    side = seat & 1
    rack = state.racks[seat]
    pending = state.pending
    out = []
    meld, high = build_options(pending)
    if (
        meld is not None
        and len(state.melds[side]) < act.MAX_MELDS
        and may_leave(state, side, len(rack) - len(pending), meld)
    ):
        out.append(act.COMMIT)
        if high is not None:
            out.append(act.COMMIT_HIGH)
    out.append(act.CANCEL)
    order = [t >> 1 for t in pending]
    staged = sorted(order)
    faces = info.faces
    if faces is None:
        faces = info.faces = sorted({t >> 1 for t in rack})
    counts = info.counts
    memo = info.memo
    summary: Staged | None = None
    for f in _candidates(order, faces):
        if counts[f] > staged.count(f):
            key = (*staged, f)  # staged faces and f, sorted: the memo's key
            if f < staged[-1]:
                key = tuple(sorted(key))
            ok = memo.get(key)
            if ok is None:
                if summary is None:
                    summary = Staged(staged)
                ok = memo[key] = completable_with(summary, f, key, info)
            if ok:
                out.append(act.STAGE_BASE + f)
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
    return _candidates(staged, sorted({t >> 1 for t in rack}))


def _candidates(staged: Sequence[int], faces: list[int]) -> list[int]:
    """`stage_candidates` among the rack's distinct faces, ascending."""
    natural = next((f for f in staged if not WILD_CAPABLE[f]), -1)
    if natural < 0:
        return faces
    colour, number = natural // NUMBERS, natural % NUMBERS
    return [f for f in faces if WILD_CAPABLE[f] or f // NUMBERS == colour or f % NUMBERS == number]
