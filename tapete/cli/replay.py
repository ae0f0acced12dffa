"""`tapete replay FILE`: a match record's final position, the one after `--to N` actions,
or the match step by step (keys at a terminal; a command a line when piped)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from .options import LangOpt, check_count, check_lang
from .output import console, fail, say


def replay(
    record_file: Annotated[Path, typer.Argument(help="a match record as JSON (from --records or the server)")],
    seat: Annotated[int | None, typer.Option(help="whose eyes: a seat from 0 (default: the spectator's)")] = None,
    step: Annotated[
        bool,
        typer.Option(
            "--step",
            help="step through the match: at a terminal with keys (→ ← ] [ 0-9 s q); piped, a command a line "
            "(n, p, g N, r N, v N, e, q; h: help)",
        ),
    ] = False,
    to: Annotated[int | None, typer.Option("--to", help="show the position after this many actions")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="end with the shown position as JSON")] = False,
    lang: LangOpt = "es",
) -> None:
    """Replay a match record: the final position, the one after --to N actions, or step by step.

    --step starts at the start (or at --to N); at a terminal it is driven by keys, and piped it reads one
    command a line, so a test or a script can drive it."""
    from tapete.sim.replayer import ReplayError, load_record, step_through

    check_lang(lang)
    try:
        cursor = load_record(record_file)
        cursor.set_seat(seat)
        if to is not None:
            check_count("--to", to, lang, low=0, high=cursor.steps)
        cursor.goto(to if to is not None else 0 if step else cursor.steps)
    except ReplayError as err:
        fail(lang, err.es, err.en)
    if step and not as_json and sys.stdin.isatty() and sys.stdout.isatty():
        from tapete.tui.replay import ReplayApp

        ReplayApp(cursor, lang).run()  # keys at a terminal
    elif step:  # keys read a line at a time: piped in, or at a prompt
        step_through(cursor, lang, lambda c: _show_step(c, lang), _read_command, lambda t: console.print(escape(t)))
    elif not as_json:
        _show_step(cursor, lang)
    if as_json:
        outcome = cursor.state.outcome().to_json() if cursor.state.is_terminal() else None
        data = {"step": cursor.step, "steps": cursor.steps, "seat": cursor.seat, "view": cursor.view()}
        print(json.dumps({**data, "outcome": outcome}))
    elif cursor.state.is_terminal() and not step:
        winners = ", ".join(cursor.seat_label(w, lang) for w in cursor.state.outcome().winners)
        console.print(say(lang, f"Ganan: {winners}", f"Winners: {winners}"))


def _read_command() -> str | None:
    """One typed command (a prompt only at a terminal: piped keys stay quiet)."""
    try:
        return console.input("› " if sys.stdin.isatty() else "")
    except EOFError:
        return None


def _show_step(cursor: Any, lang: str) -> None:
    from tapete.sim.replayer import header

    console.rule()
    console.print(f"[bold]{escape(header(cursor, lang))}[/bold]")
    console.print(cursor.game.render_text(cursor.view(), lang))
    for line in cursor.story(lang):
        console.print(f"[dim]·[/dim] {line}")
