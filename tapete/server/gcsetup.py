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
  collector's sight; young collections keep CPython's threshold, so that a
  middle collection (ten young ones' survivors) stays short;
- after each collection of the middle generation, what survived it is
  frozen too (`Aging`): the old generation stays nearly empty, so the
  collector walks only young objects;
- frozen objects are still freed by reference counting the moment nothing
  holds them; only garbage in reference cycles among them stays. So when
  the memory in use has doubled since the last full collection (a server
  filling up, or such garbage), the frozen are handed back to the collector
  for one full collection, after which aging resumes: full collections
  happen when the long-lived objects double rather than grow by a quarter,
  and in a steady state not at all.

The server's long-lived objects do not make garbage in cycles when they go:
a table leaving memory lets go of the helpers that point back at its runner
(`TableRunner._let_go`), and a closed socket's protocol of the hooks that
pointed back at it (`FastDeflateProtocol.connection_lost`). The blocks in
use are reported at /api/stats (`memory_blocks`).
"""

from __future__ import annotations

import gc
import sys
from typing import Any

# Allocations between young collections: CPython's 700. A larger first generation (10,000, from
# when every full collection walked every table) makes the middle collection long: measured in
# process (bench_presenter, 100 tables), its longest pause 54 ms of CPU against 7 ms with 700, for
# about the same collector CPU in all once aging keeps the old generation empty.
YOUNG_THRESHOLD = 700
GROWTH = 2.0  # memory blocks in use, as a multiple of those after the last full collection, that start one
FLOOR = 500_000  # never fewer blocks than this before a full collection (a small server's start-up)


class Aging:
    """A collector callback: freeze after middle collections, hand back for a full one on growth."""

    def __init__(self, growth: float = GROWTH, floor: int = FLOOR) -> None:
        self.growth, self.floor = growth, floor
        self.baseline = sys.getallocatedblocks()
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
            self.baseline = sys.getallocatedblocks()
        elif generation == 1 and not self.draining:
            gc.freeze()
            # memory in use, not the frozen objects' count: that walks them all (40 ms for 3 million);
            # this walks pymalloc's arenas (under a millisecond for a gigabyte)
            if sys.getallocatedblocks() > self.growth * max(self.baseline, self.floor):
                gc.unfreeze()
                self.draining = True


AGING = Aging()


def settle_gc() -> None:
    """Collect once, freeze what is alive (start-up's objects are never scanned again), and from now
    on age what survives the middle generation."""
    gc.collect()
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    AGING.baseline = sys.getallocatedblocks()
    if AGING not in gc.callbacks:
        gc.callbacks.append(AGING)
