"""`tapete report`: every game simulated with its heuristic bots, written as the balance
report (Markdown and plots)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .options import JobsOpt, check_count, check_lang, check_seed, output_file, output_folder, pick_game
from .output import console, fail, progress_bar

DEFAULT_REPORT = Path("tapete-report/balance.md")


def report(
    out: Annotated[
        Path,
        typer.Option(
            help="the Markdown report; plots go to a folder named after it. Default: tapete-report/balance.md "
            "in the current folder (the project's own is docs/balance.md: make report)"
        ),
    ] = DEFAULT_REPORT,
    matches: Annotated[int, typer.Option(help="matches per game and variant (1 or more)")] = 200,
    jobs: JobsOpt = 1,
    seed: Annotated[int, typer.Option(help="the run's seed (match i deals with a hash of (seed, i))")] = 1,
    games: Annotated[str | None, typer.Option(help="comma-separated game ids (default: all)")] = None,
    lang: Annotated[
        str, typer.Option("--lang", help="es | en: the language of messages (the report is English)")
    ] = "es",
) -> None:
    """Simulate every game with its heuristic bots and write the balance report (Markdown + plots)."""
    from tapete.sim.balance import write_report

    check_lang(lang)
    check_count("--matches", matches, lang)
    check_count("--jobs", jobs, lang, high=256)
    check_seed(seed, lang)
    chosen = None
    if games is not None:
        chosen = [g.strip() for g in games.split(",")]
        if not all(chosen):
            fail(
                lang,
                f"--games espera ids de juego separados por comas, no {games!r}.",
                f"--games expects game ids separated by commas, not {games!r}.",
            )
        chosen = [pick_game(g, lang).id for g in chosen]
    output_file("--out", out, lang)
    output_folder("--out", out.parent / out.stem, lang)
    with progress_bar(False) as progress:
        task = progress.add_task("report", total=None)
        path = write_report(
            out,
            matches=matches,
            processes=jobs,
            seed=seed,
            games=chosen,
            on_result=lambda _: progress.advance(task),
        )
    console.print(f"{path}")
