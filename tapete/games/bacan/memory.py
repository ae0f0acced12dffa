"""What Bacan's heuristic player remembers: every row as it saw the faces
(following each card as slots move), the discard pile and the scores, built
from the events addressed to its seat, or from its seat's view when it takes
over mid-round (what the view does not show counts as unseen).

`SlotMemory` is the same with more beside every slot (who else knows the
card, when this seat saw it): what the information-state encoder reads
(encoding.py). The heuristic keeps the plain `BacanMemory`."""

from __future__ import annotations

import copy
from typing import Any

from tapete.engine import Event

from .cards import FACE_RANK, FACE_VALUE, JOKER_FACE, VALUE

HOLE = "_hole"
TOTAL_VALUE = sum(VALUE)
NUM_CARDS = len(VALUE)


class BacanMemory:
    """What one seat has seen of the table, rebuilt from its events."""

    def __init__(self, seat: int, num_players: int) -> None:
        self.seat = seat
        self.num_players = num_players
        self.rows: list[list[str | None]] = [[] for _ in range(num_players)]
        # Beside every slot: True if that card is known not to be a spent
        # comodín (BAC-20), so a comodín there may be used from the row.
        self.fresh: list[list[bool]] = [[] for _ in range(num_players)]
        self.held_fresh = False
        self.penalty_points = [0] * num_players
        # (face, maybe a spent comodín); None for a card it never saw on the pile
        self.pile: list[tuple[str | None, bool]] = []
        self.held: str | None = None
        self.exchange_first: tuple[int, int] | None = None
        self.scores = [0] * num_players
        self.in_play = [True] * num_players
        self.turns = [0] * num_players  # turns each seat began in this round
        # False until it has followed a round from its deal or read a view:
        # events of a round it did not see from the start cannot be placed.
        self.synced = False

    def observe(self, event: Event) -> None:
        if not self.synced and event.kind != "deal":
            return
        handler = getattr(self, "_on_" + event.kind, None)
        if handler is not None:
            handler(event.data)

    def sync(self, view: dict[str, Any]) -> None:
        """Start from a seat's view (taking over mid-round): the faces it
        shows and the top of the pile; every other card is unseen."""
        rows = view["rows"]
        self.rows = [list(r["cards"]) for r in rows]
        self.fresh = [[False] * len(row) for row in self.rows]
        hole = view["hole"]
        if hole is not None:
            self.rows[hole[0]][hole[1]] = HOLE
        self.penalty_points = [int(r["penalty_points"]) for r in rows]
        self.in_play = [bool(r["in_play"]) for r in rows]
        self.scores = list(view["scores"])
        size = int(view["discard"])
        self.pile = [(None, False)] * size
        if size:
            self.pile[-1] = (view["discard_top"], bool(view["discard_top_spent"]))
        self.held = view["held"]
        self.held_fresh = view["held_source"] in ("deck", "row")
        first = view["exchange_first"]
        self.exchange_first = (first[0], first[1]) if first is not None else None
        self.turns = [int(r["turns"]) for r in rows]
        self.synced = True

    def _on_deal(self, d: dict[str, Any]) -> None:
        seats = set(d["seats"])
        self.rows = [[None] * 4 if s in seats else [] for s in range(self.num_players)]
        self.fresh = [[True] * 4 if s in seats else [] for s in range(self.num_players)]  # a deal refreshes all
        self.in_play = [s in seats for s in range(self.num_players)]
        self.penalty_points = [0] * self.num_players
        self.pile = []
        self.held = None
        self.exchange_first = None
        self.turns = [0] * self.num_players
        self.synced = True

    def _on_peek(self, d: dict[str, Any]) -> None:
        for slot, face in zip(d["slots"], d["cards"], strict=True):
            self.rows[d["seat"]][slot] = face

    def _on_draw(self, d: dict[str, Any]) -> None:
        self.turns[d["seat"]] += 1
        if d["source"] == "discard":
            face, spent = self.pile.pop() if self.pile else (None, True)
            self.held = d["card"]
            self.held_fresh = face is not None and not spent
        else:
            self.held = None
            self.held_fresh = True  # a deck holds no spent comodín

    def _on_drawn(self, d: dict[str, Any]) -> None:
        self.held = d["card"]

    def _on_discard(self, d: dict[str, Any]) -> None:
        self.pile.append((d["card"], False))
        self.held = None

    def _on_swap(self, d: dict[str, Any]) -> None:
        seat, slot = d["seat"], d["slot"]
        self._to_pile(d["card"], seat, slot)
        self.rows[seat][slot] = self.held
        self.fresh[seat][slot] = self.held_fresh
        self.held = None

    def _to_pile(self, face: str, seat: int, slot: int) -> None:
        """A row card goes to the pile: spent unless known fresh."""
        self.pile.append((face, face == JOKER_FACE and not self.fresh[seat][slot]))

    def _on_row_joker(self, d: dict[str, Any]) -> None:
        row = self.rows[d["seat"]]
        if d["ok"]:
            row.pop(d["slot"])
            self.fresh[d["seat"]].pop(d["slot"])
            self.held = d["card"]
            self.held_fresh = True
            self.turns[d["seat"]] += 1
        else:
            row[d["slot"]] = d["card"]
            self._penalty(d)

    def _on_exchange_pick(self, d: dict[str, Any]) -> None:
        self.held = d["card"]
        self.exchange_first = (d["target"], d["slot"])

    def _on_power(self, d: dict[str, Any]) -> None:
        if d["power"] == "exchange":
            for rows in (self.rows, self.fresh):
                a, b = rows[d["target"]], rows[d["target2"]]
                a[d["slot"]], b[d["slot2"]] = b[d["slot2"]], a[d["slot"]]
        elif d["power"] == "plus_one":
            self.rows[d["target"]].append(None)
            self.fresh[d["target"]].append(True)
        self.pile.append((d["card"], d["card"] == JOKER_FACE))
        self.held = None
        self.exchange_first = None

    def _on_look(self, d: dict[str, Any]) -> None:
        self.rows[d["target"]][d["slot"]] = d["card"]

    def _on_mirror(self, d: dict[str, Any]) -> None:
        row = self.rows[d["target"]]
        if not d["ok"]:
            row[d["slot"]] = d["card"]
            self._penalty(d)
            return
        self._to_pile(d["card"], d["target"], d["slot"])
        if d["target"] == d["seat"]:
            row.pop(d["slot"])
            self.fresh[d["target"]].pop(d["slot"])
        else:
            row[d["slot"]] = HOLE

    def _on_give(self, d: dict[str, Any]) -> None:
        self.rows[d["target"]][d["to_slot"]] = self.rows[d["seat"]].pop(d["slot"])
        self.fresh[d["target"]][d["to_slot"]] = self.fresh[d["seat"]].pop(d["slot"])

    def _penalty(self, d: dict[str, Any]) -> None:
        """BAC-23: an unseen card at the end of the row, or points for a full row."""
        self.penalty_points[d["seat"]] += d["penalty_points"]
        if d["penalty_slot"] is not None:
            self.rows[d["seat"]].append(None)
            self.fresh[d["seat"]].append(True)

    def _on_reshuffle(self, d: dict[str, Any]) -> None:
        self.pile = []

    def _on_round_end(self, d: dict[str, Any]) -> None:
        self.scores = list(d["scores"])
        self.held = None

    def _on_eliminated(self, d: dict[str, Any]) -> None:
        for s in d["seats"]:
            self.in_play[s] = False

    # -- estimates -------------------------------------------------------------
    def mean_unseen(self) -> float:
        """Average value of the cards whose place this seat does not know."""
        seen = [f for row in self.rows for f in row if f is not None and f != HOLE]
        seen += [f for f, _ in self.pile if f is not None]
        if self.held is not None:
            seen.append(self.held)
        unseen = NUM_CARDS - len(seen)
        if unseen <= 0:
            return 0.0
        return (TOTAL_VALUE - sum(FACE_VALUE[f] for f in seen)) / unseen

    def estimate(self, seat: int, mean: float) -> float:
        total = float(self.penalty_points[seat])
        for face in self.rows[seat]:
            if face == HOLE:
                continue
            total += FACE_VALUE[face] if face is not None else mean
        return total


class SlotMemory(BacanMemory):
    """`BacanMemory` with, beside every slot, who is known to know its card
    (a bit mask of seats; all bits: everyone) and the turn this seat last saw
    it (-1: never). Handlers run the heuristic's and then follow the same
    slot moves in these two lists; `touched` collects the seats whose row
    changed, for the encoder to rewrite just those."""

    def __init__(self, seat: int, num_players: int) -> None:
        super().__init__(seat, num_players)
        self.everyone = (1 << num_players) - 1
        self.knowers: list[list[int]] = [[] for _ in range(num_players)]
        self.seen: list[list[int]] = [[] for _ in range(num_players)]
        self.held_knowers = 0
        self.touched: set[int] = set(range(num_players))
        self._pile_size = -1  # `pile_counts`, kept
        self._pile_last: tuple[str | None, bool] | None = None
        self._pile_counts: tuple[list[int], int] = ([0] * 12, 0)

    def pile_counts(self) -> tuple[list[int], int]:
        """(cards of each rank 1..12 on the pile, pile cards never seen), counted again only
        when the pile changed (the encoder reads them at every step): it changes at its end
        (a card laid, taken, or its face learnt) or starts afresh, and the same length
        ending in the same entry (kept alive here, and never laid twice) is the same pile."""
        pile = self.pile
        last = pile[-1] if pile else None
        if len(pile) != self._pile_size or last is not self._pile_last:
            counts = [0] * 12
            never = 0
            for face, _ in pile:
                if face is None:
                    never += 1
                else:
                    counts[FACE_RANK[face] - 1] += 1
            self._pile_size, self._pile_last, self._pile_counts = len(pile), last, (counts, never)
        return self._pile_counts

    def clock(self) -> int:
        """Turns begun this round by every seat (draws and comodines from a row)."""
        return sum(self.turns)

    def copy(self) -> SlotMemory:
        clone = copy.copy(self)
        for name in ("rows", "fresh", "knowers", "seen"):
            setattr(clone, name, [list(row) for row in getattr(self, name)])
        for name in ("penalty_points", "pile", "scores", "in_play", "turns"):
            setattr(clone, name, list(getattr(self, name)))
        clone.touched = set(self.touched)
        return clone

    def sync(self, view: dict[str, Any]) -> None:
        super().sync(view)
        me, now = 1 << self.seat, self.clock()
        self.knowers = [[me if f is not None and f != HOLE else 0 for f in row] for row in self.rows]
        self.seen = [[now if f is not None and f != HOLE else -1 for f in row] for row in self.rows]
        self.held_knowers = self.everyone if view["held_source"] == "discard" else me
        self.touched.update(range(self.num_players))

    def _see(self, seat: int, slot: int, knowers: int) -> None:
        self.knowers[seat][slot] |= knowers
        self.seen[seat][slot] = self.clock()
        self.touched.add(seat)

    def _on_deal(self, d: dict[str, Any]) -> None:
        super()._on_deal(d)
        self.knowers = [[0] * len(row) for row in self.rows]
        self.seen = [[-1] * len(row) for row in self.rows]
        self.held_knowers = 0
        self.touched.update(range(self.num_players))

    def _on_peek(self, d: dict[str, Any]) -> None:
        super()._on_peek(d)
        for slot in d["slots"]:
            self._see(d["seat"], slot, 1 << d["seat"])

    def _on_draw(self, d: dict[str, Any]) -> None:
        super()._on_draw(d)
        self.held_knowers = self.everyone if d["source"] == "discard" else 1 << d["seat"]

    def _on_swap(self, d: dict[str, Any]) -> None:
        seat, slot = d["seat"], d["slot"]
        super()._on_swap(d)
        self.knowers[seat][slot] = self.held_knowers
        self.seen[seat][slot] = self.clock() if self.rows[seat][slot] is not None else -1
        self.touched.add(seat)

    def _on_row_joker(self, d: dict[str, Any]) -> None:
        seat, slot = d["seat"], d["slot"]
        if d["ok"]:
            self.knowers[seat].pop(slot)
            self.seen[seat].pop(slot)
            self.held_knowers = self.everyone
        super()._on_row_joker(d)  # a wrong one: the penalty card through _penalty
        if not d["ok"]:
            self._see(seat, slot, self.everyone)
        self.touched.add(seat)

    def _on_exchange_pick(self, d: dict[str, Any]) -> None:
        super()._on_exchange_pick(d)
        self.held_knowers = self.everyone

    def _on_power(self, d: dict[str, Any]) -> None:
        super()._on_power(d)
        power, target = d["power"], d["target"]
        if power == "exchange":
            for rows in (self.knowers, self.seen):
                a, b = rows[target], rows[d["target2"]]
                a[d["slot"]], b[d["slot2"]] = b[d["slot2"]], a[d["slot"]]
            self.touched.add(d["target2"])
        elif power == "plus_one":
            self.knowers[target].append(0)
            self.seen[target].append(-1)
        else:  # secret, spy: the seat looked (the face comes in its own `look`)
            self.knowers[target][d["slot"]] |= 1 << d["seat"]
        self.touched.add(target)

    def _on_look(self, d: dict[str, Any]) -> None:
        super()._on_look(d)
        self._see(d["target"], d["slot"], 1 << d["seat"])

    def _on_mirror(self, d: dict[str, Any]) -> None:
        target, slot = d["target"], d["slot"]
        if d["ok"]:
            if target == d["seat"]:
                self.knowers[target].pop(slot)
                self.seen[target].pop(slot)
            else:
                self.knowers[target][slot] = 0
                self.seen[target][slot] = -1
        super()._on_mirror(d)  # a wrong one: the penalty card through _penalty
        if not d["ok"]:
            self._see(target, slot, self.everyone)
        self.touched.add(target)

    def _on_give(self, d: dict[str, Any]) -> None:
        seat, slot, target, to = d["seat"], d["slot"], d["target"], d["to_slot"]
        super()._on_give(d)
        self.knowers[target][to] = self.knowers[seat].pop(slot)
        self.seen[target][to] = self.seen[seat].pop(slot)
        self.touched.update((seat, target))

    def _penalty(self, d: dict[str, Any]) -> None:
        super()._penalty(d)
        if d["penalty_slot"] is not None:
            self.knowers[d["seat"]].append(0)
            self.seen[d["seat"]].append(-1)
        self.touched.add(d["seat"])
