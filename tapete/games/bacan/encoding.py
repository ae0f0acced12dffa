"""Bacan's information state as numbers (engine/encoding.py; docs/encodings.md).

Observation (the view): the table's flow (phase, whose turn, who holds a
card and what it is when this seat knows it, the discard's top, the mirror
window, the peek count, a pending Intercambio or gift), every row's size,
penalty points, turns and score, the faces a view shows (the last round's
rows on the table, or BAC-10 `assisted` memory), the last round's result,
and the options that change play.

Memory (the events): Bacan is a memory game, and what a seat knows is
mostly not on the table. The heuristic's `BacanMemory` already follows every
card this seat saw from slot to slot (peeks, draws, looks, Intercambios,
mirrors, gifts, penalties); `SlotMemory` adds beside every slot who is known
to know that card (its owner, everyone, someone else: a spy, a swap from the
pile, a wrong mirror) and when this seat last saw it. The memory vector is
that picture: the remembered face of every slot, what the pile and the
unseen cards hold, and each row's estimated total. It is rewritten from the
picture only after new events arrive.

Seats are relative to the encoder's (0 = itself), padded to the largest
table (SEATS); a row has at most MAX_ROW slots. The layouts and their scales
(points / 10, row totals / 40, penalty points / 20, turns / 30, scores / the
limit) are in `encoding_layout.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

import numpy as np

from tapete.engine import Event
from tapete.engine.encoding import FLOAT, InfoEncoder, Layout, cells

from .cards import FACE, JOKER_FACE, NUM_CARDS
from .encoding_layout import (
    ACT_AT,
    ACTIONS,
    AGE,
    AGE_SCALE,
    CALL,
    CLOCK_SCALE,
    DRAW_DISCARD,
    EXCHANGE,
    FRESH,
    GIVE,
    HELD_AT,
    KNOWN,
    LIMIT_SCALE,
    MEMORY,
    MIRROR,
    MIRROR_OTHER,
    OBS_AT,
    OBSERVATION,
    OTHER,
    OWNER,
    PENALTY_SCALE,
    PHASE_AT,
    PUBLIC,
    RANK0,
    RANK_COPIES,
    RANK_OF,
    RANK_POINTS,
    RANKS,
    RESULT_AT,
    ROUND_SCALE,
    ROW_FIELDS,
    ROW_JOKER,
    ROWS_SPAN,
    SAME_FACE,
    SAME_POINTS,
    SEATS,
    SHOWN_FIELDS,
    SLOTS,
    SLOTS_SPAN,
    SOURCE_AT,
    SPENT,
    SWAP,
    TOP_AT,
    TOTAL_SCALE,
    TURNS_SCALE,
    VALUE,
    VALUE_OF,
    VALUE_SCALE,
    F,
    R,
    action_table,
    clip,
)
from .encoding_state import write_from_state
from .memory import HOLE, SlotMemory
from .options import Options

_ZERO_ROW = cells(np.zeros(R * F, dtype=FLOAT))  # a row's slots, cleared
# An age is (turns since seen) times this float32 step, then within 0..1: an integer times a
# float32 is exact in a double, so the double rounds to the float32 numpy's product gives.
_AGE_STEP = float(np.float32(1.0 / AGE_SCALE))
_AGE_AT = SLOTS_SPAN.start + AGE  # the first slot's age in the memory


class _Context:
    """What every candidate action of one decision reads (built once per view and memory)."""

    __slots__ = (
        "call", "cards", "exchange", "held", "joker", "mean", "p_match", "rows", "same", "top", "version", "view",
        "worst",
    )  # fmt: skip

    def __init__(self) -> None:
        self.view: Mapping[str, Any] | None = None
        self.version = -1
        self.cards = np.zeros((SLOTS + 1, F), dtype=FLOAT)  # the memory's slots, and a zero row for none
        self.rows = np.zeros((SEATS + 1, ROW_FIELDS + 2), dtype=FLOAT)
        self.call = np.zeros(4, dtype=FLOAT)
        self.mean = self.held = self.worst = self.p_match = self.joker = 0.0
        self.top: float | None = None
        self.same: frozenset[int] = frozenset()
        self.exchange: tuple[int, float] | None = None


class BacanEncoder(InfoEncoder):
    @classmethod
    def layouts(cls, num_players: int, options: Any) -> tuple[Layout, Layout, Layout]:
        return OBSERVATION, MEMORY, ACTIONS

    def __init__(self, seat: int, num_players: int, options: Any) -> None:
        super().__init__(seat, num_players, options)
        opts: Options = options
        n = num_players
        self.limit = float(opts.limit)
        self.same = SAME_POINTS if opts.mirror_match == "points" else SAME_FACE
        self.picture = SlotMemory(seat, n)
        self._fixed = np.array(
            [
                min(opts.limit, 300) / LIMIT_SCALE,
                float(opts.anti_bacan),
                float(opts.memory == "assisted"),
                min(opts.discard_draw_from_lap, 10) / 10.0,
                float(opts.joker_power == "drawn_only"),
                float(opts.mirror_match == "points"),
            ],
            dtype=FLOAT,
        )
        self._fixed_list = self._fixed.tolist()
        self._table = action_table(n, seat)
        self._rel = [(s - seat) % n for s in range(n)]
        self._dirty = True
        self._version = 0  # memory writes so far: a context serves one version
        self._context = _Context()
        # What the memory's rows hold, kept with them (rewritten per touched row):
        # per slot index (rel * R + slot, SLOTS for none) its known points (None:
        # unknown), rank (-1) and presence; per seat its known points plus
        # penalty, slot counts and known ranks; the known ranks of every row.
        self._known_value: list[float | None] = [None] * (SLOTS + 1)
        self._ranks = [-1] * (SLOTS + 1)
        self._present = [False] * (SLOTS + 1)
        self._seen_at: dict[int, int] = {}  # slot index -> the turn this seat last saw its known card
        self._row_points = [0.0] * n
        self._row_counts = [(0, 0, 0, 0)] * n  # slots, known, unknown, owner knows
        self._row_ranks: list[list[int]] = [[] for _ in range(n)]
        self._known_ranks = [0] * RANKS
        self._unseen = list(RANK_COPIES)
        self._unseen_total = NUM_CARDS
        self._mean = 0.0
        self._estimates = [0.0] * n

    def copy(self) -> Self:
        clone = super().copy()
        clone.picture = self.picture.copy()
        clone._context = _Context()
        for name in ("_known_value", "_ranks", "_present", "_row_points", "_row_counts", "_known_ranks"):
            setattr(clone, name, list(getattr(self, name)))
        clone._row_ranks = [list(r) for r in self._row_ranks]
        clone._seen_at = dict(self._seen_at)
        return clone

    # -- memory ------------------------------------------------------------------
    def remember(self, event: Event) -> None:
        self.picture.observe(event)
        self._dirty = True

    def _catch_up(self, view: Mapping[str, Any]) -> None:
        """As the heuristic does: read the view when taking over mid-round,
        and the top of a pile it never saw built."""
        picture = self.picture
        if not picture.synced:
            picture.sync(dict(view))
            self._dirty = True
        elif picture.pile and picture.pile[-1][0] is None and view["discard_top"] is not None:
            picture.pile[-1] = (view["discard_top"], bool(view["discard_top_spent"]))
            self._dirty = True

    def information_state(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        self._catch_up(view)
        if self._dirty:
            self._write_memory()
        return super().information_state(view, out)

    def _write_memory(self) -> None:
        """The picture into `self.memory`: the touched rows, then what every row shares."""
        pic, mem = self.picture, self.memory
        self._dirty = False
        self._version += 1
        touched = pic.touched
        if touched:
            for seat in touched:
                self._write_row(seat)
            touched.clear()
        pile, never = pic.pile_counts()
        unseen = [c - k - p for c, k, p in zip(RANK_COPIES, self._known_ranks, pile, strict=True)]
        if pic.held is not None:
            unseen[RANK_OF[pic.held]] -= 1
        total = sum(unseen)
        mean = sum(v * u for v, u in zip(RANK_POINTS, unseen, strict=True)) / total if total > 0 else 0.0
        self._unseen, self._unseen_total, self._mean = unseen, total, mean
        # rows, unseen, pile and clock follow one another: one list, one write
        tail = [0.0] * (SEATS * ROW_FIELDS)
        estimates = self._estimates
        for seat, rel in enumerate(self._rel):
            count, known, unknown, owned = self._row_counts[seat]
            estimate = self._row_points[seat] + unknown * mean
            estimates[seat] = estimate
            share = 1.0 / count if count else 0.0
            base = rel * ROW_FIELDS
            tail[base : base + ROW_FIELDS] = (clip(estimate / TOTAL_SCALE), known * share, unknown / R, owned * share)
        tail += [u * 0.2 for u in unseen]
        tail += (mean / VALUE_SCALE, total / NUM_CARDS)
        tail += [p * 0.2 for p in pile]
        tail.append(never / NUM_CARDS)
        now = pic.clock()
        tail.append(min(now, CLOCK_SCALE) / CLOCK_SCALE)
        mem[ROWS_SPAN.start :] = tail
        # every known card's age (the others' stay 0, as their rows were written)
        cell = cells(mem)
        for index, seen in self._seen_at.items():
            age = (now - seen) * _AGE_STEP
            cell[_AGE_AT + index * F] = 0.0 if age < 0.0 else 1.0 if age > 1.0 else age

    def _write_row(self, seat: int) -> None:
        """One row's slots into the memory (and the lists kept with them)."""
        pic = self.picture
        lo = self._rel[seat] * R
        start = SLOTS_SPAN.start + lo * F  # the row's first slot in the memory
        cell = cells(self.memory)
        cell[start : start + R * F] = _ZERO_ROW  # a copy through memoryviews: no numpy call
        known_value, ranks, present = self._known_value, self._ranks, self._present
        known_value[lo : lo + R] = [None] * R
        ranks[lo : lo + R] = [-1] * R
        present[lo : lo + R] = [False] * R
        seen_at = self._seen_at
        for index in range(lo, lo + R):
            seen_at.pop(index, None)
        counts = self._known_ranks
        for rank in self._row_ranks[seat]:
            counts[rank] -= 1
        row_ranks: list[int] = []
        knowers, seen, fresh = pic.knowers[seat], pic.seen[seat], pic.fresh[seat]
        owner = 1 << seat
        others = pic.everyone & ~owner & ~(1 << self.seat)
        everyone = pic.everyone
        points = float(pic.penalty_points[seat])
        slots = known = unknown = owned = 0
        for slot, face in enumerate(pic.rows[seat]):
            if face == HOLE:
                continue
            slots += 1
            present[lo + slot] = True
            base = start + slot * F
            who = knowers[slot]
            if who & owner:
                cell[base + OWNER] = 1.0
                owned += 1
            if who == everyone:
                cell[base + PUBLIC] = 1.0
            if who & others:
                cell[base + OTHER] = 1.0
            if face is None:
                unknown += 1
                continue
            known += 1
            value = VALUE_OF[face]
            points += value
            rank = RANK_OF[face]
            known_value[lo + slot] = value
            ranks[lo + slot] = rank
            row_ranks.append(rank)
            counts[rank] += 1
            cell[base + KNOWN] = 1.0
            cell[base + RANK0 + rank] = 1.0
            cell[base + VALUE] = value / VALUE_SCALE
            if face == JOKER_FACE:
                cell[base + (FRESH if fresh[slot] else SPENT)] = 1.0
            if seen[slot] >= 0:
                seen_at[lo + slot] = seen[slot]
        self._row_ranks[seat] = row_ranks
        self._row_points[seat] = points
        self._row_counts[seat] = (slots, known, unknown, owned)

    # -- the view ----------------------------------------------------------------
    def write_observation(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        rel, n = self._rel, self.num_players
        o = OBS_AT
        ones = [o["players"] + n - 2, PHASE_AT[view["phase"]]]
        out[o["options"] : o["options"] + 6] = self._fixed
        at = [o["round"], o["piles"], o["piles"] + 1]
        values = [min(view["round"], ROUND_SCALE) / ROUND_SCALE, view["deck"] / NUM_CARDS, view["discard"] / NUM_CARDS]
        for name in ("dealer", "turn", "holding", "last_discarder", "claimant"):
            seat = view[name]
            if seat is not None:
                ones.append(o[name] + rel[seat])
        held = view["held"]
        if held is not None:
            ones += (o["held"], HELD_AT[held])
        source = view["held_source"]
        if source is not None:
            ones.append(SOURCE_AT[source])
        top = view["discard_top"]
        if top is not None:
            ones += (o["top"], TOP_AT[top])
            if view["discard_top_spent"]:
                ones.append(o["top"] + 1)
        if view["window"]:
            ones.append(o["window"])
        ones.append(o["peek_count"] + view["peek_count"])
        for seat in view["peek_pending"]:
            ones.append(o["peek_pending"] + rel[seat])
        for name in ("exchange_first", "hole"):
            pending = view[name]
            if pending is not None:
                ones += (o[name] + rel[pending[0]], o[name] + SEATS + pending[1])
        if view["revealed"]:
            ones.append(o["revealed"])
        limit = self.limit
        shown_base = o["shown"]
        scores = view["scores"]
        seats = [0.0] * (SEATS * 5)
        for seat, row in enumerate(view["rows"]):
            r = rel[seat]
            size = row["size"]
            seats[r * 5 : r * 5 + 5] = (
                1.0 if row["in_play"] else 0.0,
                size / R,
                min(row["penalty_points"] / PENALTY_SCALE, 2.0),
                min(row["turns"] / TURNS_SCALE, 2.0),
                clip(scores[seat] / limit),
            )
            if size:
                start = shown_base + r * R * SHOWN_FIELDS
                ones += range(start, start + size * SHOWN_FIELDS, SHOWN_FIELDS)
                cards = row["cards"]
                if any(cards):
                    for slot, face in enumerate(cards):
                        if face is not None:
                            ones.append(start + slot * SHOWN_FIELDS + 2)
                            at.append(start + slot * SHOWN_FIELDS + 3)
                            values.append(VALUE_OF[face] / VALUE_SCALE)
        out[o["seats"] : o["seats"] + SEATS * 5] = seats
        hole = view["hole"]
        if hole is not None:
            ones.append(shown_base + (rel[hole[0]] * R + hole[1]) * SHOWN_FIELDS + 1)
        last = view["last_round"]
        if last is not None:
            if last["caller"] is not None:
                ones.append(o["last_caller"] + rel[last["caller"]])
            ones.append(RESULT_AT[last["result"]])
            for seat, delta in enumerate(last["deltas"]):
                if delta is not None:
                    at.append(o["last_deltas"] + rel[seat])
                    values.append(clip(delta / TOTAL_SCALE))
        out[ones] = 1.0
        out[at] = values

    def write_state(self, state: Any, out: np.ndarray) -> None:
        """`write_observation` of this seat's view (views.py), read from the state; the
        memory brought up to date first (as `information_state` does)."""
        picture = self.picture
        discard = state.discard
        top = discard[-1] if discard else -1
        if not picture.synced:
            picture.sync(dict(state.view(self.seat)))  # a match followed from its middle: once
            self._dirty = True
        elif picture.pile and picture.pile[-1][0] is None and top >= 0:
            picture.pile[-1] = (FACE[top], bool(state.spent >> top & 1))
            self._dirty = True
        if self._dirty:
            self._write_memory()
        write_from_state(state, self.seat, self.num_players, self._rel, self.limit, self._fixed_list, out)

    # -- actions -----------------------------------------------------------------
    def _context_for(self, view: Mapping[str, Any]) -> _Context:
        """The per-decision facts every action row reads (rebuilt when the view or the memory changed)."""
        ctx = self._context
        self._catch_up(view)
        if self._dirty:
            self._write_memory()
        if ctx.view is view and ctx.version == self._version:
            return ctx
        ctx.view, ctx.version = view, self._version
        mem, rel, me = self.memory, self._rel, self.seat
        ctx.cards[:SLOTS] = mem[SLOTS_SPAN].reshape(SLOTS, F)
        rows = ctx.rows
        rows[:SEATS, :ROW_FIELDS] = mem[ROWS_SPAN].reshape(SEATS, ROW_FIELDS)
        limit = self.limit
        scores = view["scores"]
        sizes = [0.0] * (2 * SEATS)
        for seat, row in enumerate(view["rows"]):
            sizes[2 * rel[seat]] = row["size"] / R
            sizes[2 * rel[seat] + 1] = clip(scores[seat] / limit)
        rows[:SEATS, ROW_FIELDS:] = np.array(sizes, dtype=FLOAT).reshape(SEATS, 2)
        mean = self._mean
        ctx.mean = mean
        held = view["held"]
        ctx.held = VALUE_OF[held] if held is not None else mean
        known_value, present = self._known_value, self._present
        own = [mean if v is None else v for v, p in zip(known_value[:R], present[:R], strict=True) if p]
        ctx.worst = max(own) if own else 0.0
        total, unseen = self._unseen_total, self._unseen
        top = view["discard_top"]
        if top is not None:
            ctx.top = VALUE_OF[top]
            ctx.same = same = self.same[RANK_OF[top]]
            ctx.p_match = sum(unseen[r] for r in same) / total if total else 0.0
        else:
            ctx.top, ctx.same, ctx.p_match = None, frozenset(), 0.0
        ctx.joker = unseen[RANKS - 1] / total if total else 0.0
        first = view["exchange_first"]
        if first is not None:
            index = rel[first[0]] * R + first[1]
            value = known_value[index]
            ctx.exchange = rel[first[0]], mean if value is None else value
        else:
            ctx.exchange = None
        estimates = self._estimates
        mine = estimates[me]
        in_play = view["in_play"]
        others = [e for s, e in enumerate(estimates) if s != me and in_play[s]]
        lowest = min(others) if others else 0.0
        own_known = self._row_counts[me][2] == 0
        ctx.call[:] = (clip(mine / VALUE_SCALE), float(own_known), clip(lowest / TOTAL_SCALE), float(mine < lowest))
        return ctx

    def action_features(self, view: Mapping[str, Any], arms: Sequence[int | Sequence[int]]) -> np.ndarray:
        if all(type(arm) is int for arm in arms):
            return self._rows(view, arms)  # type: ignore[arg-type]
        return super().action_features(view, arms)

    def write_action(self, view: Mapping[str, Any], action: int, out: np.ndarray) -> None:
        out += self._rows(view, [action])[0]

    def _rows(self, view: Mapping[str, Any], actions: Sequence[int]) -> np.ndarray:
        ctx = self._context_for(view)
        fixed, slot_of, seat_of, kind_of, slot_arr, seat_arr = self._table
        slots = [slot_of[a] for a in actions]
        ids = np.array(actions, dtype=np.intp)
        out = fixed[ids]  # a new array (fancy indexing copies)
        out[:, ACT_AT["card"] : ACT_AT["card"] + F] = ctx.cards[slot_arr[ids]]
        out[:, ACT_AT["target"] : ACT_AT["target"] + ROW_FIELDS + 2] = ctx.rows[seat_arr[ids]]
        known_value, ranks, same = self._known_value, self._ranks, ctx.same
        mean, worst, held, top = ctx.mean, ctx.worst, ctx.held, ctx.top
        dynamic: list[float] = []  # per action: gain, then the three match fields
        call_rows: list[int] = []
        for i, action in enumerate(actions):
            kind, slot = kind_of[action], slots[i]
            value = known_value[slot]
            if value is None:
                value = mean
            gain = right = wrong = p = 0.0
            if kind == SWAP:
                gain = value - held
            elif kind in (MIRROR, MIRROR_OTHER, ROW_JOKER):
                rank = ranks[slot]
                if kind == ROW_JOKER:
                    ok = rank == RANKS - 1 and ctx.cards[slot, FRESH] > 0.0
                    chance = ctx.joker
                    value = -1.0
                else:
                    ok = rank in same
                    chance = ctx.p_match
                    if kind == MIRROR_OTHER:
                        value = worst
                if rank < 0:
                    p = chance
                elif ok:
                    right = p = 1.0
                else:
                    wrong = 1.0
                gain = p * value - (1.0 - p) * mean
            elif kind == DRAW_DISCARD:
                gain = worst - top if top is not None else 0.0
            elif kind == GIVE:
                gain = value
            elif kind == EXCHANGE:
                rel, first = seat_of[action], ctx.exchange
                if first is None:
                    gain = value if rel == 0 else -value
                elif first[0] == 0:
                    gain = first[1] - value
                elif rel == 0:
                    gain = value - first[1]
            elif kind == CALL:
                call_rows.append(i)
            gain /= VALUE_SCALE
            dynamic += (-2.0 if gain < -2.0 else 2.0 if gain > 2.0 else gain, right, wrong, p)
        g = ACT_AT["gain"]
        out[:, g : g + 4] = np.array(dynamic, dtype=FLOAT).reshape(-1, 4)
        if call_rows:
            out[call_rows, ACT_AT["call"] : ACT_AT["call"] + 4] = ctx.call
        return out
