"""A run's matches: their seeds, and keeping each one (`--records`, `--out`).

Seeds. Match `i` of a run with seed `S` deals with `match_seed(S, i)`: 64
bits of BLAKE2b over the two numbers. Runs with different seeds therefore
never share a deal (before, match i dealt with S + i, so `--seed 1` and
`--seed 2` shared all but one deal), and a tournament's deal k uses
`match_seed(S, k)` for every seating it is played in.

Records. `--records DIR` writes each match as the engine's `MatchRecord`
JSON (the form the server's `/api/matches/{id}/record` serves, so `tapete
replay` reads both) plus its `outcome`; `--out FILE.jsonl` writes one row
per match: seed, options, seats with their bot kinds, scores, winners,
rounds, actions, seconds and the rules version.

Interrupts. Each match is kept whole or not at all: a Ctrl-C (SIGINT) that
arrives while a row or a record is being written is held until it is
written and flushed (`held_interrupts`), so an interrupted run leaves every
row it wrote complete.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import signal
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType, TracebackType
from typing import IO, Any

from tapete import __version__
from tapete.engine import Game

from .runner import MatchJob, MatchResult

SEED_RULE = "blake2b-64(run seed, match index)"


def match_seed(run_seed: int, index: int) -> int:
    """The seed of match (or tournament cycle) `index` of a run seeded `run_seed`."""
    digest = hashlib.blake2b(f"tapete:{run_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def run_facts(game: Game, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """What a run's JSON summary says about how it was made."""
    return {
        "seed": seed,
        "seed_rule": SEED_RULE,
        "options": options,
        "rules_version": game.rules_version,
        "tapete_version": __version__,
    }


_holding = threading.local()


@contextlib.contextmanager
def held_interrupts() -> Iterator[None]:
    """Hold a Ctrl-C (SIGINT) that arrives inside the block until the block ends."""
    in_main = threading.current_thread() is threading.main_thread()
    if not in_main or getattr(_holding, "on", False) or signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield  # no signal here, already held, or Ctrl-C ignored (a background job): nothing to hold
        return
    caught: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)

    previous = signal.signal(signal.SIGINT, hold) or signal.default_int_handler
    _holding.on = True
    try:
        yield
    finally:
        _holding.on = False
        signal.signal(signal.SIGINT, previous)
    if caught:  # now handled as it would have been (by default: KeyboardInterrupt)
        if callable(previous):
            previous(signal.SIGINT, None)
        else:
            raise KeyboardInterrupt


class MatchKeeper:
    """Writes each finished match where the command was asked to (or nowhere)."""

    def __init__(
        self,
        game: Game,
        options: dict[str, Any],
        jobs: Sequence[MatchJob],
        records: Path | None = None,
        out: Path | None = None,
    ) -> None:
        self.game = game
        self.options = options
        self.records = records
        self.index = {(job.seed, tuple(job.bot_kinds)): i for i, job in enumerate(jobs)}
        self.width = max(4, len(str(len(jobs))))
        self.out = out
        self.rows: IO[str] | None = None  # opened with the first match: a run that never starts writes nothing

    def __enter__(self) -> MatchKeeper:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        if self.rows is not None:
            self.rows.close()
            self.rows = None

    def record_name(self, index: int) -> str:
        return f"{self.game.id}-{index:0{self.width}d}.json"

    def keep(self, result: MatchResult) -> None:
        """Write the match's record and row (each whole: a Ctrl-C meanwhile waits for them)."""
        with held_interrupts():
            self._keep(result)

    def _keep(self, result: MatchResult) -> None:
        index = self.index[(result.seed, tuple(result.bots))]
        name = None
        if self.records is not None and result.record is not None:
            name = self.record_name(index)
            record = dict(result.record)
            if result.error is None:
                record["outcome"] = {"winners": result.winners, "scores": result.scores, "rounds": result.rounds}
            (self.records / name).write_text(json.dumps(record), encoding="utf-8")
        if self.out is not None:
            if self.rows is None:
                self.rows = self.out.open("w", encoding="utf-8")
            self.rows.write(json.dumps(self.row(index, result, name)) + "\n")
            self.rows.flush()
        if self.records is not None:
            result.record = None  # written: the run need not hold every match in memory

    def row(self, index: int, result: MatchResult, record_name: str | None) -> dict[str, Any]:
        return {
            "index": index,
            "game": self.game.id,
            "seed": result.seed,
            "options": self.options,
            "seats": [{"seat": s, "bot": kind} for s, kind in enumerate(result.bots)],
            "scores": result.scores,
            "winners": result.winners,
            "rounds": result.rounds,
            "actions": result.actions,
            "seconds": round(result.seconds, 4),
            "rules_version": self.game.rules_version,
            "error": result.error,
            "record": record_name,
        }
