"""Bacan's heuristic player.

It sees only what a person at its seat sees: its legal actions and the
events addressed to it. From the events it keeps its own picture of every
row (the faces it has seen, following each card as slots move), of the
discard pile and of the scores, so it plays the same under both memory
options. It swaps high cards for low ones, mirrors what it knows (with a
human-like reaction time), uses powers where they help and calls Bacan when
its known total is low enough to win. Taking over a seat mid-round (a
stand-in, a search rollout), it starts from the seat's view: what the view
does not show, it treats as unseen.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from tapete.engine import Bot, Decision, Event, Observation

from . import actions as act
from .cards import COMODIN, FACE_RANK, FACE_VALUE, JOKER_FACE, VALUE
from .memory import HOLE, BacanMemory

# The lowest total a row of k cards can have (k = 0..MAX_ROW).
MIN_ROW = [sum(sorted(VALUE)[:k]) for k in range(act.MAX_ROW + 1)]
# Own turns in one round after which it calls whatever it holds: in
# heuristic play rounds last at most about 26 turns a seat.
PATIENCE = 60
HOPELESS_PATIENCE = 20


class BacanBot(Bot):
    """Remembers, swaps high for low, mirrors what it knows, calls when low."""

    name = "heuristic"

    # A comodín in its row is worth using (BAC-20) for an Intercambio that
    # takes at least this many points off its row (its worst card for a low
    # one of another's), counting the -1 it gives up. Two in play ask more:
    # the spent comodín left on the pile is the very opponent's to take.
    # (Measured against the same bot without it: docs/research.md.)
    row_exchange_gain = 7.0
    duel_exchange_gain = 9.0
    safe_exchange_gain = 4.0

    def __init__(
        self, rng: random.Random, reaction: float = 0.8, peek_count: int = 2, joker_powers: bool = True
    ) -> None:
        self.rng = rng
        self.reaction = reaction
        self.peek_count = peek_count
        self.joker_powers = joker_powers  # False: never a comodín's power from its row (for comparisons)

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        self.memory = BacanMemory(seat, num_players)
        self.space = act.action_space(num_players)
        self.by_points = options.mirror_match == "points"
        self.plan: tuple[int, int] | None = None  # second pick of an Intercambio

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            self.memory.observe(event)

    # -- deciding ---------------------------------------------------------------
    def decide(self, obs: Observation) -> Decision | None:
        legal = obs.legal
        if not legal:
            return None
        self._catch_up(obs)
        table = self.space.table
        kinds = {table[a][0] for a in legal}
        allowed = set(legal)
        action: int | None
        if act.DEAL in kinds:
            action = self.space.encode(act.DEAL, self.peek_count)
        elif act.PEEK in kinds:
            action = self.rng.choice(legal)
        elif act.GIVE in kinds:
            action = self.space.encode(act.GIVE, self._give_slot())
        elif act.MIRROR in kinds or act.CALL in kinds or act.DRAW_DECK in kinds:
            claim = self._mirror_claim(allowed)
            if claim is not None:
                return Decision(claim, self._reaction_time())
            if not obs.required:
                return None
            action = self._turn_start(allowed)
        else:
            action = self._with_held(allowed, kinds)
        if action not in allowed:  # a memory slip must never become an illegal move
            action = self.rng.choice(legal)
        return Decision(action, self.rng.uniform(0.5, 1.5))

    def _catch_up(self, obs: Observation) -> None:
        """Read the view for what the events did not tell: the whole table
        when it took over mid-round, the top of a pile it never saw built."""
        mem = self.memory
        if not mem.synced:
            mem.sync(obs.view)
            self.plan = None
        elif mem.pile and mem.pile[-1][0] is None:
            view = obs.view
            mem.pile[-1] = (view["discard_top"], bool(view["discard_top_spent"]))

    def _reaction_time(self) -> float:
        """Seconds to slap a mirror down: lognormal around `reaction`, kept
        within human bounds."""
        return min(3.0, max(0.25, self.rng.lognormvariate(math.log(self.reaction), 0.35)))

    def _matches(self, face: str, top: str) -> bool:
        if self.by_points:
            return FACE_VALUE[face] == FACE_VALUE[top]
        return FACE_RANK[face] == FACE_RANK[top]

    def _mirror_claim(self, allowed: set[int]) -> int | None:
        """A mirror of a card it knows matches the live top (BAC-21)."""
        mem = self.memory
        if not mem.pile:
            return None
        top = mem.pile[-1][0]
        if top is None:
            return None
        own = mem.rows[self.seat]
        best: tuple[int, int] | None = None
        for slot, face in enumerate(own):
            if face is not None and face != HOLE and self._matches(face, top) and FACE_VALUE[face] > 0:
                action = self.space.encode(act.MIRROR, slot)
                if action in allowed and (best is None or FACE_VALUE[face] > best[0]):
                    best = (FACE_VALUE[face], action)
        if best is not None:
            return best[1]
        if not own or self._give_value() <= 0:
            return None
        for target in self._others_shuffled():
            for slot, face in enumerate(mem.rows[target]):
                if face is not None and face != HOLE and self._matches(face, top):
                    action = self.space.encode(act.MIRROR_OTHER, target, slot)
                    if action in allowed:
                        return action
        return None

    def _others_shuffled(self, key: Callable[[int], float] | None = None) -> list[int]:
        """The other seats in a random order (stably sorted by `key` if
        given): ties must not always fall on the same seat."""
        others = [s for s in range(self.num_players) if s != self.seat]
        self.rng.shuffle(others)
        if key is not None:
            others.sort(key=key)
        return others

    def _give_slot(self) -> int:
        """The slot to give after a right espejo ajeno: its worst card."""
        return self._worst_slot(self.memory.mean_unseen())[0]

    def _give_value(self) -> float:
        return self._worst_slot(self.memory.mean_unseen())[1]

    def _worst_slot(self, mean: float) -> tuple[int, float]:
        """(slot, value) of the own card it would most like to be rid of;
        an unknown slot counts as the mean of the unseen cards."""
        best = (0, -math.inf)
        for slot, face in enumerate(self.memory.rows[self.seat]):
            if face == HOLE:
                continue
            value = FACE_VALUE[face] if face is not None else mean
            if value > best[1]:
                best = (slot, value)
        return best

    def _turn_start(self, allowed: set[int]) -> int:
        mem = self.memory
        space = self.space
        mean = mem.mean_unseen()
        if self._should_call(mean):
            return space.encode(act.CALL)
        joker = self._row_joker(allowed, mean)
        if joker is not None:
            return joker
        take = space.encode(act.DRAW_DISCARD)
        if take in allowed and mem.pile:
            face, spent = mem.pile[-1]
            if face is not None:
                value = FACE_VALUE[face]
                _, worst = self._worst_slot(mean)
                if (face == JOKER_FACE and not spent) or (value <= 3 and worst - value >= 3):
                    return take
        return space.encode(act.DRAW_DECK)

    def _row_joker(self, allowed: set[int], mean: float) -> int | None:
        """BAC-20: bring out a fresh comodín of its row, instead of drawing,
        for an Intercambio that gains enough: its worst card for a low card
        it knows (an unknown one would stop it calling until seen)."""
        if not self.joker_powers:
            return None
        mem = self.memory
        for slot, face in enumerate(mem.rows[self.seat]):
            action = self.space.encode(act.ROW_JOKER, slot)
            if face == JOKER_FACE and mem.fresh[self.seat][slot] and action in allowed:
                plan = self._exchange_plan(mean, known_only=True)
                return action if plan is not None and plan[2] - 1 >= self._row_gain_needed() else None
        return None

    def _row_gain_needed(self) -> float:
        """What a trade must gain: less while the next player may not take
        the spent comodín from the pile yet (BAC-12, its first lap)."""
        mem = self.memory
        n = self.num_players
        nxt = next((s % n for s in range(self.seat + 1, self.seat + n) if mem.in_play[s % n]), self.seat)
        if mem.turns[nxt] < self.options.discard_draw_from_lap - 1:
            return self.safe_exchange_gain
        return self.duel_exchange_gain if sum(mem.in_play) <= 2 else self.row_exchange_gain

    def _should_call(self, mean: float) -> bool:
        """BAC-24..26: call when every own card is known and the total is
        low and below what the others probably hold. A round nobody ends
        never ends, so a seat that can only fail calls once failing costs
        it no more than the others hold, or once the round drags on."""
        mem = self.memory
        own = mem.rows[self.seat]
        if mem.turns[self.seat] >= PATIENCE:
            return True
        if mem.penalty_points[self.seat] + MIN_ROW[len(own)] > 5:  # BAC-27 is the only outcome left
            total = mem.estimate(self.seat, mean) + mean  # its row and a penalty card
            others = [mem.estimate(s, mean) for s in range(self.num_players) if s != self.seat and mem.in_play[s]]
            return mem.turns[self.seat] >= HOPELESS_PATIENCE or all(total <= other for other in others)
        if any(face is None for face in own):
            return False
        if len(own) == 3 and all(face == JOKER_FACE for face in own) and not mem.penalty_points[self.seat]:
            return True  # BAC-25 Super Bacan
        total = mem.estimate(self.seat, mean)
        if total > 5:
            return False
        others = [mem.estimate(s, mean) for s in range(self.num_players) if s != self.seat and mem.in_play[s]]
        margin = 0.0 if total <= 0 else 2.0
        return all(total < other - margin for other in others)

    def _with_held(self, allowed: set[int], kinds: set[int]) -> int:
        mem = self.memory
        space = self.space
        mean = mem.mean_unseen()
        if act.EXCHANGE in kinds and mem.exchange_first is not None:  # the second pick
            plan, self.plan = self.plan, None
            return space.encode(act.EXCHANGE, *plan) if plan is not None else self._exchange_second(allowed, mean)
        held = mem.held
        slot, worst = self._worst_slot(mean)
        can_swap = act.SWAP in kinds
        if held is None:  # should not happen; play safe
            return space.encode(act.DISCARD) if act.DISCARD in kinds else next(iter(sorted(allowed)))
        value = FACE_VALUE[held]
        if FACE_RANK[held] == COMODIN and can_swap:
            return space.encode(act.SWAP, slot)  # a -1 in the row beats any power
        if FACE_RANK[held] == COMODIN and act.EXCHANGE in kinds:  # brought out of its row for this
            trade = self._exchange_plan(mean, known_only=True)
            if trade is not None:
                self.plan = trade[1]
                return space.encode(act.EXCHANGE, *trade[0])
        power = self._power_move(kinds, held, mean)
        if power is not None:
            return power
        if can_swap:
            twin = self._own_twin(held)
            if act.DISCARD in kinds and twin is not None and FACE_VALUE[twin[1]] >= worst - value:
                return space.encode(act.DISCARD)  # then self-mirror the twin
            known_worst = self._worst_known()
            if known_worst is not None and known_worst[1] > value:
                return space.encode(act.SWAP, known_worst[0])
            unknown = self._unknown_slot()
            if unknown is not None and value < mean - 1:
                return space.encode(act.SWAP, unknown)
            if act.DISCARD not in kinds:
                return space.encode(act.SWAP, slot)
        if act.DISCARD in kinds:
            return space.encode(act.DISCARD)
        return min(allowed)

    def _own_twin(self, held: str) -> tuple[int, str] | None:
        for slot, face in enumerate(self.memory.rows[self.seat]):
            if face is not None and face != HOLE and FACE_VALUE[face] > 0 and self._matches(face, held):
                return slot, face
        return None

    def _worst_known(self) -> tuple[int, int] | None:
        best: tuple[int, int] | None = None
        for slot, face in enumerate(self.memory.rows[self.seat]):
            if face is not None and face != HOLE and (best is None or FACE_VALUE[face] > best[1]):
                best = (slot, FACE_VALUE[face])
        return best

    def _unknown_slot(self) -> int | None:
        for slot, face in enumerate(self.memory.rows[self.seat]):
            if face is None:
                return slot
        return None

    def _power_move(self, kinds: set[int], held: str, mean: float) -> int | None:
        """The most useful power of the held card, or None to keep/discard it."""
        space = self.space
        mem = self.memory
        me = self.seat
        unknown = self._unknown_slot()
        if act.SECRET in kinds and unknown is not None:
            return space.encode(act.SECRET, unknown)
        if act.EXCHANGE in kinds:
            plan = self._exchange_plan(mean)
            if plan is not None and plan[2] >= 3:
                first, second, _ = plan
                self.plan = second
                return space.encode(act.EXCHANGE, *first)
        if act.PLUS_ONE in kinds:
            targets = [
                s for s in range(self.num_players) if s != me and mem.in_play[s] and len(mem.rows[s]) < act.MAX_ROW
            ]
            if targets:
                target = min(targets, key=lambda s: (mem.estimate(s, mean), self.rng.random()))
                return space.encode(act.PLUS_ONE, target)
        if act.SPY in kinds:
            for s in self._others_shuffled(key=lambda s: mem.estimate(s, mean)):
                if s == me:
                    continue
                for slot, face in enumerate(mem.rows[s]):
                    if face is None:
                        return space.encode(act.SPY, s, slot)
        return None

    def _exchange_second(self, allowed: set[int], mean: float) -> int:
        """The second pick of an Intercambio it did not plan (it took over
        after the first): its worst card if the first is another's, else
        the lowest card it can take."""
        mem = self.memory
        first = mem.exchange_first
        picks = [a for a in sorted(allowed) if self.space.table[a][0] == act.EXCHANGE]
        mine = first is not None and first[0] == self.seat

        def worth(action: int) -> float:
            _, seat, slot = self.space.table[action]
            face = mem.rows[seat][slot] if slot < len(mem.rows[seat]) else None
            value = FACE_VALUE[face] if face is not None and face != HOLE else mean
            return -value if mine or seat != self.seat else value

        return max(picks, key=lambda a: (worth(a), self.rng.random()))

    def _exchange_plan(
        self, mean: float, known_only: bool = False
    ) -> tuple[tuple[int, int], tuple[int, int], float] | None:
        """Give away its worst known card for another's lowest card (known,
        or an unknown one counted as the mean): the two picks and the gain."""
        mem = self.memory
        me = self.seat
        worst = self._worst_known()
        if worst is None:
            return None
        best: tuple[float, int, int] | None = None
        for s in self._others_shuffled():
            for slot, face in enumerate(mem.rows[s]):
                if face == HOLE or (face is None and known_only):
                    continue
                value = FACE_VALUE[face] if face is not None else mean
                if best is None or value < best[0]:
                    best = (value, s, slot)
        if best is None:
            return None
        return (me, worst[0]), (best[1], best[2]), worst[1] - best[0]
