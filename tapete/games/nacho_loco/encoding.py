"""Nacho Loco's information state as numbers (engine/encoding.py; docs/encodings.md).

Observation: the seat's hand (each card's make-up: colours, actions, X, The
Closer; its kinds and designs), the drawn card, how many of the hand's
cards fit the field now, the field summed up (its cards, the open cells by
contacts, the sides they show by colour/action/X, on every open cell and on
the live ones, the cells where The Closer goes), the make-up of the cards
the seat has not seen (the pile and the other hands), and how many of them
fit, the hand sizes, scores against the target, pile, cleared cards, phase,
turn, pending effects. Memory, for the round: the cards each seat played
(their make-up), the effects each caused (Skip Next, Go Again, Opponent
Draws 3, 2- and 3-matches), the cards each drew and why, its passes, the
turns it lost, the fields it closed, who sent Opponent Draws 3 this seat's
way, and whether The Closer was played. Seats are relative to the
encoder's (0 = itself), padded to 6.

An action's row (the network scores placements by their features, not
their ids): the card's make-up and kind, its matches and contacts, what the
cell needs, the effects it triggers, the sides it leaves open, how the
field changes (new and joined open cells, live cells after, a killer close,
The Closer), how many of the seat's other cards and of the unseen cards
would still fit somewhere after it, whether it empties the hand and the
points it would score; for draw, pass, next round and a target, their kind,
and the target's relative seat, hand size and score.

Cost: what a view gives is computed once (encoding_tables.Context, shared
by the observation and every action row of the same view); what an open
cell's pattern or a (pattern, design, rotation) gives, once ever
(encoding_tables); sets of designs are ints of bits, so "which of my cards
still fit after this move" is an OR and a popcount.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tapete.engine import Event
from tapete.engine.encoding import FLOAT, InfoEncoder, Layout, Segment, cells

from . import actions as act
from .cards import ACTIONS as ACTION_NAMES
from .cards import CLOSER, COLOURS, NUM_DESIGNS, SKIP_NEXT, TOKEN_DESIGN
from .encoding_tables import (
    BIT,
    CAP,
    COMP,
    DECK,
    DREW,
    EFFECTS,
    EVENTS,
    FIELD,
    FIELD_ROWS,
    HAND,
    HAND_MIX,
    KIND_OF,
    KINDS,
    LIVE,
    MAKEUP_BITS,
    MAKEUPS,
    NEED,
    OPEN,
    PACKED_MAKEUP,
    PLAYED,
    POINTS,
    TARGET,
    UNSEEN,
    Context,
    FieldCache,
    StaticRows,
    field_after,
    unpack,
)
from .phases import DRAWN, PHASES

SEATS = 6  # the largest table (NAC-6)
PLAYER_COUNTS = 5  # 2..6
DRAW_REASONS = ("turn", "match", "draw3", "gift")
PASS_PHASES = ("play", "drawn", "again")

_names = list(COLOURS) + list(ACTION_NAMES) + ["X"]
_COMP_ABOUT = ", ".join([*_names, "The Closer"])
_NEED_ABOUT = ", ".join(_names)

OBSERVATION = Layout(
    [
        Segment("players", PLAYER_COUNTS, "2, 3, 4, 5 or 6 players"),
        Segment("options", 2, "all_contacts_must_match (NAC-4); target / 40, capped at 2"),
        Segment("phase", len(PHASES), ", ".join(PHASES)),
        Segment("turn", SEATS, "the seat on turn, by relative seat"),
        Segment("last_matcher", SEATS, "the last seat that matched a card on this field (NAC-12)"),
        Segment("pending", 3, "Go Again plays owed, Skip Next owed, Opponent Draws 3 choices owed, / 3"),
        Segment("idle", 1, "turns in a row without a card placed / players (NAC-12)"),
        Segment("round", 1, "the round's number / 20, capped at 2"),
        Segment("hand_sizes", SEATS, "cards in each relative seat's hand / 12, capped at 2"),
        Segment("scores", SEATS, "each relative seat's score / target, capped at 2"),
        Segment("lead", 1, "this seat's score minus the best other score, / target, in [-2, 2]"),
        Segment("piles", 2, "draw pile / 94, cleared cards / 94"),
        Segment("hand", COMP, f"the hand's segments by make-up ({_COMP_ABOUT}) / 6, capped at 2"),
        Segment("hand_kinds", len(KINDS), f"the hand's cards by kind ({', '.join(KINDS)}) / 6, capped at 2"),
        Segment("hand_designs", NUM_DESIGNS, "copies of each design in the hand / 2"),
        Segment("playable", 2, "hand cards that fit some open cell now / 6 (capped at 2), and their share"),
        Segment("drawn", COMP + 1, "the card just drawn (phase drawn): its make-up, and whether it fits"),
        Segment(
            "field",
            7,
            "cards on the field / 30, open cells / 24, live open cells / 12, open cells with 1, 2, 3 "
            "contacts / 12, cells with 2+ X contacts (The Closer's) / 6 (all capped at 2)",
        ),
        Segment("open_sides", NEED, f"sides facing an open cell, by what they show ({_NEED_ABOUT}) / 12"),
        Segment("live_sides", NEED, "the same, on live open cells only (some design fits there) / 12"),
        Segment("fits", 2, "share of unseen cards that fit some open cell now; share of the deck's designs"),
        Segment("unseen", COMP + 1, "cards not in the hand, the field or the cleared cards: make-up / 20; count / 94"),
    ]
)
MEMORY = Layout(
    [
        Segment("played", SEATS * COMP, "make-up of the cards each relative seat played this round / 6"),
        Segment("played_count", SEATS, "cards each relative seat played this round / 10"),
        Segment("effects", SEATS * 3, "Skip Next, Go Again, Opponent Draws 3 each seat triggered / 3"),
        Segment("multi", SEATS * 2, "2-matches and 3-matches each seat made (NAC-8) / 3"),
        Segment("drew", SEATS * len(DRAW_REASONS), "cards each seat drew: turn, match, draw3, gift / 6"),
        Segment(
            "passes",
            SEATS * len(PASS_PHASES),
            "each seat's passes: nothing to draw, drawn card kept, Go Again declined / 3",
        ),
        Segment("skipped", SEATS, "turns each seat lost to Skip Next / 3"),
        Segment("closes", SEATS, "fields each seat closed / 3"),
        Segment("hostile", SEATS, "times each seat sent this seat Opponent Draws 3 / 3"),
        Segment("round", 3, "The Closer played this round; fields closed / 3; refills of the pile / 3"),
    ]
)
ACTIONS = Layout(
    [
        Segment("kind", 5, "place, draw, pass, next round, target"),
        Segment("card", COMP, f"the card's segments ({_COMP_ABOUT})"),
        Segment("card_kind", len(KINDS), ", ".join(KINDS)),
        Segment("matches", 3, "matching contacts: 1, 2, 3 (The Closer: its X contacts)"),
        Segment("contacts", 3, "contacts of the cell: 1, 2, 3"),
        Segment("needs", NEED, f"what the cell's contacts show ({_NEED_ABOUT}) / 3"),
        Segment("triggers", 3, "Skip Next, Go Again, Opponent Draws 3 it triggers (NAC-9)"),
        Segment("others_draw", 1, "cards each other seat draws for its matches (NAC-8) / 2"),
        Segment("exposed", NEED, "the card's sides left open, by what they show"),
        Segment("closes", 1, "The Closer: it closes the field (NAC-13)"),
        Segment("cells", 3, "open cells it makes, open cells it adds a contact to, of those now dead; / 3"),
        Segment("after", 3, "live open cells after / 12, open cells after / 24 (capped at 2); a killer close (NAC-11)"),
        Segment("follow", 2, "share of the seat's other cards, and of the unseen cards, that fit some cell after"),
        Segment("out", 3, "empties the hand (NAC-15); its points / target and / 30, capped at 2"),
        Segment("decline", 1, "a pass that leaves a card that fits unplayed"),
        Segment("target", SEATS, "the opponent chosen to draw 3, by relative seat"),
        Segment("target_info", 4, "its hand / 12, its score / target, it holds at most 2 cards, it leads"),
    ]
)

_O, _M, _A = OBSERVATION.offsets, MEMORY.offsets, ACTIONS.offsets
OBS_SIZE, ACT_SIZE = OBSERVATION.size, ACTIONS.size
PLACE_SPAN = slice(_A["cells"], _A["out"] + 3)  # a placement's field after it, one block
NO_PLACE = [0.0] * (PLACE_SPAN.stop - PLACE_SPAN.start)
assert len(NO_PLACE) == 3 + 3 + 2 + 3, "cells, after, follow, out: one block in this order"
PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
EFFECT_OF = {ACTION_NAMES[e - SKIP_NEXT]: i for i, e in enumerate(EFFECTS)}
REASON_OF = {reason: i for i, reason in enumerate(DRAW_REASONS)}
PASS_OF = {phase: i for i, phase in enumerate(PASS_PHASES)}
FIELD_SPAN = slice(_O["field"] + 1, _O["live_sides"] + NEED)  # field (but its first), open_sides, live_sides
STATIC = StaticRows(ACTIONS.offsets, ACTIONS.size)


def _capped(value: float) -> float:
    return value if value < CAP else CAP


class NachoLocoEncoder(InfoEncoder):
    """One seat's encoder (see the module's docstring and docs/encodings.md)."""

    @classmethod
    def layouts(cls, num_players: int, options: Any) -> tuple[Layout, Layout, Layout]:
        return OBSERVATION, MEMORY, ACTIONS

    def __init__(self, seat: int, num_players: int, options: Any) -> None:
        super().__init__(seat, num_players, options)
        self._ctx: Context | None = None
        self._order = [(seat + r) % num_players for r in range(num_players)]  # relative -> absolute
        self._memory_cells: memoryview[float] | None = None  # the memory through a memoryview (`_bump`)
        self._field = FieldCache()  # the field's cards, for `write_state`

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_memory_cells"] = None  # a memoryview does not pickle: `_bump` makes it again
        return state

    def copy(self) -> NachoLocoEncoder:
        clone = super().copy()
        clone._ctx = None
        return clone

    def _context(self, view: Mapping[str, Any]) -> Context:
        ctx = self._ctx
        if ctx is None or ctx.view is not view:
            ctx = self._ctx = Context(view)
        return ctx

    # -- memory ------------------------------------------------------------------
    def _bump(self, at: int, step: float) -> None:
        """Add `step` to a memory number (in float64, stored as float32), capped at CAP."""
        mem = self._memory_cells
        if mem is None or mem.obj is not self.memory:  # none yet, or the memory array was replaced (a copy)
            mem = self._memory_cells = cells(self.memory)
        value = mem[at] + step
        mem[at] = value if value < CAP else CAP

    def remember(self, event: Event) -> None:
        kind, data = event.kind, event.data
        if kind == "place":
            rel = self.rel(data["seat"])
            design = TOKEN_DESIGN[data["card"]]
            base = _M["played"] + rel * COMP
            for index, count in MAKEUPS[design]:
                self._bump(base + index, count / HAND_MIX)
            self._bump(_M["played_count"] + rel, 1.0 / PLAYED)
            matched = data["matches"]
            if design == CLOSER:
                self.memory[_M["round"]] = 1.0
            elif matched >= 2:
                self._bump(_M["multi"] + rel * 2 + matched - 2, 1.0 / EVENTS)
        elif kind == "effect":
            self._bump(_M["effects"] + self.rel(data["seat"]) * 3 + EFFECT_OF[data["action"]], 1.0 / EVENTS)
        elif kind == "draw":
            got = data["count"]
            if got:
                at = _M["drew"] + self.rel(data["seat"]) * len(DRAW_REASONS) + REASON_OF[data["reason"]]
                self._bump(at, got / DREW)
        elif kind == "pass":
            at = _M["passes"] + self.rel(data["seat"]) * len(PASS_PHASES) + PASS_OF[data["phase"]]
            self._bump(at, 1.0 / EVENTS)
        elif kind == "skipped":
            self._bump(_M["skipped"] + self.rel(data["seat"]), 1.0 / EVENTS)
        elif kind == "close":
            if data["seat"] is not None:
                self._bump(_M["closes"] + self.rel(data["seat"]), 1.0 / EVENTS)
            self._bump(_M["round"] + 1, 1.0 / EVENTS)
        elif kind == "target":
            if data["target"] == self.seat:
                self._bump(_M["hostile"] + self.rel(data["seat"]), 1.0 / EVENTS)
        elif kind == "refill":
            self._bump(_M["round"] + 2, 1.0 / EVENTS)
        elif kind == "round_start":
            self.memory[:] = 0.0

    # -- the view ----------------------------------------------------------------
    def write_observation(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        self._write(self._context(view), view, out)

    def write_state(self, state: Any, out: np.ndarray) -> None:
        """`write_observation` of this seat's view (views.py), read from the state: its
        Context, and the few other entries of the view it reads (`field` and `cleared`
        only counted)."""
        me = self.seat
        hand = state.hands[me]
        facts = {
            "phase": state.phase,
            "turn": state.turn,
            "last_matcher": state.last_matcher,
            "pending": {"again": state.again, "skips": state.skips, "choices": state.choices},
            "idle_turns": state.idle,
            "round": state.round,
            "hand_sizes": [len(h) for h in state.hands],
            "scores": state.scores,
            "draw_pile": len(state.pile),
            "cleared": state.cleared,
            "field": state.placed,
            "drawn": len(hand) - 1 if state.phase == DRAWN and me == state.turn else None,
        }
        self._write(Context.of_state(state, me, self._field), facts, out)

    def _write(self, ctx: Context, view: Mapping[str, Any], out: np.ndarray) -> None:
        """The observation from a view's Context and the view (or the same entries of it)."""
        n, me, o = self.num_players, self.seat, _O
        target = ctx.target
        row = cells(out)  # `out` is zeros: only what is not 0 is written
        row[o["players"] + n - 2] = 1.0
        if ctx.flag:
            row[o["options"]] = 1.0
        value = target / TARGET
        row[o["options"] + 1] = value if value < CAP else CAP
        row[o["phase"] + PHASE_INDEX[view["phase"]]] = 1.0
        row[o["turn"] + (view["turn"] - me) % n] = 1.0
        matcher = view["last_matcher"]
        if matcher is not None:
            row[o["last_matcher"] + (matcher - me) % n] = 1.0
        pending, p = view["pending"], o["pending"]
        for i, key in enumerate(("again", "skips", "choices")):
            if pending[key]:
                value = pending[key] / EVENTS
                row[p + i] = value if value < CAP else CAP
        value = view["idle_turns"] / n
        row[o["idle"]] = value if value < CAP else CAP
        value = view["round"] / 20.0
        row[o["round"]] = value if value < CAP else CAP
        sizes, scores = view["hand_sizes"], view["scores"]
        hs, sc = o["hand_sizes"], o["scores"]
        for rel, seat in enumerate(self._order):
            value = sizes[seat] / HAND
            row[hs + rel] = value if value < CAP else CAP
            value = scores[seat] / target
            row[sc + rel] = value if value < CAP else CAP
        value = (scores[me] - max(s for seat, s in enumerate(scores) if seat != me)) / target
        row[o["lead"]] = -CAP if value < -CAP else value if value < CAP else CAP
        row[o["piles"]] = view["draw_pile"] / DECK
        row[o["piles"] + 1] = len(view["cleared"]) / DECK
        hand = ctx.hand
        if hand:
            self._write_hand(view, ctx, row)
        self._write_field(view, ctx, row)
        if ctx.patterns:
            summed = np.add.reduce(FIELD_ROWS[ctx.flag].take(ctx.patterns, axis=0))
            np.minimum(summed, CAP, out=out[FIELD_SPAN])

    @staticmethod
    def _write_hand(view: Mapping[str, Any], ctx: Context, row: memoryview[float]) -> None:
        o, hand = _O, ctx.hand
        h, k, d = o["hand"], o["hand_kinds"], o["hand_designs"]
        for i, count in enumerate(unpack(sum(map(PACKED_MAKEUP.__getitem__, hand)), COMP, MAKEUP_BITS)):
            if count:
                value = count / HAND_MIX
                row[h + i] = value if value < CAP else CAP
        kinds = [0.0] * len(KINDS)
        copies: dict[int, float] = {}
        for design in hand:
            kinds[KIND_OF[design]] += 1.0 / HAND_MIX
            copies[design] = copies.get(design, 0.0) + 0.5
        for i, value in enumerate(kinds):
            if value:
                row[k + i] = value if value < CAP else CAP
        for design, value in copies.items():
            row[d + design] = value
        value = ctx.hand_fit / HAND_MIX
        row[o["playable"]] = value if value < CAP else CAP
        row[o["playable"] + 1] = ctx.hand_fit / len(hand)
        drawn = view.get("drawn")
        if drawn is not None:
            design = hand[drawn]
            for index, count in MAKEUPS[design]:
                row[o["drawn"] + index] = count
            row[o["drawn"] + COMP] = 1.0 if ctx.all_mask & BIT[design] else 0.0

    @staticmethod
    def _write_field(view: Mapping[str, Any], ctx: Context, row: memoryview[float]) -> None:
        o = _O
        value = len(view["field"]) / FIELD
        row[o["field"]] = value if value < CAP else CAP
        all_mask = ctx.all_mask
        if ctx.unseen_total:
            fit = (all_mask & ctx.u1).bit_count() + (all_mask & ctx.u2).bit_count()
            row[o["fits"]] = fit / ctx.unseen_total
        row[o["fits"] + 1] = all_mask.bit_count() / NUM_DESIGNS
        u = o["unseen"]
        for i, count in enumerate(unpack(ctx.unseen_makeup, COMP, MAKEUP_BITS)):
            if count:
                value = count / UNSEEN
                row[u + i] = value if value < CAP else CAP
        row[u + COMP] = ctx.unseen_total / DECK

    # -- actions -------------------------------------------------------------------
    def action_features(self, view: Mapping[str, Any], arms: Sequence[int | Sequence[int]]) -> np.ndarray:
        ctx = self._context(view)
        if all(isinstance(arm, int) for arm in arms):
            return self._rows(ctx, arms)  # type: ignore[arg-type]
        actions = [a for arm in arms for a in ([arm] if isinstance(arm, int) else arm)]
        owner = [i for i, arm in enumerate(arms) for _ in ([arm] if isinstance(arm, int) else arm)]
        out = np.zeros((len(arms), ACT_SIZE), dtype=FLOAT)
        np.add.at(out, owner, self._rows(ctx, actions))  # a plan's row: its actions' summed
        return out

    def write_action(self, view: Mapping[str, Any], action: int, out: np.ndarray) -> None:
        out += self._rows(self._context(view), [action])[0]

    def _rows(self, ctx: Context, actions: Sequence[int]) -> np.ndarray:
        """One row per action: the static part of a placement gathered from
        `STATIC`, the field after it as a block (`PLACE_SPAN`), the rest
        scattered in (flat indices `at`, values `values`)."""
        statics: list[int] = []
        block: list[list[float]] = []
        at: list[int] = []
        values: list[float] = []
        for r, action in enumerate(actions):
            if 0 <= action < act.PLACES:
                static, after = self._place(ctx, action)
                statics.append(static)
                block.append(after)
            else:
                statics.append(0)
                block.append(NO_PLACE)
                self._other(ctx, action, r * ACT_SIZE, at, values)
        out = STATIC.table[statics]
        if block:
            out[:, PLACE_SPAN] = block
        if at:
            out.reshape(-1)[at] = values
        return out

    def _other(self, ctx: Context, action: int, base: int, at: list[int], values: list[float]) -> None:
        a, view = _A, ctx.view
        if action == act.DRAW:
            at.append(base + a["kind"] + 1)
            values.append(1.0)
        elif action == act.PASS:
            at.append(base + a["kind"] + 2)
            values.append(1.0)
            drawn = view.get("drawn")
            if drawn is not None:  # NAC-7: keep the card just drawn
                fits = ctx.all_mask & BIT[ctx.hand[drawn]]
            else:  # NAC-9: decline Go Again
                fits = ctx.hand_fit if view["phase"] == "again" else 0
            if fits:
                at.append(base + a["decline"])
                values.append(1.0)
        elif action == act.NEXT_ROUND:
            at.append(base + a["kind"] + 3)
            values.append(1.0)
        elif act.is_target(action):
            seat = action - act.TARGET
            sizes, scores = view["hand_sizes"], view["scores"]
            t = base + a["target_info"]
            at += [base + a["kind"] + 4, base + a["target"] + self.rel(seat), t, t + 1, t + 2, t + 3]
            values += [
                1.0,
                1.0,
                _capped(sizes[seat] / HAND),
                _capped(scores[seat] / ctx.target),
                1.0 if sizes[seat] <= 2 else 0.0,
                1.0 if scores[seat] >= max(scores) else 0.0,
            ]

    def _place(self, ctx: Context, action: int) -> tuple[int, list[float]]:
        """A placement: its static part's index, and its `PLACE_SPAN` block."""
        rest, rotation = divmod(action, 3)
        slot, design = divmod(rest, NUM_DESIGNS)
        static, matched, draws, free = STATIC.get(ctx.patterns[slot], design, rotation)
        if design == CLOSER:  # NAC-13: it closes the field at once
            block = [0.0] * 8
            gifts = self.num_players - 1  # NAC-14
        else:
            new_mask, live_after, made, joined, dead, open_after = field_after(ctx, slot, free)
            hand_left = len(ctx.hand) - 1
            mine = (new_mask & ctx.hand1).bit_count() + (new_mask & ctx.hand2).bit_count()
            if new_mask & BIT[design]:
                mine -= 1  # this card leaves the hand
            unseen = (new_mask & ctx.u1).bit_count() + (new_mask & ctx.u2).bit_count()
            block = [
                made / 3.0,
                joined / 3.0,
                dead / 3.0,
                live_after / LIVE if live_after < CAP * LIVE else CAP,
                open_after / OPEN if open_after < CAP * OPEN else CAP,
                0.0 if live_after else 1.0,  # NAC-11
                mine / hand_left if hand_left > 0 else 0.0,
                unseen / ctx.unseen_total if ctx.unseen_total else 0.0,
            ]
            per_other = (matched - 1 if matched >= 2 else 0) + (0 if live_after else 1)  # NAC-8, NAC-14
            gifts = per_other * (self.num_players - 1) + draws
        if len(ctx.hand) == 1:  # NAC-15: the others' cards, with what this play makes them draw
            sizes = ctx.view["hand_sizes"]
            points = sum(sizes) - sizes[self.seat] + gifts
            block += [1.0, _capped(points / ctx.target), _capped(points / POINTS)]
        else:
            block += [0.0, 0.0, 0.0]
        return static, block
