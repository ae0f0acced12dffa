"""The one pool-shuffle-deal of determinize (engine/fields.py): places keep
their sizes, nothing is lost or doubled, and every card may land anywhere
with equal chance."""

from __future__ import annotations

import random
from collections import Counter

from tapete.engine import redeal, redeal_slots


def test_redeal_keeps_each_place_size_and_the_cards() -> None:
    hand, commits, deck = [1, 2, 3], [4], [5, 6, 7, 8, 9]
    redeal([hand, commits, deck], random.Random(3))
    assert (len(hand), len(commits), len(deck)) == (3, 1, 5)
    assert sorted(hand + commits + deck) == list(range(1, 10))


def test_redeal_slots_moves_only_the_slots_and_says_who_took_whose_place() -> None:
    row, deck = [10, 11, 12, 13], [20, 21]
    slots = [(row, 1), (row, 3), (deck, 0)]
    moves = redeal_slots(slots, random.Random(5))
    assert (row[0], row[2], deck[1]) == (10, 12, 21)  # known positions stay
    assert [old for old, _ in moves] == [11, 13, 20]
    assert [new for _, new in moves] == [row[1], row[3], deck[0]]
    assert sorted(new for _, new in moves) == [11, 13, 20]


def test_every_card_lands_in_every_slot_equally_often() -> None:
    """Uniform: over 6,000 deals each of 4 cards sits in each of 4 slots
    about 1,500 times (a binomial's standard deviation is about 34)."""
    rng = random.Random(7)
    seen: Counter[tuple[int, int]] = Counter()
    for _ in range(6_000):
        small, large = [0], [1, 2, 3]
        redeal([small, large], rng)
        seen.update((slot, card) for slot, card in enumerate(small + large))
    assert all(abs(seen[slot, card] - 1_500) < 5 * 34 for slot in range(4) for card in range(4))
