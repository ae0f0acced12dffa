"""The layout of Bacan's information-state encoding (docs/encodings.md): its
three vectors' segments, their scales, and the fixed part of every action's
row. The encoder that fills them is `encoding.py`."""

from __future__ import annotations

from functools import cache

import numpy as np

from tapete.engine.encoding import FLOAT, Layout, Segment

from . import actions as act
from .cards import FACE_RANK, FACE_VALUE
from .phases import PHASES

SEATS = 8
"""The largest table (BacanGame.max_players, BAC-3): seats are padded to it."""
R = act.MAX_ROW
SLOTS = SEATS * R
RANKS = 12  # 1..7, Secreto, Espía, Intercambio, +1, comodín (cards.py ranks 1..12)
RANK_VALUES = np.array([1, 2, 3, 4, 5, 6, 7, 10, 10, 10, 10, -1], dtype=FLOAT)
RANK_POINTS = [float(v) for v in RANK_VALUES]
RANK_COPIES = [5] * 11 + [3]
RANK_OF = {face: rank - 1 for face, rank in FACE_RANK.items()}  # face -> rank index 0..11
VALUE_OF = {face: float(value) for face, value in FACE_VALUE.items()}
RESULTS = ("exhausted", "super_bacan", "failed", "success", "tied")
SOURCES = ("deck", "discard", "row")

VALUE_SCALE = 10.0  # a card's points (BAC-2: -1..10)
TOTAL_SCALE = 40.0  # a row's total
PENALTY_SCALE = 20.0  # points owed by a full row (10 a wrong mirror)
TURNS_SCALE = 30.0  # turns a seat played this round
AGE_SCALE = 40.0  # turns (of every seat) since this seat saw a card
CLOCK_SCALE = 120.0  # turns (of every seat) this round
ROUND_SCALE = 40.0
LIMIT_SCALE = 150.0  # the default limit (BAC-4)

# Per slot, in the memory.
SLOT_FIELDS = (
    "known",  # this seat knows the card's face
    *(f"rank{r}" for r in range(1, RANKS + 1)),  # its rank (1-7, the four powers, comodín)
    "value",  # its points / 10
    "fresh_joker",  # a comodín known to keep its power (BAC-20)
    "maybe_spent_joker",  # a comodín that may be spent
    "owner_knows",  # its owner is known to know it
    "public",  # everyone knows it
    "other_knows",  # a seat besides this one and the owner knows it
    "age",  # turns since this seat saw it / AGE_SCALE (capped at 1)
)
F = len(SLOT_FIELDS)
KNOWN, RANK0 = 0, 1  # the fields' places in a slot's run
VALUE, FRESH, SPENT, OWNER, PUBLIC, OTHER, AGE = range(RANK0 + RANKS, F)
ROW_FIELDS = 4  # estimate, known share, unknown count, owner-known share
SHOWN_FIELDS = 4  # present, hole, face shown, its value

OBSERVATION = Layout(
    [
        Segment("players", SEATS - 1, "the number of players, one-hot (2..8)"),
        Segment(
            "options",
            6,
            "limit / 150 (capped at 2), anti_bacan, memory assisted, discard_draw_from_lap / 10, "
            "joker_power drawn_only, mirror_match points",
        ),
        Segment("phase", len(PHASES), "deal, peek, turn, drawn, exchange, give, over"),
        Segment("round", 1, "the round's number / 40 (capped at 1)"),
        Segment("dealer", SEATS, "the dealer, by relative seat"),
        Segment("turn", SEATS, "the seat on turn, by relative seat"),
        Segment("holding", SEATS, "the seat holding a drawn card"),
        Segment("last_discarder", SEATS, "the seat that made the live discard"),
        Segment("claimant", SEATS, "the seat that must give a card after an espejo ajeno"),
        Segment("held", 1 + RANKS, "the held card when this seat knows it: 1, then its rank"),
        Segment("held_source", len(SOURCES), "where the held card came from: deck, discard, row"),
        Segment("piles", 2, "cards in the deck / 58, on the discard pile / 58"),
        Segment("top", 2 + RANKS, "the discard's top: present, spent comodín, its rank"),
        Segment("window", 1, "1 while a mirror may be claimed (BAC-21)"),
        Segment("peek_count", act.INITIAL_ROW + 1, "the cards each seat peeked at this deal, one-hot 0..4"),
        Segment("peek_pending", SEATS, "the seats yet to peek"),
        Segment("exchange_first", SEATS + R, "an Intercambio's first pick: its seat, its slot"),
        Segment("hole", SEATS + R, "the slot emptied by an espejo ajeno: its seat, its slot"),
        Segment("revealed", 1, "1 while the rows are revealed (between rounds)"),
        Segment(
            "seats",
            SEATS * 5,
            "per relative seat: in play, slots / 8, penalty points / 20 (capped at 2), "
            "turns this round / 30 (capped at 2), score / limit (within -1..2)",
        ),
        Segment("last_caller", SEATS, "who called Bacan to end the last round"),
        Segment("last_result", len(RESULTS), "the last round: exhausted, super_bacan, failed, success, tied"),
        Segment("last_deltas", SEATS, "points each seat added in the last round / 40 (within -1..2)"),
        Segment(
            "shown",
            SLOTS * SHOWN_FIELDS,
            "per relative seat and slot: present, empty hole, face shown by the view, its points / 10",
        ),
    ]
)
MEMORY = Layout(
    [
        Segment(
            "slots",
            SLOTS * F,
            "per relative seat and slot: known, rank one-hot (12), points / 10, fresh comodín, "
            "maybe-spent comodín, owner knows it, everyone knows it, another seat knows it, "
            "turns since seen / 40",
        ),
        Segment(
            "rows",
            SEATS * ROW_FIELDS,
            "per relative seat: estimated row total / 40 (unknown cards at the unseen mean, within -1..2), "
            "share of its slots this seat knows, unknown slots / 8, share its owner is known to know",
        ),
        Segment(
            "unseen",
            RANKS + 2,
            "per rank, cards whose place this seat does not know / 5; their mean points / 10; their number / 58",
        ),
        Segment("pile", RANKS + 1, "per rank, cards on the discard pile / 5; pile cards never seen / 58"),
        Segment("clock", 1, "turns begun this round, every seat / 120 (capped at 1)"),
    ]
)
ACTIONS = Layout(
    [
        Segment("kind", 15, "the action's kind (actions.py order: peek_count ... give)"),
        Segment("slot", R, "the slot it names (a peek: every slot of its mask)"),
        Segment("seat", SEATS, "the row it names, by relative seat (0 for the seat's own slots)"),
        Segment("count", act.INITIAL_ROW + 1, "a dealer's peek count"),
        Segment("card", F, "the named slot's card as remembered (the memory's slot fields)"),
        Segment(
            "target",
            ROW_FIELDS + 2,
            "the named row: the memory's row fields, slots / 8, its owner's score / limit",
        ),
        Segment(
            "gain",
            1,
            "points the move is expected to take off the seat's row / 10: a swap's slot minus the held card, "
            "a mirror's odds times the card leaving less a penalty card, a gift, an Intercambio pick",
        ),
        Segment(
            "match",
            3,
            "a mirror or row comodín: known right, known wrong, the chance it is right",
        ),
        Segment(
            "call",
            4,
            "calling Bacan: own estimate / 10, every own card known, lowest other estimate / 40, "
            "own estimate below every other",
        ),
    ]
)


def clip(x: float, lo: float = -1.0, hi: float = 2.0) -> float:
    """`x` within [lo, hi] (a scaled number that may run past its scale)."""
    return lo if x < lo else hi if x > hi else x


# Offsets and kinds as names (read in the hot paths).
OBS_AT, MEM_AT, ACT_AT = OBSERVATION.offsets, MEMORY.offsets, ACTIONS.offsets
PHASE_AT = {phase: OBS_AT["phase"] + i for i, phase in enumerate(PHASES)}
SOURCE_AT = {source: OBS_AT["held_source"] + i for i, source in enumerate(SOURCES)}
RESULT_AT = {result: OBS_AT["last_result"] + i for i, result in enumerate(RESULTS)}
HELD_AT = {face: OBS_AT["held"] + 1 + rank for face, rank in RANK_OF.items()}
TOP_AT = {face: OBS_AT["top"] + 2 + rank for face, rank in RANK_OF.items()}
SLOTS_SPAN, ROWS_SPAN = MEMORY.span("slots"), MEMORY.span("rows")
# The memory's last segments (rows, unseen, pile, clock) are written as one run.
assert [s.name for s in MEMORY.segments[1:]] == ["rows", "unseen", "pile", "clock"]
# An action's gain and match fields are written as one run.
assert ACT_AT["match"] == ACT_AT["gain"] + 1
NEVER = 1e9  # the turn a slot never seen was seen: its age comes out 0
SWAP, MIRROR, MIRROR_OTHER, ROW_JOKER = act.SWAP, act.MIRROR, act.MIRROR_OTHER, act.ROW_JOKER
DRAW_DISCARD, GIVE, EXCHANGE, CALL = act.DRAW_DISCARD, act.GIVE, act.EXCHANGE, act.CALL
# The ranks a card of each rank matches on the pile (BAC-21): by face, or by points.
SAME_FACE = [frozenset((r,)) for r in range(RANKS)]
SAME_POINTS = [frozenset(s for s in range(RANKS) if RANK_VALUES[s] == RANK_VALUES[r]) for r in range(RANKS)]


@cache
def action_table(
    num_players: int, seat: int
) -> tuple[np.ndarray, list[int], list[int], list[int], np.ndarray, np.ndarray]:
    """For every action id of an n-player match, seen from `seat`: its fixed
    feature row (kind, slot, seat, count), its slot's index in the memory's
    slot block (SLOTS: none), its row's relative seat (SEATS: none), its kind;
    then the slots and seats again as index arrays."""
    space = act.action_space(num_players)
    rows = np.zeros((space.size, ACTIONS.size), dtype=FLOAT)
    slots, seats, kinds = [], [], []
    own = {act.ROW_JOKER, act.SWAP, act.SECRET, act.MIRROR, act.GIVE}
    for action, (kind, a, b) in enumerate(space.table):
        row = rows[action]
        row[ACT_AT["kind"] + kind] = 1.0
        slot, rel = SLOTS, SEATS
        if kind == act.DEAL:
            row[ACT_AT["count"] + a] = 1.0
        elif kind == act.PEEK:
            for i in range(act.INITIAL_ROW):
                if a >> i & 1:
                    row[ACT_AT["slot"] + i] = 1.0
        elif kind in own:
            rel, slot = 0, a
        elif kind in (act.SPY, act.EXCHANGE, act.MIRROR_OTHER):
            rel, slot = (a - seat) % num_players, b
        elif kind == act.PLUS_ONE:
            rel = (a - seat) % num_players
        if slot < SLOTS:
            row[ACT_AT["slot"] + slot] = 1.0
            slot = rel * R + slot
        if rel < SEATS:
            row[ACT_AT["seat"] + rel] = 1.0
        slots.append(slot)
        seats.append(rel)
        kinds.append(kind)
    rows.flags.writeable = False
    return rows, slots, seats, kinds, np.array(slots, dtype=np.intp), np.array(seats, dtype=np.intp)
