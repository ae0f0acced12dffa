"""`Presenter.seats_key` holds all that `Presenter.seats` shows.

A table's runner compares seats' keys after every message, and makes the
seats' JSON again only when the key changed (tapete/server/table/runner.py). A key
that left out something the seats show would leave every socket with stale
seats, so random tables of seats are compared here two by two: equal keys,
equal seats.
"""

from __future__ import annotations

import itertools
import random

from tapete.server.table.presenter import Presenter
from tapete.server.table.seats import SeatInfo


def random_seats(rng: random.Random, n: int) -> tuple[list[SeatInfo], list[bool]]:
    infos = []
    for index in range(n):
        kind, level = rng.choice(["human", "bot"]), rng.choice([None, "random"])
        name = rng.choice([None, "Ana", "Bot 2"])
        info = SeatInfo(index, kind, level, name, rng.choice([None, "hash"]))
        if rng.random() < 0.5:
            info.conns = {object()}  # type: ignore[arg-type]
        infos.append(info)
    return infos, [rng.random() < 0.5 for _ in range(n)]


def test_equal_keys_show_equal_seats() -> None:
    rng = random.Random(9)
    tables = [random_seats(rng, 2) for _ in range(1000)]
    shown = [
        (Presenter.seats_key(infos, flags.__getitem__), Presenter.seats(infos, flags.__getitem__))
        for infos, flags in tables
    ]
    alike = 0
    for (key_a, seats_a), (key_b, seats_b) in itertools.combinations(shown, 2):
        if key_a == key_b:
            assert seats_a == seats_b, key_a
            alike += 1
    assert alike > 50
