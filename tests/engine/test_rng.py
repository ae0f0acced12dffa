from __future__ import annotations

import random

import pytest

from tapete.engine import Rng


def test_same_seed_same_draws_and_clone_continues_identically() -> None:
    a, b = Rng(42), Rng(42)
    deck_a, deck_b = list(range(20)), list(range(20))
    a.shuffle(deck_a)
    b.shuffle(deck_b)
    assert deck_a == deck_b
    c = a.clone()
    assert [a.randint(1, 6) for _ in range(10)] == [c.randint(1, 6) for _ in range(10)]


def test_json_round_trip_resumes_the_stream() -> None:
    a = Rng(7)
    a.dice(3)
    b = Rng.from_json(a.to_json())
    assert a.dice(5) == b.dice(5)


def test_different_seeds_differ() -> None:
    assert [Rng(1).randint(0, 10**9) for _ in range(3)] != [Rng(2).randint(0, 10**9) for _ in range(3)]


def _stdlib(rng: Rng) -> random.Random:
    """The generator the next draw of `rng` uses, as random.Random."""
    return random.Random((rng.seed << 32) ^ (rng.counter + 1))


def test_draws_are_exactly_random_random_s() -> None:
    """Replays of old records depend on every draw: each is the one
    random.Random seeded with (seed, counter) gives."""
    widths = [1, 2, 3, 6, 7, 52, 54, 106, 2**31 - 1, 2**32, 2**32 + 1, 2**63, 10**30 + 7]
    for seed in [0, 1, 42, 2**63 + 5, 2**64 - 1]:
        rng = Rng(seed)
        for width in widths:
            expected = _stdlib(rng).randint(-3, width - 4)
            assert rng.randint(-3, width - 4) == expected
            items = list(range(width % 60 + 1))
            chosen = items[_stdlib(rng).randrange(len(items))]
            assert rng.choice(items) == chosen
            ours, theirs = list(items), list(items)
            _stdlib(rng).shuffle(theirs)
            rng.shuffle(ours)
            assert ours == theirs
            mirror = _stdlib(rng)
            assert rng.dice(7, 6) == [mirror.randint(1, 6) for _ in range(7)]
            mirror = _stdlib(rng)
            assert rng.dice(3, width % 20 + 1) == [mirror.randint(1, width % 20 + 1) for _ in range(3)]


def test_empty_ranges_raise() -> None:
    with pytest.raises(ValueError):
        Rng(1).randint(3, 2)
    with pytest.raises(IndexError):
        Rng(1).choice([])
