"""A run's matches: their seeds, and keeping each one (`--records`, `--out`).

Seeds. Match `i` of a run with seed `S` deals with `match_seed(S, i)`: 64
bits of BLAKE2b over the two numbers. Runs with different seeds therefore
never share a deal (before, match i dealt with S + i, so `--seed 1` and
`--seed 2` shared all but one deal), and a tournament's cycle k uses
`match_seed(S, k)` for every seating of that cycle.

Records. `--records DIR` writes each match as the engine's `MatchRecord`
JSON (the form the server's `/api/matches/{id}/record` serves, so `tapete
replay` reads both) plus its `outcome`; `--out FILE.jsonl` writes one row
per match: seed, options, seats with their bot kinds, scores, winners,
rounds, actions, seconds and the rules version.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
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
