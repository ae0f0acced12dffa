"""Seeded randomness owned by a state.

A counter-based generator: every draw seeds a Mersenne Twister from
(seed, counter). Cloning copies two integers, the JSON form is two integers,
and a replay reproduces every shuffle. The global `random` module is never
used by the engine or the games.

The twister is `random.Random`'s C core, seeded the same way; the draws on
it (below, shuffle) are `random.Random`'s algorithms written out here. So
the numbers are exactly those `random.Random(key).randint(...)` etc. gave
(tests/engine/test_rng.py checks it), at less cost per draw (deals are
frequent in fast play), and they stay put if the standard library ever
changes those Python-level algorithms.
"""

from __future__ import annotations

from _random import Random as _Twister
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _below(twister: _Twister, n: int) -> int:
    """A uniform integer in [0, n), n > 0 (random.Random._randbelow_with_getrandbits)."""
    k = n.bit_length()
    r = twister.getrandbits(k)
    while r >= n:
        r = twister.getrandbits(k)
    return r


class Rng:
    __slots__ = ("counter", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & _MASK
        self.counter = counter

    def _next(self) -> _Twister:
        self.counter += 1
        return _Twister((self.seed << 32) ^ self.counter)

    def shuffle(self, items: MutableSequence[T]) -> None:
        twister = self._next()
        for i in range(len(items) - 1, 0, -1):
            j = _below(twister, i + 1)
            items[i], items[j] = items[j], items[i]

    def randint(self, low: int, high: int) -> int:
        if high < low:
            raise ValueError(f"empty range for randint({low}, {high})")
        return low + _below(self._next(), high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return items[_below(self._next(), len(items))]

    def dice(self, count: int, sides: int = 6) -> list[int]:
        twister = self._next()
        return [1 + _below(twister, sides) for _ in range(count)]

    def clone(self) -> Rng:
        return Rng(self.seed, self.counter)

    def to_json(self) -> list[int]:
        return [self.seed, self.counter]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        return cls(int(data[0]), int(data[1]))
