"""`tapete analyze RECORD|FOLDER`: the decisions a seat made in a finished match, judged
from what it knew at the time (tapete.analysis), in words or as JSON; over a folder of
records, the loss per bot and decision type, for balance and strength reports."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from tapete.engine import MatchRecord, TapeteError

from .options import JsonOpt, LangOpt, ProgressOpt, check_budget, check_lang, record_files
from .output import console, fail, fitted_table, progress_bar, say

if TYPE_CHECKING:
    from tapete.analysis import Analysis


def analyze(
    target: Annotated[Path, typer.Argument(help="a match record (JSON, from --records or the server), or a folder")],
    seat: Annotated[int | None, typer.Option(help="whose decisions: a seat from 0 (default: every seat)")] = None,
    budget: Annotated[str, typer.Option(help="easy | normal | hard: how many worlds judge a decision")] = "normal",
    every: Annotated[bool, typer.Option("--all", help="list the good decisions too")] = False,
    as_json: JsonOpt = False,
    progress: ProgressOpt = None,
    lang: LangOpt = "es",
) -> None:
    """Judge every decision of a finished match: good, inaccuracy, mistake or blunder, with the better move.

    Each decision is judged from what the seat knew when it chose (never from the cards shown later), by the
    search (or the game's trained model where one ships). Over a folder, the tables give each bot's average
    loss per decision type. Method and thresholds: docs/analysis.md."""
    from tapete.analysis import AnalysisError
    from tapete.analysis import analyze as analyze_match
    from tapete.engine.replay_cursor import ReplayError, read_record

    check_lang(lang)
    check_budget(budget, lang)
    files = record_files(target, lang)
    records: list[tuple[Path, MatchRecord]] = []
    for path in files:
        try:
            records.append((path, read_record(path)))
        except ReplayError as err:
            fail(lang, err.es, err.en)
    jobs: list[tuple[Path, MatchRecord, int]] = []
    for path, record in records:
        n = record.num_players
        if seat is not None and not 0 <= seat < n:
            fail(
                lang,
                f"{path.name} tiene los asientos 0 a {n - 1}; no hay asiento {seat} (--seat).",
                f"{path.name} has seats 0 to {n - 1}; there is no seat {seat} (--seat).",
            )
        jobs += [(path, record, s) for s in ([seat] if seat is not None else range(n))]
    total = sum(sum(1 for s, _ in record.actions if s == k) for _, record, k in jobs)
    hide = not progress if progress is not None else as_json
    analyses: list[tuple[Path, Analysis]] = []
    with progress_bar(hide, lang, unit=("acciones", "actions")) as bar:
        task = bar.add_task(say(lang, "Analizando", "Analysing"), total=total)
        for path, record, k in jobs:

            def step(done: int, of: int) -> None:
                bar.advance(task, 1)

            try:
                analyses.append((path, analyze_match(record, k, budget, progress=step)))
            except (ReplayError, AnalysisError, TapeteError) as err:
                fail(lang, f"{path.name}: {err.es}", f"{path.name}: {err.en}")
    if target.is_dir():
        _folder(target, analyses, as_json, lang)
    else:
        _record(target, [a for _, a in analyses], as_json, every, lang)


def _record(path: Path, analyses: list[Analysis], as_json: bool, every: bool, lang: str) -> None:
    """One record: each seat's decisions in words (or the analyses as JSON)."""
    from tapete.analysis import analysis_lines

    if as_json:
        data = {"record": str(path), "game": analyses[0].game, "analyses": [a.to_json() for a in analyses]}
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        return
    for analysis in analyses:
        lines = analysis_lines(analysis, lang, every=every)
        console.print(f"[bold]{escape(lines[0])}[/bold]")
        for line in lines[1:-1]:
            console.print(escape(line), soft_wrap=True)
        console.print(f"[dim]{escape(lines[-1])}[/dim]", soft_wrap=True)
        console.print()


# The labels in a table's headings, short.
SHORT = {
    "good": {"es": "bien", "en": "good"},
    "inaccuracy": {"es": "impr.", "en": "inacc."},
    "mistake": {"es": "error", "en": "mistake"},
    "blunder": {"es": "grave", "en": "blunder"},
}


def _folder(folder: Path, analyses: list[tuple[Path, Analysis]], as_json: bool, lang: str) -> None:
    """A folder of records: per game, each bot's loss per decision type (or the report as JSON)."""
    from tapete.analysis import LABELS, Report
    from tapete.analysis.words import number
    from tapete.games import get_game

    report = Report()
    for _, analysis in analyses:
        report.add(analysis)
    if as_json:
        data = {
            "folder": str(folder),
            "records": len({path for path, _ in analyses}),
            "report": report.to_json(),
            "matches": [
                {"record": path.name, "game": a.game, "seat": a.seat, "player": a.player, "summary": a.summary()}
                for path, a in analyses
            ],
        }
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        return
    for game_id, bots in sorted(report.games.items()):
        columns = [
            ("bot", False),
            (say(lang, "decisión", "decision"), False),
            ("n", True),
            (say(lang, "pérdida", "loss"), True),
            *((f"% {SHORT[name][lang]}", True) for name in LABELS),
        ]
        rows = []
        for bot, (overall, types) in sorted(bots.items()):
            for kind, tally in [(say(lang, "todas", "all"), overall), *sorted(types.items())]:
                rows.append(
                    [
                        bot,
                        kind,
                        str(tally.decisions),
                        number(tally.average_loss, lang, 3),
                        *(f"{100 * tally.share(name):.0f}" for name in LABELS),
                    ]
                )
        title = say(
            lang,
            f"{get_game(game_id).name['es']}: pérdida media por decisión",
            f"{get_game(game_id).name['en']}: average loss per decision",
        )
        console.print(fitted_table(title, columns, rows))
