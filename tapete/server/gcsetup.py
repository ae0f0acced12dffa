"""The garbage collector of a server process, set once the server is ready.

A turn of the event loop that runs a collection stalls every table of the
process for as long as the collection takes, and a full collection walks
every object the collector tracks: every table's state, bots, kept log and
sockets. Measured at a person's pace, one process, 800 tables (3,200
sockets): one full collection of 770–910 ms every 30 s or so, middle ones
up to 160 ms — the p99 of every person's move in the process.

So the collector only ever looks at young objects:

- `gc.freeze()` moves the objects alive at start-up out of its sight, and
  a larger first generation runs the young collections an action's views
  set off less often;
- after each collection of the middle generation, what survived it is
  frozen too (`age_out`): the old generation stays nearly empty, and a
  full collection walks only what grew old since the last one.

Frozen objects are still freed by reference counting the moment nothing
holds them; only garbage in reference cycles among them would stay. The
server's long-lived objects do not make such garbage: a table leaving
memory lets go of the helpers that point back at its runner
(`TableRunner._let_go`), and a closed socket's protocol drops the hooks
that pointed back at it (`FastDeflateProtocol.connection_lost`). What is
frozen is reported at /api/stats (`gc_frozen`), so growth would show.
"""

from __future__ import annotations

import gc
from typing import Any

YOUNG_THRESHOLD = 10_000  # allocations between young collections (CPython's default: 700)


def settle_gc() -> None:
    """Collect once, freeze what is alive (start-up's objects are never scanned again), make young
    collections rarer, and from now on freeze what survives each middle collection."""
    gc.collect()
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    if age_out not in gc.callbacks:
        gc.callbacks.append(age_out)


def age_out(phase: str, info: dict[str, Any]) -> None:
    """After a collection of the middle generation: its survivors (and the old generation, nearly
    empty) leave the collector's sight. The young generations are empty just then."""
    if phase == "stop" and info["generation"] == 1:
        gc.freeze()
