"""WANTED card against card, as tables the encoder's move features read
(encoding.py): the modifier one card gets from another (WAN-3), the chance
to win or tie a duel with the dice rolled (WAN-5), who has more skill; and a
Pandillas gang on the table, for a leader or a discard (WAN-9, WAN-10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tapete.engine.encoding import FLOAT

from .cards import DEC_SUIT, DEC_VALUE, FACE_TO_ID, INC_SUIT, INC_VALUE, NUM_CARDS, SKILL, SUIT
from .phases import DISCARD

C = NUM_CARDS

SKILL_A = np.array(SKILL, dtype=FLOAT)
MOD_SCALE = 10.0  # modifiers: +-2 a triggering card
TOTAL_SCALE = 40.0  # battle and gang totals
LIMIT = 2.0  # every feature lies within +-LIMIT


def clip(x: float) -> float:
    """`x` within +-LIMIT."""
    return LIMIT if x > LIMIT else -LIMIT if x < -LIMIT else x


def _gain_table() -> np.ndarray:
    """GAIN[c, u]: the modifier card c gets from one card u of another player (WAN-3)."""
    gain = np.zeros((C, C), dtype=FLOAT)
    for c in range(C):
        for u in range(C):
            s = SUIT[u]
            if s < 0:
                continue
            if INC_SUIT[c] == s:
                gain[c, u] += INC_VALUE[c]
            if DEC_SUIT[c] == s:
                gain[c, u] -= DEC_VALUE[c]
    return gain


GAIN = _gain_table()
# P(die_c - die_u = k), k = -5..5.
_DIFF = np.array([(6 - abs(k)) / 36.0 for k in range(-5, 6)])
_BEYOND = np.array([_DIFF[i + 1 :].sum() for i in range(11)])  # P(diff > k)


def _duel_tables() -> tuple[np.ndarray, np.ndarray]:
    """WIN[c, u], TIE[c, u]: card c against card u in a duel, dice rolled (WAN-5)."""
    need = (SKILL_A[None, :] + GAIN.T) - (SKILL_A[:, None] + GAIN)  # u's total minus c's, before dice
    need = need.astype(np.int64)
    win = np.where(need < -5, 1.0, np.where(need > 5, 0.0, _BEYOND[np.clip(need, -5, 5) + 5]))
    tie = np.where(np.abs(need) <= 5, _DIFF[np.clip(need, -5, 5) + 5], 0.0)
    return win.astype(FLOAT), tie.astype(FLOAT)


WIN, TIE = _duel_tables()
LOWER = (SKILL_A[None, :] < SKILL_A[:, None]).astype(FLOAT)  # LOWER[c, u]: u has less skill than c
HIGHER = LOWER.T.copy()
HARM = GAIN.T.copy()  # HARM[c, u]: the modifier card c gives card u


class GangOnTable:
    """The gang on the table, for a leader or a discard (WAN-9, WAN-10)."""

    def __init__(self, view: Mapping[str, Any], seat: int) -> None:
        battle = view["battle"] or {}
        tied = set(view["tied"]) if view["phase"] == DISCARD else None
        self.cards: dict[int, tuple[int, bool]] = {}  # card -> (die, leads now)
        self.others = [0, 0, 0, 0]  # suits of the other gangs that give modifiers
        for g in battle.get("gangs", ()):
            if not g["contending"] or (tied is not None and g["seat"] not in tied):
                continue
            for entry in g["cards"]:
                card = FACE_TO_ID[entry["card"]]
                if g["seat"] == seat:
                    self.cards[card] = (entry["die"], entry["leader"])
                elif SUIT[card] >= 0:
                    self.others[SUIT[card]] += 1

    def modifier(self, card: int) -> int:
        m = 0
        if INC_SUIT[card] >= 0:
            m += INC_VALUE[card] * self.others[INC_SUIT[card]]
        if DEC_SUIT[card] >= 0:
            m -= DEC_VALUE[card] * self.others[DEC_SUIT[card]]
        return m

    def write(self, card: int, discard: bool, row: np.ndarray, at: int) -> None:
        if card not in self.cards:
            return
        die, leads = self.cards[card]
        row[at] = clip(self.modifier(card) / MOD_SCALE)
        row[at + 1] = die / 6.0
        row[at + 2] = (SKILL[card] + die) / 14.0
        row[at + 3] = 1.0 if leads else 0.0
        base = sum(SKILL[c] + d for c, (d, _) in self.cards.items())
        if not discard:
            total = base + self.modifier(card)
        else:
            left = {c: d for c, (d, _) in self.cards.items() if c != card}
            if left:
                top = max((SKILL[c] + d, SKILL[c]) for c, d in left.items())
                leaders = [c for c, d in left.items() if (SKILL[c] + d, SKILL[c]) == top]
                total = base - SKILL[card] - die + max(self.modifier(c) for c in leaders)
            else:
                total = 0
        row[at + 4] = clip(total / TOTAL_SCALE)
