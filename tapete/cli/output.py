"""What the commands print: the consoles, a sentence in the chosen language, the
one-sentence ending of a command that refuses its input, result tables that fit
80 columns and the progress of a run of matches (a bar on a terminal, plain lines in a
pipe or a log)."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Sequence
from types import TracebackType
from typing import NoReturn, TextIO

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
from rich.table import Table

from tapete.engine import TapeteError

console = Console()
errors = Console(stderr=True)


def say(lang: str, es: str, en: str) -> str:
    """The sentence in the chosen language (English for anything but "es")."""
    return es if lang == "es" else en


def fail(lang: str, es: str, en: str) -> NoReturn:
    """End the command: one sentence on stderr in `lang`, exit code 2."""
    errors.print(f"[red]{escape(say(lang, es, en))}[/red]", soft_wrap=True)
    raise typer.Exit(2)


def fail_with(err: TapeteError, lang: str) -> NoReturn:
    fail(lang, err.es, err.en)


def fitted_table(title: str, columns: Sequence[tuple[str, bool]], rows: Sequence[Sequence[str]]) -> Table:
    """A table that fits 80 columns: numbers (the `True` columns) are never cut or wrapped,
    names wrap (fold) when the line is short."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for i, (header, numeric) in enumerate(columns):
        if numeric:
            widest = max([len(header), *(len(row[i]) for row in rows)])
            table.add_column(header, justify="right", no_wrap=True, min_width=widest)
        else:
            table.add_column(header, overflow="fold", min_width=min(8, max((len(row[i]) for row in rows), default=1)))
    for row in rows:
        table.add_row(*(escape(cell) for cell in row))
    return table


class PlainProgress:
    """The progress of a run of matches where stderr is not a terminal (a pipe, a log file):
    a plain line (done/total, elapsed, time left) after `interval` seconds, then every
    `interval` seconds while matches finish and at least every `quiet` seconds while none
    does, and a last one at the end (a run shorter than `interval` prints none)."""

    def __init__(
        self,
        stream: TextIO,
        lang: str,
        interval: float = 5.0,
        quiet: float = 60.0,
        unit: tuple[str, str] = ("partidas", "matches"),
    ) -> None:
        self.stream = stream
        self.lang = lang
        self.unit = unit  # what is counted, es and en
        self.interval = interval
        self.quiet = quiet
        self.description = ""
        self.total: float | None = None
        self.done = 0.0
        self.start = time.monotonic()
        self.lines = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tapete-progress", daemon=True)

    def __enter__(self) -> PlainProgress:
        self.start = time.monotonic()
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self._stop.set()
        self._thread.join()
        if self.lines:
            self._line()

    def add_task(self, description: str, total: float | None = None) -> TaskID:
        self.description, self.total, self.done = description, total, 0.0
        return TaskID(0)

    def advance(self, task: TaskID, advance: float = 1.0) -> None:
        self.done += advance

    def line(self) -> str:
        elapsed = time.monotonic() - self.start
        count = f"{self.done:g}" if self.total is None else f"{self.done:g}/{self.total:g}"
        parts = [
            f"{count} {say(self.lang, *self.unit)}",
            f"{_clock(elapsed)} {say(self.lang, 'transcurrido', 'elapsed')}",
        ]
        if self.total is not None and self.done < self.total:
            left = _clock(elapsed * (self.total - self.done) / self.done) if self.done else "?"
            parts.append(f"{say(self.lang, 'quedan', 'ETA')} {left}")
        return f"{self.description}: {' · '.join(parts)}"

    def _line(self) -> None:
        self.stream.write(self.line() + "\n")
        self.stream.flush()
        self.lines += 1

    def _run(self) -> None:
        shown, last = None, time.monotonic()
        while not self._stop.wait(self.interval):
            now = time.monotonic()
            if self.done != shown or now - last >= self.quiet:
                self._line()
                shown, last = self.done, now


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


PROGRESS_EVERY = 5.0  # seconds between the plain lines of progress


def progress_bar(
    disable: bool, lang: str = "en", *, stream: TextIO | None = None, unit: tuple[str, str] = ("partidas", "matches")
) -> Progress | PlainProgress:
    """The progress of a run of matches (or of other `unit`s, es and en), on stderr (stdout
    stays for the table or the JSON): Rich's live bar on a terminal, plain lines
    (PlainProgress) anywhere else."""
    stream = sys.stderr if stream is None else stream
    if not disable and not Console(file=stream).is_terminal:
        return PlainProgress(stream, lang, PROGRESS_EVERY, unit=unit)
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(file=stream),
        disable=disable,
    )
