"""A heuristic Boon player.

It sees only its Observation (view and legal actions) and the events
addressed to it, from which it remembers the cards played this round and
which seats showed a void. Its craft:

- take the Boon when the hand is strong enough (counted in expected tricks);
- bury the points it cannot protect, preferring to void side suits;
- as taker, pull trumps with high gold and cash side winners;
- as defender, lead side suits, play low while a partner is winning unless the
  trick is safe (then it smears points), trump a trick when it pays;
- in a Leaster, take one cheap trick and then duck, dumping points on others.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from typing import Any

from tapete.engine import Bot, Decision, Event, Observation

from . import actions as act
from .cards import FACE_TO_ID, NUM_CARDS, ORO, POINTS, RANK, REMOVED_FOR_THREE, SUIT

# Hand strength (expected tricks, roughly) needed to take the Boon.
TAKE_THRESHOLD = {3: 4.7, 4: 3.8}
VOID_BONUS = 6.0


def beats(card: int, best: int) -> bool:
    """BOO-8 from the current winner's side: does `card` take over from `best`?"""
    if SUIT[best] == ORO:
        return SUIT[card] == ORO and RANK[card] > RANK[best]
    return SUIT[card] == ORO or (SUIT[card] == SUIT[best] and RANK[card] > RANK[best])


def winning_index(trick: Sequence[int]) -> int:
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best]):
            best = i
    return best


def trick_value(card: int) -> float:
    """A rough chance that a card wins a trick, for judging a hand."""
    rank = RANK[card]
    if SUIT[card] == ORO:
        if rank >= 12:
            return 1.0
        if rank >= 9:
            return 0.75
        return 0.5 if rank >= 5 else 0.35
    return {6: 0.5, 5: 0.2}.get(rank, 0.0)


def hand_strength(hand: Iterable[int]) -> float:
    cards = list(hand)
    strength = sum(trick_value(c) for c in cards)
    golds = sum(1 for c in cards if SUIT[c] == ORO)
    side_suits = {SUIT[c] for c in cards if SUIT[c] != ORO}
    return strength + 0.3 * golds + 0.4 * (3 - len(side_suits))


def spend_cost(card: int) -> float:
    """What giving up a card costs in control (high gold is worth keeping)."""
    return RANK[card] * 0.8 if SUIT[card] == ORO else RANK[card] * 0.3


class BoonBot(Bot):
    name = "heuristic"
    take_threshold = TAKE_THRESHOLD
    void_bonus = VOID_BONUS

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.round = -1
        self.seen: set[int] = set()
        self.voids: dict[int, set[int]] = {}
        self.led: int | None = None
        self.points: dict[int, int] = {}

    # -- memory -------------------------------------------------------------
    def _reset(self, round_no: int) -> None:
        self.round = round_no
        self.seen = set()
        self.voids = {}
        self.led = None
        self.points = {}

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            d = event.data
            if event.kind == "deal":
                self._reset(int(d["round"]))
            elif event.kind == "play":
                card = FACE_TO_ID[d["card"]]
                self.seen.add(card)
                if self.led is None:
                    self.led = SUIT[card]
                elif SUIT[card] != self.led:
                    self.voids.setdefault(int(d["seat"]), set()).add(self.led)
            elif event.kind == "trick":
                self.led = None
                winner = int(d["winner"])
                self.points[winner] = self.points.get(winner, 0) + int(d["points"])

    # -- decisions ------------------------------------------------------------
    def decide(self, obs: Observation) -> Decision | None:
        if not obs.legal:
            return None
        if len(obs.legal) == 1:
            return Decision(obs.legal[0])
        view = obs.view
        if view["round"] != self.round:
            self._reset(view["round"])
        phase = view["phase"]
        if phase == "bid":
            return Decision(self._bid(view))
        if phase == "bury":
            return Decision(act.BURY_BASE + self._bury(view))
        if phase == "play":
            cards = [a - act.PLAY_BASE for a in obs.legal]
            return Decision(act.PLAY_BASE + self._play(view, cards))
        return Decision(obs.legal[0])

    def _bid(self, view: dict[str, Any]) -> int:
        hand = [FACE_TO_ID[f] for f in view["hand"]]
        n = view["num_players"]
        threshold = self.take_threshold[n]
        if len(view["passed"]) == n - 1:
            threshold -= 0.3  # last chance: a Leaster is a lottery
        return act.TAKE if hand_strength(hand) >= threshold else act.PASS

    def _bury(self, view: dict[str, Any]) -> int:
        """Pick the best set to bury for the cards still to go; bury its lowest card."""
        hand = [FACE_TO_ID[f] for f in view["hand"]]
        left = view["boon_size"] - view["buried_count"]
        best = max(itertools.combinations(hand, left), key=lambda bury: self._bury_value(hand, bury))
        return min(best)

    def _bury_value(self, hand: list[int], bury: tuple[int, ...]) -> float:
        kept = [c for c in hand if c not in bury]
        value = float(sum(POINTS[c] for c in bury))
        value -= sum(6 + RANK[c] for c in bury if SUIT[c] == ORO)
        for c in kept:
            if SUIT[c] != ORO:
                value -= POINTS[c] * (0.3 if RANK[c] == 6 else 0.8)
        held = {SUIT[c] for c in kept if SUIT[c] != ORO}
        return value + self.void_bonus * (3 - len(held))

    # -- play ------------------------------------------------------------------
    def _unseen(self, view: dict[str, Any], hand: list[int]) -> set[int]:
        known = self.seen | set(hand)
        known.update(FACE_TO_ID[f] for f in view.get("buried", []))
        known.update(FACE_TO_ID[p["card"]] for p in view["trick"])
        if view["num_players"] == 3:
            known.update(REMOVED_FOR_THREE)
        return set(range(NUM_CARDS)) - known

    def _is_master(self, card: int, unseen: set[int]) -> bool:
        """No card still out can beat `card` when it leads."""
        if SUIT[card] == ORO:
            return not any(SUIT[u] == ORO and RANK[u] > RANK[card] for u in unseen)
        return not any(SUIT[u] == SUIT[card] and RANK[u] > RANK[card] for u in unseen)

    def _play(self, view: dict[str, Any], legal: list[int]) -> int:
        seat = view["seat"]
        hand = [FACE_TO_ID[f] for f in view["hand"]]
        unseen = self._unseen(view, hand)
        trick = [FACE_TO_ID[p["card"]] for p in view["trick"]]
        if view["leaster"]:
            return self._leaster(view, legal, trick, unseen)
        taker = view["taker"]
        if not trick:
            return self._lead_taker(legal, unseen) if seat == taker else self._lead_defender(legal, unseen, taker)
        return self._follow(view, legal, trick, unseen)

    def _lead_taker(self, legal: list[int], unseen: set[int]) -> int:
        golds = [c for c in legal if SUIT[c] == ORO]
        gold_out = any(SUIT[u] == ORO for u in unseen)
        if golds and gold_out:
            masters = [c for c in golds if self._is_master(c, unseen)]
            return max(masters, key=lambda c: RANK[c]) if masters else min(golds, key=lambda c: RANK[c])
        side = [c for c in legal if SUIT[c] != ORO]
        side_masters = [c for c in side if self._is_master(c, unseen)]
        if side_masters:
            return max(side_masters, key=lambda c: POINTS[c])
        if side:
            return min(side, key=lambda c: (POINTS[c], RANK[c]))
        return max(legal, key=lambda c: RANK[c])

    def _lead_defender(self, legal: list[int], unseen: set[int], taker: int) -> int:
        taker_voids = self.voids.get(taker, set())
        side = [c for c in legal if SUIT[c] != ORO]
        cashable = [c for c in side if SUIT[c] not in taker_voids and self._is_master(c, unseen)]
        if cashable:
            return max(cashable, key=lambda c: POINTS[c])
        if side:
            counts = {s: sum(1 for c in side if SUIT[c] == s) for s in {SUIT[c] for c in side}}
            return min(side, key=lambda c: (SUIT[c] in taker_voids, POINTS[c], -counts[SUIT[c]], RANK[c]))
        return min(legal, key=lambda c: RANK[c])

    def _follow(self, view: dict[str, Any], legal: list[int], trick: list[int], unseen: set[int]) -> int:
        n = view["num_players"]
        seat, taker, leader = view["seat"], view["taker"], view["leader"]
        best_index = winning_index(trick)
        best = trick[best_index]
        winner = (leader + best_index) % n
        still_to_play = [(leader + i) % n for i in range(len(trick) + 1, n)]
        on_my_side = (winner == taker) == (seat == taker)
        trick_points = sum(POINTS[c] for c in trick)
        if on_my_side:
            # Only a gold nobody can beat is safe from a taker still to play (a side card may be trumped).
            safe_best = SUIT[best] == ORO and self._is_master(best, unseen)
            if taker in still_to_play and not safe_best:
                return min(legal, key=lambda c: (POINTS[c], spend_cost(c)))
            return max(legal, key=lambda c: POINTS[c] - spend_cost(c) * 0.5)  # smear
        winners = [c for c in legal if beats(c, best)]
        if not winners:
            return min(legal, key=lambda c: (POINTS[c], spend_cost(c)))
        safe = not still_to_play or (seat != taker and taker not in still_to_play)
        if safe:
            return max(winners, key=lambda c: POINTS[c] - spend_cost(c))
        masters = [c for c in winners if self._is_master(c, unseen)]
        if masters and trick_points + max(POINTS[c] for c in masters) >= 4:
            return min(masters, key=lambda c: spend_cost(c) - POINTS[c])
        if trick_points >= 10:
            return max(winners, key=lambda c: RANK[c] + (100 if SUIT[c] == ORO else 0))
        return min(legal, key=lambda c: (POINTS[c], spend_cost(c)))

    # -- Leaster ----------------------------------------------------------------
    def _leaster(self, view: dict[str, Any], legal: list[int], trick: list[int], unseen: set[int]) -> int:
        mine = view["tricks_won"][view["seat"]]
        if not trick:
            return self._leaster_lead(legal, unseen, mine)
        best = trick[winning_index(trick)]
        last = len(trick) == view["num_players"] - 1
        trick_points = sum(POINTS[c] for c in trick)
        winners = [c for c in legal if beats(c, best)]
        losers = [c for c in legal if not beats(c, best)]
        if mine == 0 and winners and ((last and trick_points <= 10) or trick_points == 0):
            masters = [c for c in winners if self._is_master(c, unseen)]
            pool = masters if masters and not last else winners
            return min(pool, key=lambda c: (POINTS[c], -RANK[c]))
        if losers:
            return max(losers, key=lambda c: (POINTS[c], RANK[c] + (100 if SUIT[c] == ORO else 0)))
        return min(winners, key=lambda c: (POINTS[c], -RANK[c]))

    def _leaster_lead(self, legal: list[int], unseen: set[int], mine: int) -> int:
        if mine == 0:
            masters = [c for c in legal if self._is_master(c, unseen) and POINTS[c] <= 3]
            if masters:
                return min(masters, key=lambda c: POINTS[c])

        def beaten_by(card: int) -> int:
            return sum(1 for u in unseen if beats(u, card))

        return max(legal, key=lambda c: (beaten_by(c) - POINTS[c] * 0.2, -RANK[c]))
