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
  the memory in use per table held has doubled since the last full
  collection (such garbage; or matches whose stories grew long since, as
  a full collection met early in a server's life may see), the frozen
  are handed back to the collector for one full collection, after which
  aging resumes. A server filling up with tables does not start one: at
  1,200 tables a full collection stalled every table for 1.7 s, and the
  memory in use doubles several times while a server fills. Before the
  first table the memory of start-up is the measure (`FLOOR` at least).
- the middle generation is collected after every young collection
  (CPython: after every tenth), so each object is walked there once before
  it is frozen, in short pauses. Measured at a person's pace: every second
  young collection instead of every tenth, longest pause 11 ms instead of
  30 (1,000 tables); every one instead of every second, the collector's
  time 1.0–1.3 s in 20 s instead of 1.4–1.7 and its longest pause 8–10 ms
  instead of 17–21 (1,800 tables, alternating runs). The memory in use is
  looked at every `CHECK_EVERY`th middle collection (a look walks
  pymalloc's arenas, ~0.4 ms).

The server's long-lived objects do not make garbage in cycles when they go:
a table leaving memory lets go of the helpers that point back at its runner
(`TableRunner._let_go`), and a closed socket's protocol of the hooks that
pointed back at it (`FastDeflateProtocol.connection_lost`). The blocks in
use are reported at /api/stats (`memory_blocks`).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from typing import Any

# Allocations between young collections: CPython's 700. A larger first generation (10,000, from
# when every full collection walked every table) makes the middle collection long: measured in
# process (bench_presenter, 100 tables), its longest pause 54 ms of CPU against 7 ms with 700, for
# about the same collector CPU in all once aging keeps the old generation empty.
YOUNG_THRESHOLD = 700
MIDDLE_THRESHOLD = 0  # young collections between middle ones (CPython's 10): a middle one after each young one
CHECK_EVERY = 10  # middle collections between two looks at the memory in use
GROWTH = 2.0  # memory blocks in use per table, as a multiple of those after the last full collection, that start one
FLOOR = 500_000  # never fewer blocks than this before a full collection (a small server's start-up)


class Aging:
    """A collector callback: freeze after middle collections, hand back for a full one on growth.
    `load`: the tables the process holds (the server sets it), so that growth is measured per table."""

    def __init__(self, growth: float = GROWTH, floor: int = FLOOR) -> None:
        self.growth, self.floor = growth, floor
        self.load: Callable[[], int] = lambda: 0
        self.baseline = sys.getallocatedblocks()
        self.baseline_load = 0  # the load when `baseline` was measured
        self.draining = False  # handed back: the next full collection walks them
        self.full_collections = 0
        self.middle_collections = 0
        self.check_every = CHECK_EVERY

    def allowance(self) -> float:
        """The memory blocks in use that start a full collection, at the load of now."""
        base = float(max(self.baseline, self.floor))
        load, then = self.load(), self.baseline_load
        if then > 0 and load > then:
            base = base * load / then
        return self.growth * base

    def reset(self) -> None:
        """Measure from now: the memory in use and the load it carries."""
        self.baseline = sys.getallocatedblocks()
        self.baseline_load = self.load()

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop":
            return
        generation = info["generation"]
        if generation == 2:
            self.full_collections += 1
            self.draining = False
            gc.freeze()
            self.reset()
        elif generation == 1 and not self.draining:
            gc.freeze()
            self.middle_collections += 1
            # memory in use, not the frozen objects' count: that walks them all (40 ms for 3 million);
            # this walks pymalloc's arenas (under a millisecond for a gigabyte), so not every time
            if self.middle_collections % self.check_every == 0 and sys.getallocatedblocks() > self.allowance():
                gc.unfreeze()
                self.draining = True


AGING = Aging()


def settle_gc() -> None:
    """Collect once, freeze what is alive (start-up's objects are never scanned again), and from now
    on age what survives the middle generation."""
    gc.collect()
    gc.freeze()
    _young, _middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, MIDDLE_THRESHOLD, old)
    AGING.reset()
    if AGING not in gc.callbacks:
        gc.callbacks.append(AGING)
