"""A heuristic Buracco player.

It sees only its Observation: the view (own rack, both sides' melds, the
pozo, counts) and the events addressed to it. Plan of play:

- draw: pick up the pozo when its tiles meld at once (with the rack or on
  the side's melds) enough to pay for the rest; else draw from the stock;
- meld: extend the side's melds with natural tiles (above all to reach a
  canasta), lay down every natural meld of the rack, spend a wild only to
  complete a canasta, to lay a meld when it holds two wilds, or to run out
  of tiles; go out whenever the rules allow it;
- discard: a tile that neither feeds the opponents' melds nor helps the
  own rack, the costliest such first; never a wild unless forced.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from tapete.engine import Bot, Decision, Event, Observation

from . import actions as act
from .cards import FACE_TO_ID, JOKER, NUM_FACES, NUMBERS, VALUES, WILD_CAPABLE
from .melds import RUN, SET, Meld, build, build_options
from .rack import candidate_melds

CANASTA = 7


def _tile_of(face: int) -> int:
    """A tile id showing `face` (the bot reasons on faces only)."""
    return face * 2


def _tiles_of(faces: Sequence[int]) -> list[int]:
    """Distinct tile ids for a list of faces (a face occurs at most twice)."""
    return [_tile_of(f) + faces[:i].count(f) for i, f in enumerate(faces)]


def meld_from_view(data: dict[str, Any]) -> Meld:
    """Rebuild a meld from its description in a view."""
    wild = -1 if data["wild"] is None else int(data["wild"])
    if data["kind"] == "set":
        return _meld_of(SET, int(data["number"]), tuple(data["tiles"]), wild)
    return _meld_of(RUN, int(data["low"]), tuple(data["tiles"]), wild)


@lru_cache(maxsize=4096)
def _meld_of(kind: int, where: int, faces: tuple[str, ...], wild: int) -> Meld:
    """A meld by kind, rank (a set's number, a run's low end), faces and wild;
    cached because every decision reads every meld of its view (melds are
    immutable, so one object serves every caller)."""
    ids = [FACE_TO_ID[t] for t in faces]
    tiles = tuple(_tile_of(f) for f in ids)
    if kind == SET:
        return Meld(SET, where, 0, tiles, wild)
    natural = next(f for i, f in enumerate(ids) if i != wild)
    return Meld(RUN, natural // NUMBERS, where, tiles, wild)


def _counts(tokens: Sequence[str]) -> list[int]:
    counts = [0] * NUM_FACES
    for token in tokens:
        counts[FACE_TO_ID[token]] += 1
    return counts


def feeding_faces(melds: Sequence[Meld]) -> set[int]:
    """Natural faces that would extend one of these melds."""
    return {face for meld in melds for face, _ in meld.options() if not WILD_CAPABLE[face]}


def natural_plan(counts: list[int], melds: Sequence[Meld], keep: int = 0) -> tuple[int, int]:
    """Tiles and points a rack could place with natural tiles only: on the
    given melds (repeatedly, as ends move) and as new natural melds, always
    keeping `keep` tiles in hand (BUR-18 without a canasta)."""
    counts = list(counts)
    melds = list(melds)
    left = sum(counts)
    placed = points = 0
    changed = True
    while changed:
        changed = False
        for i, meld in enumerate(melds):
            for face, end in meld.options():
                if counts[face] and left - 1 >= keep and not _adds_wild(meld, face, end):
                    counts[face] -= 1
                    left -= 1
                    melds[i] = meld.extend(_tile_of(face), end)
                    placed += 1
                    points += VALUES[face]
                    changed = True
                    break
        for faces in candidate_melds(counts, allow_wild=False):
            if left - len(faces) >= keep and all(counts[f] >= faces.count(f) for f in set(faces)):
                new = build(_tiles_of(faces))
                if new is None:
                    continue
                left -= len(faces)
                for f in faces:
                    counts[f] -= 1
                melds.append(new)
                placed += len(faces)
                points += sum(VALUES[f] for f in faces)
                changed = True
    return placed, points


def _adds_wild(meld: Meld, face: int, end: int) -> bool:
    """Would adding `face` at `end` put a wild in a meld that had none?"""
    return bool(WILD_CAPABLE[face]) and meld.wild < 0 and meld.extend(_tile_of(face), end).wild >= 0


class BuraccoBot(Bot):
    name = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.plan: list[int] = []  # faces still to stage for the meld being built
        self.plan_high = False
        self.blocked: set[tuple[int, ...]] = set()  # melds whose commit was refused this turn
        self.drawn = -1
        self.thrown: set[int] = set()  # faces this seat discarded this hand

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.kind == "drew" and event.data.get("seat") == self.seat:
                self.drawn = FACE_TO_ID[event.data["tile"]]
            elif event.kind == "discard" and event.data.get("seat") == self.seat:
                self.thrown.add(FACE_TO_ID[event.data["tile"]])
            elif event.kind == "hand_start":
                self.thrown = set()

    def decide(self, obs: Observation) -> Decision | None:
        legal = obs.legal
        if not legal:
            return None
        view = obs.view
        phase = view["phase"]
        if phase == "meld":
            return Decision(self._meld(view, legal))
        if len(legal) == 1:
            return Decision(legal[0])
        if phase == "draw":
            self.blocked = set()
            return Decision(self._draw(view, legal))
        if phase == "privilege":
            return Decision(act.KEEP if self._useful(view, self.drawn) else act.REDRAW)
        if phase == "discard":
            return Decision(self._discard(view, legal))
        return Decision(legal[0])

    # -- drawing -------------------------------------------------------------------
    def _draw(self, view: dict[str, Any], legal: list[int]) -> int:
        if act.TAKE_POZO not in legal:
            return legal[0]
        own = self._own_melds(view)
        rack = _counts(view["rack"])
        pozo = [FACE_TO_ID[t] for t in view["pozo"]]
        with_pozo = list(rack)
        for f in pozo:
            with_pozo[f] += 1
        # BUR-18: with no canasta and no muerto to take, two tiles must stay.
        free = view["muertos"][self.seat & 1]["state"] == "waiting" or any(m.is_canasta() for m in own)
        keep = 0 if free else 2
        before, _ = natural_plan(rack, own, keep)
        after, _ = natural_plan(with_pozo, own, keep)
        useful = max(0, after - before)
        room = sum(with_pozo) - keep - after
        wilds = min(sum(1 for f in pozo if WILD_CAPABLE[f]), max(0, room))
        dead = len(pozo) - useful - wilds
        if all(f in self.thrown for f in pozo):
            return act.DRAW  # nothing there but what this seat threw away
        if useful + wilds >= 2 and dead <= 2 * (useful + wilds) + 2:
            return act.TAKE_POZO
        if useful + wilds >= 1 and dead <= 1:
            return act.TAKE_POZO
        return act.DRAW

    def _useful(self, view: dict[str, Any], face: int) -> bool:
        """Does `face` fit the rack or the side's melds?"""
        if face < 0 or WILD_CAPABLE[face]:
            return True
        counts = _counts(view["rack"])
        counts[face] -= 1
        if face in feeding_faces(self._own_melds(view)):
            return True
        return self._relations(counts, face) > 0

    @staticmethod
    def _relations(counts: list[int], face: int) -> int:
        """How many rack tiles pair with `face` (same number, or same colour
        within two ranks)."""
        colour, number = divmod(face, NUMBERS)
        score = sum(counts[c * NUMBERS + number] for c in range(4) if c * NUMBERS + number != face)
        for d in (-2, -1, 1, 2):
            n = number + d
            if 0 <= n < NUMBERS:
                score += counts[colour * NUMBERS + n]
        if number == 0:  # the 1 also sits above the 13
            score += counts[colour * NUMBERS + 12] + counts[colour * NUMBERS + 11]
        if counts[face] > 0:
            score += 1
        return score

    # -- melding -------------------------------------------------------------------
    def _own_melds(self, view: dict[str, Any]) -> list[Meld]:
        return [meld_from_view(m) for m in view["melds"][self.seat & 1]]

    def _meld(self, view: dict[str, Any], legal: list[int]) -> int:
        pending = [FACE_TO_ID[t] for t in view["pending"]]
        if pending:
            return self._continue_meld(pending, legal)
        rack = _counts(view["rack"])
        extend = self._best_extension(view, rack, legal)
        if extend is not None:
            return extend
        start = self._start_meld(view, rack, legal)
        if start is not None:
            return start
        return act.DONE if act.DONE in legal else legal[0]

    def _continue_meld(self, pending: list[int], legal: list[int]) -> int:
        if self.plan:
            action = act.stage(self.plan[0])
            if action in legal:
                self.plan.pop(0)
                return action
        elif (act.COMMIT_HIGH if self.plan_high else act.COMMIT) in legal:
            return act.COMMIT_HIGH if self.plan_high else act.COMMIT
        elif act.COMMIT in legal:
            return act.COMMIT
        self.blocked.add(tuple(sorted(pending + self.plan)))
        self.plan = []
        return act.CANCEL

    def _best_extension(self, view: dict[str, Any], rack: list[int], legal: list[int]) -> int | None:
        own = self._own_melds(view)
        size = sum(rack)
        side_canasta = any(len(m.tiles) >= CANASTA for m in own)
        best, best_score = None, 0.0
        for action in legal:
            if not act.is_extend(action):
                continue
            slot, face, end = act.extend_parts(action)
            meld = own[slot]
            new = meld.extend(_tile_of(face), end)
            makes_canasta = len(new.tiles) >= CANASTA > len(meld.tiles)
            if new.wild >= 0 and meld.wild < 0:  # spends a wild
                if meld.is_canasta():
                    score = -1.0  # never dirty a canasta pura
                elif makes_canasta:
                    score = 80.0
                else:  # a wild is worth keeping unless it helps run out of tiles
                    score = 5.0 if size <= 2 or (size <= 3 and side_canasta) else -1.0
            else:
                score = 10.0 + VALUES[face] / 10
                if makes_canasta:
                    score += 150 if new.is_pure() else 80
                if meld.wild >= 0 and new.wild < 0:
                    score += 60  # the run became pura
            if score > best_score:
                best, best_score = action, score
        return best

    def _start_meld(self, view: dict[str, Any], rack: list[int], legal: list[int]) -> int | None:
        stageable = {a - act.STAGE_BASE for a in legal if act.is_stage(a)}
        if not stageable:
            return None
        wilds = sum(rack[f] for f in range(NUM_FACES) if WILD_CAPABLE[f])
        size = sum(rack)
        options: list[tuple[float, list[int], bool]] = []
        for faces in candidate_melds(rack, allow_wild=True):
            if tuple(sorted(faces)) in self.blocked or not set(faces) <= stageable:
                continue
            if any(rack[f] < faces.count(f) for f in set(faces)):
                continue
            first, other = build_options(_tiles_of(faces))
            if first is None:
                continue
            uses_wild = first.wild >= 0
            if uses_wild and wilds < 2 and size - len(faces) > 2:
                continue
            score = len(faces) * 10 + sum(VALUES[f] for f in faces) / 10 - (15 if uses_wild else 0)
            options.append((score, faces, other is not None and self._prefer_high(first, other)))
        if not options:
            return None
        options.sort(key=lambda o: -o[0])
        _, faces, high = options[0]
        # Stage naturals first, the wild last.
        ordered = sorted(faces, key=lambda f: (WILD_CAPABLE[f], f))
        self.plan = ordered[1:]
        self.plan_high = high
        return act.stage(ordered[0])

    @staticmethod
    def _prefer_high(low: Meld, high: Meld) -> bool:
        """Put a free wild where it blocks less: away from the 2's place."""
        return low.lo <= 2 < high.lo

    # -- discarding ----------------------------------------------------------------
    def _discard(self, view: dict[str, Any], legal: list[int]) -> int:
        rack = _counts(view["rack"])
        own = self._own_melds(view)
        opponents = [meld_from_view(m) for m in view["melds"][1 - (self.seat & 1)]]
        feeds = feeding_faces(opponents)
        helps = feeding_faces(own)
        best, best_keep = legal[0], float("inf")
        for action in legal:
            face = action - act.DISCARD_BASE
            keep = self._keep_score(rack, face, feeds, helps)
            keep += self.rng.random() * 0.5
            if keep < best_keep:
                best, best_keep = action, keep
        return best

    def _keep_score(self, rack: list[int], face: int, feeds: set[int], helps: set[int]) -> float:
        if face == JOKER:
            return 200.0
        if WILD_CAPABLE[face]:
            return 150.0
        counts = list(rack)
        counts[face] -= 1
        keep = 12.0 * self._relations(counts, face)
        if face in helps:
            keep += 40
        if face in feeds:
            keep += 60
        return keep - VALUES[face] / 2
