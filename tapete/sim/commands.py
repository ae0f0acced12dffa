"""`tapete tournament` and `tapete report`, registered on the CLI's app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tapete.engine.table import REACTION_WINDOW_S

from .runner import MatchResult

OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE, repeatable")]
RayOpt = Annotated[
    str | None,
    typer.Option(help="play on a Ray cluster: --ray alone starts one here, --ray ADDRESS joins one (extra: ray)"),
]


def _progress(disable: bool) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=disable,
    )


def tournament(
    game_id: Annotated[str, typer.Argument(help="bacan | buracco | nacho-loco | boon | wanted")],
    bots: Annotated[str, typer.Option(help="bot kinds, comma-separated, cycled over the seats")] = "ismcts,heuristic",
    matches: Annotated[int, typer.Option(help="rounded up to whole cycles of seatings")] = 100,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seed: Annotated[
        int,
        typer.Option(help="cycle k deals with seed+k: runs meant to be independent need seeds a run's cycles apart"),
    ] = 1,
    option: OptionOpt = None,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    window: Annotated[float, typer.Option(help="reaction window, simulated seconds")] = REACTION_WINDOW_S,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    plot: Annotated[Path | None, typer.Option(help="write plots to this folder")] = None,
    plot_format: Annotated[str, typer.Option(help="png | svg | png,svg")] = "png",
    ray: RayOpt = None,
) -> None:
    """Bots against bots, every seating rotated, with 95% intervals and OpenSkill ratings."""
    from tapete.bots import BOT_KINDS
    from tapete.cli import _game, _options, _players, console

    from .tournament import run_tournament, seatings

    game = _game(game_id)
    options = _options(game, option)
    n = _players(game, players, options)
    kinds = [k.strip() for k in bots.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if not kinds or unknown:
        console.print(f"[red]--bots: {', '.join(unknown) or '-'}? Bots: {', '.join(BOT_KINDS)}[/red]")
        raise typer.Exit(2)
    cycle = len(seatings(kinds, n))
    total = max(1, -(-matches // cycle)) * cycle
    with _progress(as_json) as progress:
        task = progress.add_task(f"{game.id} ({cycle} seatings)", total=total)
        report = run_tournament(
            game.id,
            n,
            kinds,
            matches,
            seed=seed,
            options=options,
            processes=jobs,
            window=window,
            stats=plot is not None,
            on_result=lambda _: progress.advance(task),
            ray=ray,
        )
    paths: list[Path] = []
    if plot is not None:
        from tapete.bots.ismcts import score_sense

        from .plots import write_plots

        title = f"{game.name['en']}: {' / '.join(kinds)}"
        formats = [f.strip() for f in plot_format.split(",") if f.strip()]
        done = [r for r in report.match_results if r.error is None]
        paths = write_plots(done, n, plot, title, sense=score_sense(game), formats=formats, tournament=report)
    if as_json:
        out = report.to_json()
        out["plots"] = [str(p) for p in paths]
        print(json.dumps(out))
    else:
        table = Table(
            title=f"{game.name['es']} — {report.completed}/{report.matches} partidas / matches, {n} asientos / seats"
        )
        for col in (
            "bot",
            "asientos / seats",
            "cuota / share",
            "IC 95% / 95% CI",
            "justa / fair",
            "mu",
            "sigma",
            "ordinal",
        ):
            table.add_column(col)
        for r in report.results:
            lo, hi = r.interval
            table.add_row(
                r.kind,
                f"{r.copies:.2f}",
                f"{r.share:.3f}",
                f"{lo:.3f}-{hi:.3f}",
                f"{r.fair_share:.3f}",
                f"{r.mu:.2f}",
                f"{r.sigma:.2f}",
                f"{r.ordinal:.2f}",
            )
        console.print(table)
        console.print(f"{report.seatings} seatings · {report.seconds:.1f} s · errores / errors {len(report.errors)}")
        for p in paths:
            console.print(f"[dim]plot[/dim] {p}")
        for failed in report.errors[:3]:
            console.print(f"[red]seed {failed.seed} {failed.bots}[/red]\n{failed.error}")
    if report.errors:
        raise typer.Exit(1)


def plot_simulation(
    results: list[MatchResult], game_id: str, num_players: int, outdir: Path, formats: str
) -> list[Path]:
    """The plots of a `tapete simulate` run."""
    from tapete.bots.ismcts import score_sense
    from tapete.games import get_game

    from .plots import write_plots

    game = get_game(game_id)
    kinds = sorted(set(results[0].bots)) if results else []
    title = f"{game.name['en']}: {', '.join(kinds)}"
    fmts = [f.strip() for f in formats.split(",") if f.strip()]
    done = [r for r in results if r.error is None]
    return write_plots(done, num_players, outdir, title, sense=score_sense(game), formats=fmts)


def report(
    out: Annotated[Path, typer.Option(help="the Markdown report")] = Path("docs/balance.md"),
    matches: Annotated[int, typer.Option(help="matches per game and variant")] = 200,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    seed: Annotated[int, typer.Option()] = 1,
    games: Annotated[str | None, typer.Option(help="comma-separated game ids (default: all)")] = None,
) -> None:
    """Simulate every game with its heuristic bots and write the balance report (docs/balance.md + plots)."""
    from tapete.cli import console

    from .balance import write_report

    with _progress(False) as progress:
        task = progress.add_task("report", total=None)
        path = write_report(
            out,
            matches=matches,
            processes=jobs,
            seed=seed,
            games=[g.strip() for g in games.split(",")] if games else None,
            on_result=lambda _: progress.advance(task),
        )
    console.print(f"{path}")


def register(app: typer.Typer) -> None:
    app.command()(tournament)
    app.command()(report)
