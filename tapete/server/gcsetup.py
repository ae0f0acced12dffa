"""The garbage collector of a server process, set once the server is ready.

A turn of the event loop that runs a collection stalls every table of the
process for as long as the collection takes, and a full collection walks
every object the collector tracks: every table's state, bots, kept log and
sockets. Measured at a person's pace, one process, 800 tables (3,200
sockets): one full collection of 770–910 ms every 30 s or so — the p99 of
every person's move in the process.

CPython starts a full collection once the objects that grew old since the
last one pass a quarter of the old generation. Here, once the server is
ready:

- `gc.freeze()` moves the objects alive at start-up out of the
  collector's sight;
- after each collection of the middle generation, what survived it is
  frozen too (`Aging`): the old generation stays nearly empty, so the
  collector walks only young objects;
- frozen objects are still freed by reference counting the moment nothing
  holds them; only garbage in reference cycles among them stays. So when
  the frozen objects have doubled since the last full collection (a server
  filling up, or such garbage), they are handed back to the collector for
  one full collection, after which aging resumes: full collections happen
  when the long-lived objects double rather than grow by a quarter, and in
  a steady state not at all.

The server's long-lived objects do not make garbage in cycles when they go:
a table leaving memory lets go of the helpers that point back at its runner
(`TableRunner._let_go`), and a closed socket's protocol of the hooks that
pointed back at it (`FastDeflateProtocol.connection_lost`). What is frozen
is reported at /api/stats (`gc_frozen`).
"""

from __future__ import annotations

import gc
from typing import Any

YOUNG_THRESHOLD = 10_000  # allocations between young collections (CPython's default: 700)
GROWTH = 2.0  # frozen objects, as a multiple of those after the last full collection, that start one
FLOOR = 200_000  # never fewer than this before a full collection (a small server's start-up)


class Aging:
    """A collector callback: freeze after middle collections, hand back for a full one on growth."""

    def __init__(self, growth: float = GROWTH, floor: int = FLOOR) -> None:
        self.growth, self.floor = growth, floor
        self.baseline = gc.get_freeze_count()
        self.draining = False  # handed back: the next full collection walks them
        self.full_collections = 0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop":
            return
        generation = info["generation"]
        if generation == 2:
            self.full_collections += 1
            self.draining = False
            gc.freeze()
            self.baseline = gc.get_freeze_count()
        elif generation == 1 and not self.draining:
            gc.freeze()
            if gc.get_freeze_count() > self.growth * max(self.baseline, self.floor):
                gc.unfreeze()
                self.draining = True


AGING = Aging()


def settle_gc() -> None:
    """Collect once, freeze what is alive (start-up's objects are never scanned again), make young
    collections rarer, and from now on age what survives the middle generation."""
    gc.collect()
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    AGING.baseline = gc.get_freeze_count()
    if AGING not in gc.callbacks:
        gc.callbacks.append(AGING)
