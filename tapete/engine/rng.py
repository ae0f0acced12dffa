"""Seeded randomness owned by a state.

A counter-based generator: every draw builds a `random.Random` from
(seed, counter). Cloning copies two integers, the JSON form is two integers,
and a replay reproduces every shuffle. The global `random` module is never
used by the engine or the games.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("counter", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & _MASK
        self.counter = counter

    def _next(self) -> random.Random:
        self.counter += 1
        return random.Random((self.seed << 32) ^ self.counter)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._next().shuffle(items)

    def randint(self, low: int, high: int) -> int:
        return self._next().randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return items[self._next().randrange(len(items))]

    def dice(self, count: int, sides: int = 6) -> list[int]:
        r = self._next()
        return [r.randint(1, sides) for _ in range(count)]

    def clone(self) -> Rng:
        return Rng(self.seed, self.counter)

    def to_json(self) -> list[int]:
        return [self.seed, self.counter]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        return cls(int(data[0]), int(data[1]))
