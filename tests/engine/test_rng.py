from __future__ import annotations

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
