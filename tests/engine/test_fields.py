"""The one pool-shuffle-deal of determinize (engine/fields.py): places keep
their sizes, nothing is lost or doubled, and every card may land anywhere
with equal chance."""

from __future__ import annotations

import random
from collections import Counter

from tapete.engine import redeal


def test_redeal_keeps_each_place_size_and_the_cards() -> None:
    hand, commits, deck = [1, 2, 3], [4], [5, 6, 7, 8, 9]
    assert redeal([hand, commits, deck], random.Random(3)) == []
    assert (len(hand), len(commits), len(deck)) == (3, 1, 5)
    assert sorted(hand + commits + deck) == list(range(1, 10))


def test_slots_move_alone_and_say_what_was_dealt_there() -> None:
    row, deck = [10, 11, 12, 13], [20, 21]
    dealt = redeal([deck], random.Random(5), [(row, 1), (row, 3)])
    assert (row[0], row[2]) == (10, 12)  # the known positions stay
    assert dealt == [row[1], row[3]]
    assert sorted([*deck, *dealt]) == [11, 13, 20, 21]


def test_every_card_lands_in_every_slot_equally_often() -> None:
    """Uniform: over 6,000 deals each of 4 cards sits in each of 4 positions
    about 1,500 times (a binomial's standard deviation is about 34)."""
    rng = random.Random(7)
    seen: Counter[tuple[int, int]] = Counter()
    for _ in range(6_000):
        small, large, row = [0], [1, 2], [3, 9]
        redeal([small, large], rng, [(row, 0)])
        seen.update((slot, card) for slot, card in enumerate([*small, *large, row[0]]))
    assert all(abs(seen[slot, card] - 1_500) < 5 * 34 for slot in range(4) for card in range(4))
