"""The table server with a memory probe: where does its resident memory go?

    python bench/memprobe.py --out mem.jsonl [--every 15] [--trim-every 0] [--tracemalloc 0] \\
        -- --port 8765 --db-url sqlite:///... [any `python -m tapete.server` flag]

Runs `python -m tapete.server` with the given flags and a sampling thread that
writes one JSON line every --every seconds:

- `rss_mb`, `anon_mb`: the process's resident memory, and the anonymous part
  of it (heaps, arenas, stacks: what can grow);
- `malloc`: glibc's `mallinfo2()` summed over every arena: `heap_mb` (arena:
  obtained with brk/mmap for the heaps), `mmapped_mb` (hblkhd: large blocks
  mapped one by one), `in_use_mb` (uordblks: handed out and not freed),
  `free_mb` (fordblks: freed but kept by the allocator), `top_mb` (keepcost:
  what a trim can give back from the top of the main heap);
- `pymalloc`: Python's small-object allocator (its arenas are mapped
  directly, not through malloc): `arenas_mb` and `blocks_mb` (in use), from
  `sys._debugmallocstats()` (which says nothing under --tracemalloc);
- `objects`: live objects the garbage collector tracks, and `gc` its
  collection counts per generation;
- `tables`: the table runners in memory by game and status, with the
  actions their records hold (what a table's memory grows with);
- with --tracemalloc N: `traced_mb` (bytes Python allocated and still holds)
  and, against the first sample after --baseline seconds, the N allocation
  sites that grew most;
- with --trim-every S: `malloc_trim(0)` every S seconds, its duration
  (`trim_ms`) and the RSS right after it.

Memory held by Python objects shows in `pymalloc.blocks_mb`, `traced_mb` and
`malloc.in_use_mb`; memory the allocator keeps after it was freed shows in
`malloc.free_mb` (and in `pymalloc.arenas_mb` - `blocks_mb`). Point
bench/bench_soak.py at the server with `--url`, `--db-url` and `--server-pid`.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import ctypes.util
import gc
import json
import os
import re
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any, TextIO

MB = 1024 * 1024


class MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def libc() -> Any:
    return ctypes.CDLL(ctypes.util.find_library("c"))


def proc_status() -> dict[str, float]:
    found = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "RssAnon"):
            found[key] = int(value.split()[0]) / 1024
    return found


def mallinfo(c: Any) -> dict[str, float]:
    c.mallinfo2.restype = MallInfo2
    m = c.mallinfo2()
    return {
        "heap_mb": m.arena / MB,
        "mmapped_mb": m.hblkhd / MB,
        "in_use_mb": m.uordblks / MB,
        "free_mb": m.fordblks / MB,
        "top_mb": m.keepcost / MB,
        "mmapped_blocks": m.hblks,
    }


PYMALLOC = {
    "arenas": re.compile(r"^(\d+) arenas \* (\d+) bytes/arena"),
    "blocks": re.compile(r"^# bytes in allocated blocks\s+=\s+([\d,]+)"),
}


def pymalloc_stats() -> dict[str, float]:
    """Parse `sys._debugmallocstats()` (it writes to the C stderr, borrowed here for a moment)."""
    with tempfile.TemporaryFile("w+") as out:
        sys.stderr.flush()
        saved = os.dup(2)
        try:
            os.dup2(out.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        text = out.read()
    found: dict[str, float] = {}
    for line in text.splitlines():
        if m := PYMALLOC["arenas"].match(line):
            found["arenas_mb"] = int(m.group(1)) * int(m.group(2)) / MB
        elif m := PYMALLOC["blocks"].match(line):
            found["blocks_mb"] = int(m.group(1).replace(",", "")) / MB
    return found


def census(objects: list[Any]) -> dict[str, list[int]]:
    """Table runners in memory: `game/status` -> [tables, actions held]."""
    from tapete.server.table.runner import TableRunner

    found: dict[str, list[int]] = {}
    for obj in objects:
        if type(obj) is TableRunner:
            entry = found.setdefault(f"{obj.game.id}/{obj.status}", [0, 0])
            entry[0] += 1
            entry[1] += obj.version
    return dict(sorted(found.items()))


def growth(base: tracemalloc.Snapshot, now: tracemalloc.Snapshot, top: int) -> list[str]:
    """The `top` allocation sites (with their callers, as deep as traced) that grew most since `base`."""
    stats = now.compare_to(base, "traceback")
    return [
        f"{s.size_diff / 1024:+.0f} KiB {s.count_diff:+d} blocks: "
        + " <- ".join(f"{'/'.join(f.filename.split('/')[-2:])}:{f.lineno}" for f in reversed(s.traceback))
        for s in stats[:top]
    ]


def probe(args: argparse.Namespace, out: TextIO) -> None:
    c = libc()
    start = time.monotonic()
    base: tracemalloc.Snapshot | None = None
    last_trim = start
    while True:
        time.sleep(args.every)
        now = time.monotonic()
        sample: dict[str, Any] = {"t": round(now - start, 1)}
        status = proc_status()
        sample["rss_mb"], sample["anon_mb"] = status.get("VmRSS"), status.get("RssAnon")
        sample["malloc"] = mallinfo(c)
        sample["pymalloc"] = pymalloc_stats()
        objects = gc.get_objects()
        sample["objects"] = len(objects)
        sample["tables"] = census(objects)
        del objects
        sample["gc"] = [s["collections"] for s in gc.get_stats()]
        if args.tracemalloc:
            sample["traced_mb"] = tracemalloc.get_traced_memory()[0] / MB
            snap = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
            if base is None and now - start >= args.baseline:
                base = snap
            elif base is not None:
                sample["grew"] = growth(base, snap, args.tracemalloc)
        if args.trim_every and now - last_trim >= args.trim_every:
            began = time.perf_counter()
            c.malloc_trim(0)
            sample["trim_ms"] = round((time.perf_counter() - began) * 1000, 2)
            sample["rss_after_trim_mb"] = proc_status().get("VmRSS")
            last_trim = now
        out.write(json.dumps(sample, default=lambda x: round(x, 2)) + "\n")
        out.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="JSON lines, one per sample")
    parser.add_argument("--every", type=float, default=15.0, help="seconds between samples")
    parser.add_argument("--trim-every", type=float, default=0.0, help="malloc_trim(0) every S seconds (0 = never)")
    parser.add_argument("--tracemalloc", type=int, default=0, help="trace allocations; list the N sites grown most")
    parser.add_argument("--baseline", type=float, default=60.0, help="with --tracemalloc: seconds to the baseline")
    parser.add_argument("--frames", type=int, default=1, help="with --tracemalloc: frames kept per allocation")
    parser.add_argument("server", nargs=argparse.REMAINDER, help="-- then the server's flags")
    args = parser.parse_args()
    flags = args.server[1:] if args.server[:1] == ["--"] else args.server
    if args.tracemalloc:
        tracemalloc.start(args.frames)
    out = open(args.out, "a", encoding="utf-8")  # noqa: SIM115 - written until the process ends
    out.write(
        json.dumps(
            {
                "pid": os.getpid(),
                "flags": flags,
                "env": {k: v for k, v in os.environ.items() if k.startswith("MALLOC_")},
            }
        )
        + "\n"
    )
    threading.Thread(target=probe, args=(args, out), daemon=True, name="memprobe").start()
    from tapete.server.main import main as serve

    with contextlib.suppress(KeyboardInterrupt):
        serve(flags)


if __name__ == "__main__":
    main()
