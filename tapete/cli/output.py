"""What the commands print: the consoles, a sentence in the chosen language, the
one-sentence ending of a command that refuses its input, result tables that fit
80 columns and the progress bar of a run of matches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
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


def progress_bar(disable: bool) -> Progress:
    """The bar of a run of matches, on stderr (stdout stays for the table or the JSON)."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=disable,
    )
