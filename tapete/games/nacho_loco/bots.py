"""A heuristic Nacho Loco player that sees only its observation.

It rebuilds the field from the view and scores every legal placement:
shedding a card, matching 2 or 3 segments (everyone else draws), matching
an action, closing the field (gifts and the first play of the next field).
It likes placements after which its other cards still fit somewhere. When
an opponent is down to one card it prefers the placements that leave the
fewest unseen designs anything to fit, as the rulebook advises, and it sends
Opponent Draws 3 to whoever is closest to going out.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tapete.engine import Bot, Decision, Observation

from . import actions as act
from .cards import CARD_DESIGN, CLOSER, DRAW3, GO_AGAIN, NUM_CARDS, SKIP_NEXT, TOKEN_DESIGN
from .geometry import FIT_TABLES, Field, FitTable, cell_id, matched_actions

SHED = 1.0  # one card fewer in hand
PER_DRAW = 0.6  # an opponent draws one card
EFFECT = {GO_AGAIN: 0.9, SKIP_NEXT: 0.5, DRAW3: 3 * PER_DRAW}
FIRST_PLAY = 0.8  # the closer starts the next field
THREAT = 3.0  # weight of what an opponent's last card could still fit
FOLLOW_UP = 0.7  # weight of the share of our other cards that would still fit


class NachoLocoBot(Bot):
    name = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, obs: Observation) -> Decision | None:
        legal = obs.legal
        if not legal:
            return None
        if len(legal) == 1:
            return Decision(legal[0])
        view = obs.view
        if act.is_target(legal[0]):
            return Decision(self._target(view, legal))
        places = [a for a in legal if act.is_place(a)]
        if not places:
            return Decision(legal[0])
        return Decision(self._best_place(view, places))

    @staticmethod
    def _target(view: dict[str, Any], legal: list[int]) -> int:
        """Opponent Draws 3 goes to whoever is closest to going out."""
        sizes, scores = view["hand_sizes"], view["scores"]
        return min(legal, key=lambda a: (sizes[a - act.TARGET], -scores[a - act.TARGET]))

    def _best_place(self, view: dict[str, Any], places: list[int]) -> int:
        position = _Position(view)
        best, best_score = places[0], float("-inf")
        for action in places:
            score = position.score(action) + self.rng.random() * 1e-3
            if score > best_score:
                best, best_score = action, score
        return best


class _Position:
    """The field and what the bot knows, rebuilt from its view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.table = FIT_TABLES[bool(view["all_contacts_must_match"])]
        placed = [(cell_id(*c["cell"]), TOKEN_DESIGN[c["card"]], c["rotation"]) for c in view["field"]]
        self.field = Field.from_cells(placed)
        self.hand = [TOKEN_DESIGN[t] for t in view["hand"]]
        sizes = view["hand_sizes"]
        self.players = len(sizes)
        self.others = self.players - 1
        threatened = any(n == 1 for s, n in enumerate(sizes) if s != view["seat"])
        self.unseen = _unseen_designs(view) if threatened else Counter()

    def score(self, action: int) -> float:
        slot, design, rotation = act.unplace(action)
        if design == CLOSER:
            return SHED + self.others * PER_DRAW + FIRST_PLAY
        cell = self.field.slots()[slot]
        pattern = self.field.open[cell]
        matched = self.table.matches(pattern, design, rotation)
        score = SHED + (matched - 1) * self.others * PER_DRAW
        for effect in matched_actions(pattern, design, rotation):
            score += EFFECT[effect] * (2 if effect == SKIP_NEXT and self.players == 2 else 1)
        after = self.field.clone()
        after.place(cell, design, rotation)
        if after.is_dead(self.table):
            return score + self.others * PER_DRAW + FIRST_PLAY
        live = _live_designs(after, self.table)
        rest = list(self.hand)
        rest.remove(design)
        if rest:
            score += FOLLOW_UP * sum(1 for d in rest if d in live) / len(rest)
        if self.unseen:
            total = sum(self.unseen.values())
            score -= THREAT * sum(n for d, n in self.unseen.items() if d in live) / total
        return score


def _unseen_designs(view: dict[str, Any]) -> Counter[int]:
    """Designs of the cards this seat has not seen (pile and other hands)."""
    unseen = Counter(CARD_DESIGN[c] for c in range(NUM_CARDS))
    seen = [*view["hand"], *view["cleared"], *(c["card"] for c in view["field"])]
    unseen.subtract(TOKEN_DESIGN[t] for t in seen)
    return +unseen


def _live_designs(field: Field, table: FitTable) -> set[int]:
    """Designs that would fit somewhere on this field."""
    live: set[int] = set()
    for pattern in set(field.open.values()):
        live.update(table.fits(pattern))
    return live
