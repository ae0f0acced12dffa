"""The WANTED heuristic player.

It sees only its Observation (its view, its legal actions) and the events
addressed to it; from the reveals it remembers which outlaws have been seen,
so the cards still unseen are the ones an opponent may hold.

- Commit (Duelo, Tiroteo): every card is played, so the question is which
  card goes to which battle. For each card and each battle still to come it
  estimates the bounty swing (what it collects minus what an average rival
  collects) on sampled worlds: rivals' cards drawn from the unseen outlaws
  (or their known hands in a replay), weighted by each rival's habit (does it
  play its strongest outlaws first, its weakest, or in no order? fitted to
  the cards it has shown), dice rolled. It plays this battle's card of the
  best assignment: a strong outlaw is saved for the battle where the reward
  at stake pays for it, and among equal plans strong outlaws wait.
- Commit (Pandillas): the same estimate over the 10 ways to pick 3 of 5.
- Leader ties: the candidate with the best modifier.
- Tie discards: each choice is scored against the tied rivals' possible
  discards, counting that a discarded card can no longer be captured.

Against uniformly random rivals the order of play in Duelo and Tiroteo
cannot matter (every card is played, and each battle pairs it with a uniform
random card of each rival whatever one does), so the bot's edge there shows
only in replays and against rivals who themselves play by a plan; in
Pandillas the choice of 3 of 5 gives a clear edge.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections.abc import Sequence
from itertools import combinations, permutations
from typing import Any

from tapete.engine import Bot, Decision, Event, Observation

from . import actions as act
from .battle import gang_base, leader_candidates, modifier, suit_counts
from .cards import DEC_SUIT, DEC_VALUE, FACE_TO_ID, INC_SUIT, INC_VALUE, NUM_CARDS, REWARD, SKILL, SUIT

SAMPLES = 48
HABIT_PRIOR = 0.1  # how much evidence it takes to believe a rival plays in order of strength


def _ids(faces: Sequence[str] | None) -> list[int]:
    return [FACE_TO_ID[f] for f in faces or ()]


def _strength(card: int) -> tuple[int, int, int]:
    return SKILL[card], REWARD[card], card


def _order_position(battle: int, total: int) -> float:
    """+0.5 .. -0.5: how early `battle` comes among `total` battles."""
    return 0.5 - (battle - 0.5) / total


def _versus(card: int, suit: int) -> int:
    """What one card of `suit` adds to `card`'s modifiers (WAN-3)."""
    m = 0
    if INC_SUIT[card] == suit and suit >= 0:
        m += INC_VALUE[card]
    if DEC_SUIT[card] == suit and suit >= 0:
        m -= DEC_VALUE[card]
    return m


class WantedBot(Bot):
    name = "wanted-heuristic"

    def __init__(self, rng: random.Random, samples: int = SAMPLES, gang_samples: int | None = None) -> None:
        self.rng = rng
        self.samples = samples
        self.gang_samples = samples if gang_samples is None else gang_samples  # Pandillas' gang choice
        self.seen: set[int] = set()
        self._plan: tuple[Any, list[int]] | None = None
        self.habits: dict[int, list[tuple[float, float]]] = {}
        self._pending_reveal: tuple[int, int, dict[int, list[int]]] | None = None

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        self.seen = set()
        self._plan = None
        self.habits = {}
        self._pending_reveal = None

    # -- memory ------------------------------------------------------------------
    def observe(self, events: Sequence[Event]) -> None:
        for e in events:
            if e.kind == "deal":
                self.seen = set()  # Pandillas gathers every card for a fresh deal
            elif e.kind == "battle":
                self.seen.update(FACE_TO_ID[s["card"]] for s in e.data["seats"])
                self._learn_habits(e.data["seats"])
            elif e.kind == "replay":
                self._pending_reveal = None
            elif e.kind == "gangs":
                for g in e.data["gangs"]:
                    self.seen.update(_ids(g["cards"]))

    # -- decisions --------------------------------------------------------------------
    def decide(self, obs: Observation) -> Decision | None:
        if not obs.legal:
            return None
        view = obs.view
        phase = view["phase"]
        if phase == "commit":
            card = self._commit(view, obs.legal)
        elif phase == "leader":
            card = self._leader(view, obs.legal)
        elif phase == "discard":
            card = self._discard(view, obs.legal)
        else:
            return Decision(obs.legal[0], 0.5)
        base = {"commit": act.COMMIT_BASE, "leader": act.LEADER_BASE, "discard": act.DISCARD_BASE}[phase]
        action = base + card
        if action not in obs.legal:  # never play an illegal move, whatever the estimate says
            action = obs.legal[0]
        return Decision(action, self.rng.uniform(0.5, 2.0))

    def _unseen(self, view: dict[str, Any]) -> list[int]:
        """Outlaws this seat has not seen: where the rivals' hands come from."""
        known = set(self.seen)
        known.update(_ids(view["hand"]))
        known.update(_ids(view["my_commit"]))
        known.update(_ids(view["out"]))
        for pile in view["piles"]:
            known.update(_ids(pile["winners"]))
            known.update(_ids(pile["face_down"]))
        for hand in view.get("public_hands") or ():
            known.update(_ids(hand))
        battle = view["battle"]
        if battle is not None:
            if battle["kind"] == "single":
                known.update(FACE_TO_ID[e["card"]] for e in battle["seats"])
            else:
                for g in battle["gangs"]:
                    known.update(FACE_TO_ID[c["card"]] for c in g["cards"])
                    known.update(_ids(g["discarded"]))
        return [c for c in range(NUM_CARDS) if c not in known]

    def _commit(self, view: dict[str, Any], legal: list[int]) -> int:
        hand = _ids(view["hand"])
        mine = _ids(view["my_commit"])
        key = (view["round"], view["replay"], view["battle_number"], tuple(sorted(hand + mine)))
        if self._plan is None or self._plan[0] != key:
            if view["mode"] == "pandillas":
                plan = self._best_gang(view, hand + mine)
            else:
                plan = [self._best_single(view, hand)]
            self._plan = (key, plan)
        todo = [c for c in self._plan[1] if c not in mine and c in hand]
        return todo[0] if todo else hand[0]

    # -- Duelo and Tiroteo ---------------------------------------------------------------
    def _best_single(self, view: dict[str, Any], hand: list[int]) -> int:
        """Plan the rest of the deal: estimate what each of my cards is worth in
        each battle still to come (rivals' cards predicted by their habits),
        assign cards to battles for the best total, play this battle's card."""
        if len(hand) == 1:
            return hand[0]
        rivals = [s for s in view["players"] if s != self.seat]
        public = view.get("public_hands")
        pool = sorted(self._unseen(view), key=_strength)
        options = {s: sorted(_ids(public[s]), key=_strength) if public else pool for s in rivals}
        now, total = view["battle_number"], view["battles"]
        slots = list(range(now, min(total, now + len(hand) - 1) + 1))
        self._pending_reveal = (now, total, options)
        duel = view["mode"] == "duelo"
        rng = self.rng
        values = [dict.fromkeys(hand, 0.0) for _ in slots]
        weights = [{s: self._weights(s, len(options[s]), t, total) for s in rivals} for t in slots]
        for _ in range(self.samples):
            draws = [rng.random() for _ in rivals]
            dice = [rng.randint(1, 6) for _ in range(len(rivals) + 1)]
            for j in range(len(slots)):
                opp = self._predict(rivals, options, weights[j], draws)
                self._score_single(hand, opp, dice, duel, values[j])
        return self._assign(hand, values)

    def _assign(self, hand: list[int], values: list[dict[int, float]]) -> int:
        """The card for this battle in the best assignment of cards to battles;
        among equal plans, strong outlaws are kept for later."""
        best: tuple[float, float] | None = None
        choice = hand[0]
        for plan in permutations(hand, len(values)):
            score = sum(values[j][c] for j, c in enumerate(plan))
            keep = sum(j * (SKILL[c] + REWARD[c] / 100) for j, c in enumerate(plan))
            if best is None or (score, keep) > best:
                best, choice = (score, keep), plan[0]
        return choice

    def _weights(self, seat: int, size: int, battle: int, total: int) -> list[float]:
        """Cumulative chances that `seat` plays each of its possible cards
        (weakest first) in `battle`, by its habit: strong first, weak first
        or no order at all (then every card is as likely)."""
        habit = self._habit(seat)
        aim = 0.5 + habit * _order_position(battle, total)
        cumulative, acc = [], 0.0
        for i in range(size):
            q = (i + 0.5) / size
            acc += (1 - abs(habit)) + abs(habit) * math.exp(-((q - aim) ** 2) / (2 * 0.15**2))
            cumulative.append(acc)
        return cumulative

    def _predict(
        self, rivals: list[int], options: dict[int, list[int]], weights: dict[int, list[float]], draws: list[float]
    ) -> list[int]:
        """One card per rival from its weighted possible cards (no card twice)."""
        taken: set[int] = set()
        opp = []
        for s, u in zip(rivals, draws, strict=True):
            cards, cumulative = options[s], weights[s]
            i = min(bisect_left(cumulative, u * cumulative[-1]), len(cards) - 1)
            for step in range(len(cards)):
                c = cards[(i + step) % len(cards)]
                if c not in taken:
                    break
            taken.add(c)
            opp.append(c)
        return opp

    def _habit(self, seat: int) -> float:
        """-1 (plays its weakest first) .. +1 (its strongest first), fitted to
        where each card it played stood among the cards it could have held."""
        seen = self.habits.get(seat, [])
        xy = sum(x * y for x, y in seen)
        xx = sum(x * x for x, _ in seen)
        return max(-1.0, min(1.0, xy / (xx + HABIT_PRIOR)))

    def _learn_habits(self, entries: list[dict[str, Any]]) -> None:
        if self._pending_reveal is None:
            return
        battle, total, options = self._pending_reveal
        self._pending_reveal = None
        for e in entries:
            seat, card = e["seat"], FACE_TO_ID[e["card"]]
            cards = options.get(seat)
            if seat == self.seat or not cards or card not in cards:
                continue
            rank = cards.index(card)
            where = (rank + 0.5) / len(cards)
            self.habits.setdefault(seat, []).append((_order_position(battle, total), where - 0.5))

    def _score_single(
        self, hand: list[int], opp: list[int], dice: list[int], duel: bool, values: dict[int, float]
    ) -> None:
        """Add one sampled battle's bounty swing for every candidate card."""
        counts = suit_counts(opp)
        base = []
        for i, o in enumerate(opp):
            s = SUIT[o]
            if s >= 0:
                counts[s] -= 1
            base.append(SKILL[o] + dice[i] + modifier(o, counts))
            if s >= 0:
                counts[s] += 1
        pot = sum(REWARD[o] for o in opp)
        die = dice[-1]
        for c in hand:
            suit = SUIT[c]
            mine = SKILL[c] + die + modifier(c, counts)
            best, who = -99, -1
            for i, o in enumerate(opp):
                t = base[i] + _versus(o, suit)
                if t > best:
                    best, who = t, i
                elif t == best:
                    who = -2  # rivals tied at the top
            if duel:
                o = opp[0]
                if mine > best:
                    values[c] += REWARD[o]
                elif mine < best:
                    values[c] -= REWARD[c]
                else:
                    values[c] += REWARD[o] - REWARD[c]
            elif mine > best:
                values[c] += pot
            elif mine < best and who >= 0:
                values[c] -= (pot - REWARD[opp[who]] + REWARD[c]) / len(opp)

    # -- Pandillas ---------------------------------------------------------------------------
    def _best_gang(self, view: dict[str, Any], held: list[int]) -> list[int]:
        if len(held) <= 3:
            return held
        rivals = [s for s in view["players"] if s != self.seat]
        pool = self._unseen(view)
        combos = [list(c) for c in combinations(sorted(held), 3)]
        values = [0.0] * len(combos)
        rng = self.rng
        need = 3 * len(rivals)
        for _ in range(self.gang_samples):
            drawn = rng.sample(pool, need) if len(pool) >= need else [rng.choice(pool) for _ in range(need)]
            gangs = [drawn[3 * i : 3 * i + 3] for i in range(len(rivals))]
            dice = [[rng.randint(1, 6) for _ in range(3)] for _ in gangs]
            my_dice = {c: rng.randint(1, 6) for c in held}
            self._score_gangs(combos, my_dice, gangs, dice, values)
        best = max(range(len(combos)), key=lambda i: values[i])
        return combos[best]

    def _score_gangs(
        self,
        combos: list[list[int]],
        my_dice: dict[int, int],
        gangs: list[list[int]],
        dice: list[list[int]],
        values: list[float],
    ) -> None:
        own = [suit_counts(g) for g in gangs]
        every = [sum(col) for col in zip(*own, strict=True)]
        bases = []
        for g, d, counts in zip(gangs, dice, own, strict=True):
            lead = leader_candidates(g, d)[0]
            others = [a - b for a, b in zip(every, counts, strict=True)]
            bases.append((gang_base(g, d) + modifier(lead, others), lead, sum(REWARD[c] for c in g)))
        pot = sum(b[2] for b in bases)
        for i, combo in enumerate(combos):
            d = [my_dice[c] for c in combo]
            mine_counts = suit_counts(combo)
            leads = leader_candidates(combo, d)
            my_total = gang_base(combo, d) + max(modifier(c, every) for c in leads)
            best, who = -99, -1
            for j, (base, lead, _) in enumerate(bases):
                t = base
                for s in range(4):
                    if mine_counts[s]:
                        t += mine_counts[s] * _versus(lead, s)
                if t > best:
                    best, who = t, j
                elif t == best:
                    who = -2
            mine_reward = sum(REWARD[c] for c in combo)
            if my_total > best:
                values[i] += pot
            elif my_total < best and who >= 0:
                values[i] -= (pot - bases[who][2] + mine_reward) / len(gangs)

    # -- leaders and tie discards ----------------------------------------------------------------
    def _gangs(self, view: dict[str, Any]) -> dict[int, dict[str, Any]]:
        return {g["seat"]: g for g in view["battle"]["gangs"]}

    def _leader(self, view: dict[str, Any], legal: list[int]) -> int:
        gangs = self._gangs(view)
        counts = [0, 0, 0, 0]
        for s, g in gangs.items():
            if s != self.seat and g["contending"]:
                for c in g["cards"]:
                    suit = SUIT[FACE_TO_ID[c["card"]]]
                    if suit >= 0:
                        counts[suit] += 1
        options = [a - act.LEADER_BASE for a in legal]
        return max(options, key=lambda c: (modifier(c, counts), -c))

    def _discard(self, view: dict[str, Any], legal: list[int]) -> int:
        """Score each discard against the tied rivals' possible discards."""
        gangs = self._gangs(view)
        tied = view["tied"]
        cards = {s: [FACE_TO_ID[c["card"]] for c in gangs[s]["cards"]] for s in gangs}
        dice = {s: [c["die"] for c in gangs[s]["cards"]] for s in gangs}
        rivals = [s for s in tied if s != self.seat]
        losers = sum(REWARD[c] for s, g in cards.items() if s not in tied for c in g)
        options = [a - act.DISCARD_BASE for a in legal]
        worlds = self._rival_discards(rivals, cards)
        best_value, best_card = None, options[0]
        for mine in options:
            value = 0.0
            for world in worlds:
                left = {s: [c for c in cards[s] if c != (mine if s == self.seat else world[s])] for s in tied}
                value += self._tie_value(left, dice, cards, losers)
            if best_value is None or value > best_value:
                best_value, best_card = value, mine
        return best_card

    def _rival_discards(self, rivals: list[int], cards: dict[int, list[int]]) -> list[dict[int, int]]:
        worlds: list[dict[int, int]] = [{}]
        for s in rivals:
            worlds = [{**w, s: c} for w in worlds for c in cards[s]]
            if len(worlds) > 81:
                worlds = self.rng.sample(worlds, 81)
        return worlds

    def _tie_value(
        self, left: dict[int, list[int]], dice: dict[int, list[int]], cards: dict[int, list[int]], losers: int
    ) -> float:
        """The bounty swing once the tied gangs are computed again (WAN-10)."""
        kept = {s: [dice[s][cards[s].index(c)] for c in left[s]] for s in left}
        own = {s: suit_counts(left[s]) for s in left}
        every = [sum(col) for col in zip(*own.values(), strict=True)]
        totals = {}
        for s in left:
            others = [a - b for a, b in zip(every, own[s], strict=True)]
            leads = leader_candidates(left[s], kept[s])
            totals[s] = gang_base(left[s], kept[s]) + max(modifier(c, others) for c in leads) if leads else 0
        top = max(totals.values())
        best = [s for s in totals if totals[s] == top]
        if len(best) > 1:
            return 0.0
        pot = losers + sum(REWARD[c] for s in left if s != best[0] for c in left[s])
        if best[0] == self.seat:
            return float(pot)
        return -float(sum(REWARD[c] for c in left[self.seat]))
