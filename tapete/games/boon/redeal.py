"""Dealing hidden cards under suit constraints, for determinization.

When a seat fails to follow suit everyone learns it has none of that suit
(BOO-7), so a sampled world must not hand it such cards. Places are the
hands, the Boon and the buried cards; `banned[i]` is a bit mask of suits
place i may not receive.
"""

from __future__ import annotations

import random

from .cards import SUIT

GREEDY_TRIES = 8
ALL_SUITS = 0b1111


def constrained_deal(pool: list[int], sizes: list[int], banned: list[int], rng: random.Random) -> list[list[int]]:
    """Deal every card of `pool` into places of `sizes`, respecting `banned`.

    A fast randomized greedy usually succeeds; if it keeps dead-ending the
    exact deal checks Hall's condition before every placement. The true
    deal satisfies the constraints, so a solution always exists.
    """
    allowed = [[i for i in range(len(sizes)) if not banned[i] >> s & 1] for s in range(4)]
    cards = pool[:]
    for _ in range(GREEDY_TRIES):
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(allowed[SUIT[c]]))  # stable: random within each class
        dealt = _greedy(cards, sizes, allowed, rng)
        if dealt is not None:
            return dealt
    return _exact(cards, sizes, banned, allowed, rng)


def _pick(options: list[int], room: list[int], rng: random.Random) -> int:
    """A place among `options`, chosen in proportion to its free room."""
    r = rng.randrange(sum(room[i] for i in options))
    for i in options:
        r -= room[i]
        if r < 0:
            return i
    return options[-1]


def _greedy(cards: list[int], sizes: list[int], allowed: list[list[int]], rng: random.Random) -> list[list[int]] | None:
    room = sizes[:]
    dealt: list[list[int]] = [[] for _ in sizes]
    for card in cards:
        options = [i for i in allowed[SUIT[card]] if room[i]]
        if not options:
            return None
        place = _pick(options, room, rng)
        dealt[place].append(card)
        room[place] -= 1
    return dealt


def _exact(
    cards: list[int], sizes: list[int], banned: list[int], allowed: list[list[int]], rng: random.Random
) -> list[list[int]]:
    room = sizes[:]
    left = [0, 0, 0, 0]
    for card in cards:
        left[SUIT[card]] += 1
    dealt: list[list[int]] = [[] for _ in sizes]
    for card in cards:
        left[SUIT[card]] -= 1
        options = [i for i in allowed[SUIT[card]] if room[i]]
        rng.shuffle(options)
        for place in options:
            room[place] -= 1
            if _feasible(left, room, banned):
                dealt[place].append(card)
                break
            room[place] += 1
        else:
            raise RuntimeError("Boon: no deal satisfies the known voids")
    return dealt


def _feasible(left: list[int], room: list[int], banned: list[int]) -> bool:
    """Hall's condition over every set of suits still to place."""
    for suits in range(1, ALL_SUITS + 1):
        need = sum(left[s] for s in range(4) if suits >> s & 1)
        if need and need > sum(r for r, b in zip(room, banned, strict=True) if suits & ~b & ALL_SUITS):
            return False
    return True
