"""The arithmetic of a WANTED battle, as pure functions over card ids.

Kept apart from the turn flow so the rule tests (and the bot) can compute
totals for any cards and dice (WAN-3, WAN-5, WAN-7, WAN-9).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import DEC_SUIT, DEC_VALUE, INC_SUIT, INC_VALUE, SKILL, SUIT


def suit_counts(cards: Iterable[int]) -> list[int]:
    """How many cards of each suit (picas, corazones, tréboles, diamantes)."""
    counts = [0, 0, 0, 0]
    for c in cards:
        s = SUIT[c]
        if s >= 0:
            counts[s] += 1
    return counts


def modifier(card: int, others: Sequence[int]) -> int:
    """WAN-3: +increment for each other card of the increment suit, minus the
    decrement for each of the decrement suit; `others` are suit counts."""
    m = 0
    s = INC_SUIT[card]
    if s >= 0:
        m += INC_VALUE[card] * others[s]
    s = DEC_SUIT[card]
    if s >= 0:
        m -= DEC_VALUE[card] * others[s]
    return m


def single_battle(cards: Sequence[int], dice: Sequence[int]) -> tuple[list[int], list[int]]:
    """WAN-5, WAN-7: one card per player; every card gets its modifiers from
    every other card. Returns (modifiers, totals), aligned with `cards`."""
    counts = suit_counts(cards)
    mods: list[int] = []
    totals: list[int] = []
    for i, c in enumerate(cards):
        own = SUIT[c]
        m = 0
        s = INC_SUIT[c]
        if s >= 0:
            m += INC_VALUE[c] * (counts[s] - (s == own))
        s = DEC_SUIT[c]
        if s >= 0:
            m -= DEC_VALUE[c] * (counts[s] - (s == own))
        mods.append(m)
        totals.append(SKILL[c] + dice[i] + m)
    return mods, totals


def leader_candidates(cards: Sequence[int], dice: Sequence[int]) -> list[int]:
    """WAN-9: the cards that may lead a gang: the highest skill + die, then
    the higher skill; more than one left means the owner chooses."""
    best: tuple[int, int] | None = None
    found: list[int] = []
    for c, d in zip(cards, dice, strict=True):
        key = (SKILL[c] + d, SKILL[c])
        if best is None or key > best:
            best = key
            found = [c]
        elif key == best:
            found.append(c)
    return found


def gang_base(cards: Sequence[int], dice: Sequence[int]) -> int:
    """WAN-9: the sum of skill + die over a gang's cards."""
    return sum(SKILL[c] for c in cards) + sum(dice)


def gang_total(cards: Sequence[int], dice: Sequence[int], leader: int, others: Sequence[int]) -> int:
    """WAN-9: the gang's base plus its leader's modifiers from `others`, the
    suit counts of every card of every other (contending) gang."""
    if not cards:
        return 0
    return gang_base(cards, dice) + modifier(leader, others)


def minus(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [x - y for x, y in zip(a, b, strict=True)]
