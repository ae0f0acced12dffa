"""`tapete replay FILE`: a match record's final position, the one after `--to N` actions,
or the match step by step: at a terminal with keys (tapete.tui.replay), piped with a
command a line (`step_through` here). Both move the engine's replay cursor
(tapete.engine.replay_cursor)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from tapete.engine import TapeteError
from tapete.engine.replay_cursor import ReplayCursor, ReplayError, header, read_record
from tapete.games import get_game

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
    analysis: Annotated[
        bool,
        typer.Option(
            "--analysis",
            help="with --step and --seat K: seat K's decisions judged (tapete analyze), each said with its "
            "label and the better move at its step (a / A: next / previous slip)",
        ),
    ] = False,
    budget: Annotated[str, typer.Option(help="the analysis' budget: easy, normal or hard")] = "normal",
    lang: LangOpt = "es",
) -> None:
    """Replay a match record: the final position, the one after --to N actions, or step by step.

    --step starts at the start (or at --to N); at a terminal it is driven by keys, and piped it reads one
    command a line, so a test or a script can drive it."""
    check_lang(lang)
    try:
        cursor = load_record(record_file)
        cursor.set_seat(seat)
        if to is not None:
            check_count("--to", to, lang, low=0, high=cursor.steps)
        cursor.goto(to if to is not None else 0 if step else cursor.steps)
    except ReplayError as err:
        fail(lang, err.es, err.en)
    judged = _analysis(cursor, seat, budget, lang) if analysis and step and not as_json else None
    if step and not as_json and sys.stdin.isatty() and sys.stdout.isatty():
        from tapete.tui.replay import ReplayApp

        ReplayApp(cursor, lang, judged).run()  # keys at a terminal
    elif step:  # keys read a line at a time: piped in, or at a prompt
        step_through(
            cursor, lang, lambda c: _show_step(c, lang, judged), _read_command, lambda t: console.print(escape(t))
        )
    elif not as_json:
        _show_step(cursor, lang)
    if as_json:
        outcome = cursor.state.outcome().to_json() if cursor.state.is_terminal() else None
        data = {"step": cursor.step, "steps": cursor.steps, "seat": cursor.seat, "view": cursor.view()}
        print(json.dumps({**data, "outcome": outcome}))
    elif cursor.state.is_terminal() and not step:
        winners = ", ".join(cursor.seat_label(w, lang) for w in cursor.state.outcome().winners)
        console.print(say(lang, f"Ganan: {winners}", f"Winners: {winners}"))


def _analysis(cursor: ReplayCursor, seat: int | None, budget: str, lang: str) -> Any:
    """Seat `seat`'s decisions judged (tapete.analysis), for the screen."""
    from tapete.analysis import AnalysisError, analyze

    from .options import check_budget

    if seat is None:
        fail(
            lang,
            "--analysis necesita --seat K: las decisiones de qué asiento.",
            "--analysis needs --seat K: whose decisions.",
        )
    check_budget(budget, lang)
    console.print(say(lang, "Analizando las decisiones…", "Analysing the decisions…"))
    try:
        judged = analyze(cursor.record, seat, budget)
    except (AnalysisError, ReplayError) as err:
        fail(lang, err.es, err.en)
    return notes_of(judged, lang)


def notes_of(judged: Any, lang: str) -> Any:
    """An analysis (tapete.analysis.Analysis) as the replay screen says it (tapete.tui.replay.Notes)."""
    from tapete.analysis import summary_line
    from tapete.analysis.words import step_sentence
    from tapete.tui.replay import Notes

    return Notes(
        heading=summary_line(judged, lang),
        at={d.step: step_sentence(d, judged, lang) for d in judged.decisions},
        labels={d.step: d.label for d in judged.decisions},
        slips=[d.step for d in judged.decisions if d.label != "good"],
    )


def _read_command() -> str | None:
    """One typed command (a prompt only at a terminal: piped keys stay quiet)."""
    try:
        return console.input("› " if sys.stdin.isatty() else "")
    except EOFError:
        return None


def _show_step(cursor: ReplayCursor, lang: str, judged: Any = None) -> None:
    console.rule()
    console.print(f"[bold]{escape(header(cursor, lang))}[/bold]")
    if judged is not None:  # --analysis: the summary, and the decision judged at this step
        from tapete.tui.replay import verdict_text

        console.print(verdict_text(judged, cursor.step))
    console.print(cursor.game.render_text(cursor.view(), lang))
    for line in cursor.story(lang):
        console.print(f"[dim]·[/dim] {line}")


def load_record(path: Path) -> ReplayCursor:
    """A record file and its game (from the registry), at the start of the match."""
    record = read_record(path)
    try:
        game = get_game(record.game)
    except TapeteError as err:
        raise ReplayError(err.es, err.en) from None
    return ReplayCursor(game, record)


HELP = {
    "es": (
        "Enter o n: siguiente · n 10: diez adelante · p: anterior · p 10: diez atrás · "
        "g N: ir a la acción N · r N: ir a la ronda N · v N: ver con los ojos del asiento N · "
        "v: espectador · s: inicio · e: final · q: salir"
    ),
    "en": (
        "Enter or n: next · n 10: ten forward · p: previous · p 10: ten back · "
        "g N: go to action N · r N: go to round N · v N: see with seat N's eyes · "
        "v: spectator · s: start · e: end · q: quit"
    ),
}


def apply_command(cursor: ReplayCursor, line: str, lang: str) -> bool:
    """One typed command; False to quit. Bad commands raise ReplayError."""
    word, _, rest = line.strip().partition(" ")
    word = word.lower()
    arg = rest.strip()
    number: int | None = None
    if arg:
        try:
            number = int(arg)
        except ValueError:
            raise ReplayError(f"{arg!r} no es un número.", f"{arg!r} is not a number.") from None
    if word in ("q", "quit", "salir"):
        return False
    if word in ("", "n", "+"):
        cursor.goto(cursor.step + (number if number is not None else 1))
    elif word in ("p", "-"):
        cursor.goto(cursor.step - (number if number is not None else 1))
    elif word == "g" and number is not None:
        cursor.goto(number)
    elif word == "r" and number is not None:
        cursor.goto_round(number)
    elif word == "v":
        cursor.set_seat(number)
    elif word == "s":
        cursor.goto(0)
    elif word == "e":
        cursor.goto(cursor.steps)
    else:
        raise ReplayError(
            f"Orden desconocida: {line.strip()!r} (h: ayuda).", f"Unknown command: {line.strip()!r} (h: help)."
        )
    return True


def step_through(
    cursor: ReplayCursor,
    lang: str,
    show: Callable[[ReplayCursor], None],
    read: Callable[[], str | None],
    say: Callable[[str], None],
) -> None:
    """The interactive loop: show, read a command, apply it; until `q` or the end of input."""
    show(cursor)
    say(HELP[lang])
    while True:
        line = read()
        if line is None:
            return
        if line.strip().lower() in ("h", "?", "help", "ayuda"):
            say(HELP[lang])
            continue
        try:
            if not apply_command(cursor, line, lang):
                return
        except ReplayError as err:
            say(err.es if lang == "es" else err.en)
            continue
        show(cursor)
