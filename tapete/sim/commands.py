"""`tapete tournament` and `tapete report`, registered on the CLI's app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from tapete.cli_input import console, progress_bar
from tapete.engine.table import REACTION_WINDOW_S

from .runner import MatchResult

OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE, repeatable")]
RayOpt = Annotated[
    str | None,
    typer.Option(help="play on a Ray cluster: --ray alone starts one here, --ray ADDRESS joins one (extra: ray)"),
]


def tournament(
    game_id: Annotated[str, typer.Argument(help="bacan | buracco | nacho-loco | boon | wanted")],
    bots: Annotated[
        str,
        typer.Option(
            help="two or more bot kinds, comma-separated: one per seat, or a list that shares the seats "
            "evenly (ismcts,heuristic at 4 seats: two each)"
        ),
    ] = "ismcts,heuristic",
    matches: Annotated[int, typer.Option(help="1 or more, rounded up to whole cycles of seatings")] = 100,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seed: Annotated[
        int,
        typer.Option(
            help="the run's seed: cycle k deals with a hash of (seed, k), so runs with different seeds "
            "never share a deal (before: seed+k)"
        ),
    ] = 1,
    option: OptionOpt = None,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    window: Annotated[float, typer.Option(help="reaction window, simulated seconds (0 or more)")] = REACTION_WINDOW_S,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    plot: Annotated[Path | None, typer.Option(help="write plots to this folder")] = None,
    plot_format: Annotated[str, typer.Option(help="png | svg | png,svg")] = "png",
    ray: RayOpt = None,
    records: Annotated[
        Path | None, typer.Option(help="write each match's record (JSON, replayable with tapete replay) here")
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", help="write one JSON row per match to this file")] = None,
    lang: Annotated[str, typer.Option("--lang", help="es | en: the language of tables and errors")] = "es",
) -> None:
    """Bots against bots, every seating rotated, with 95% intervals and OpenSkill ratings.

    Cycle k of the seatings deals with a hash of (--seed, k): runs with different seeds share no deal."""
    from tapete.cli_input import (
        check_count,
        check_lang,
        check_seconds,
        check_seed,
        fail,
        output_file,
        output_folder,
        parse_option_pairs,
        pick_game,
        pick_players,
        plot_formats,
        say,
        tournament_lineup,
    )

    from .keeping import MatchKeeper, run_facts
    from .ray_backend import RayUnavailable
    from .tournament import run_tournament, seatings, tournament_jobs

    check_lang(lang)
    game = pick_game(game_id, lang)
    options = parse_option_pairs(game, option, lang)
    n = pick_players(game, players, options, lang)
    kinds = tournament_lineup(bots, n, lang)
    check_count("--matches", matches, lang)
    check_count("--jobs", jobs, lang, high=256)
    check_seconds("--window", window, lang, allow_zero=True, high=3600)
    check_seed(seed, lang)
    formats = plot_formats(plot_format, lang)
    for flag, folder in (("--plot", plot), ("--records", records)):
        if folder is not None:
            output_folder(flag, folder, lang)
    if out is not None:
        output_file("--out", out, lang)
    cycle = len(seatings(kinds, n))
    job_list = tournament_jobs(
        game.id, n, kinds, matches, seed, options, window, stats=plot is not None, keep_record=records is not None
    )
    with progress_bar(as_json) as progress, MatchKeeper(game, options, job_list, records, out) as keeper:
        task = progress.add_task(f"{game.id} ({cycle} {say(lang, 'disposiciones', 'seatings')})", total=len(job_list))

        def kept(result: MatchResult) -> None:
            keeper.keep(result)
            progress.advance(task)

        try:
            report = run_tournament(
                game.id,
                n,
                kinds,
                matches,
                seed=seed,
                options=options,
                processes=jobs,
                window=window,
                on_result=kept,
                ray=ray,
                jobs=job_list,
            )
        except RayUnavailable as err:  # raised on connecting, before any match is played
            fail(lang, err.es, err.en)
    paths: list[Path] = []
    if plot is not None:
        from .plots import write_plots

        title = f"{game.name['en']}: {' / '.join(kinds)}"
        done = [r for r in report.match_results if r.error is None]
        paths = write_plots(done, n, plot, title, sense=game.score_sense, formats=formats, tournament=report)
    if as_json:
        data = {**report.to_json(), **run_facts(game, seed, options)}
        data["plots"] = [str(p) for p in paths]
        print(json.dumps(data))
    else:
        _print_tournament(game, report, n, lang)
        for p in paths:
            console.print(f"[dim]{say(lang, 'gráfico', 'plot')}[/dim] {p}")
        for failed in report.errors[:3]:
            console.print(f"[red]seed {failed.seed} {failed.bots}[/red]\n{failed.error}")
    if report.errors:
        raise typer.Exit(1)


def _print_tournament(game: Any, report: Any, n: int, lang: str) -> None:
    from tapete.cli_input import fitted_table, say

    columns = [
        ("bot", False),
        (say(lang, "asientos", "seats"), True),
        (say(lang, "cuota", "share"), True),
        (say(lang, "IC 95%", "95% CI"), True),
        (say(lang, "justa", "fair"), True),
        ("mu", True),
        ("sigma", True),
        ("ordinal", True),
    ]
    rows = [
        [
            r.kind,
            f"{r.copies:.2f}",
            f"{r.share:.3f}",
            f"{r.interval[0]:.3f}-{r.interval[1]:.3f}",
            f"{r.fair_share:.3f}",
            f"{r.mu:.2f}",
            f"{r.sigma:.2f}",
            f"{r.ordinal:.2f}",
        ]
        for r in report.results
    ]
    title = say(
        lang,
        f"{game.name['es']}: {report.completed} de {report.matches} partidas, {n} asientos",
        f"{game.name['en']}: {report.completed} of {report.matches} matches, {n} seats",
    )
    console.print(fitted_table(title, columns, rows))
    console.print(
        say(
            lang,
            f"{report.seatings} disposiciones · {report.seconds:.1f} s · errores {len(report.errors)}",
            f"{report.seatings} seatings · {report.seconds:.1f} s · errors {len(report.errors)}",
        )
    )


def plot_simulation(
    results: list[MatchResult], game_id: str, num_players: int, outdir: Path, formats: str
) -> list[Path]:
    """The plots of a `tapete simulate` run."""
    from tapete.games import get_game

    from .plots import write_plots

    game = get_game(game_id)
    kinds = sorted(set(results[0].bots)) if results else []
    title = f"{game.name['en']}: {', '.join(kinds)}"
    fmts = [f.strip() for f in formats.split(",") if f.strip()]
    done = [r for r in results if r.error is None]
    return write_plots(done, num_players, outdir, title, sense=game.score_sense, formats=fmts)


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
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    seed: Annotated[int, typer.Option(help="the run's seed (match i deals with a hash of (seed, i))")] = 1,
    games: Annotated[str | None, typer.Option(help="comma-separated game ids (default: all)")] = None,
    lang: Annotated[
        str, typer.Option("--lang", help="es | en: the language of messages (the report is English)")
    ] = "es",
) -> None:
    """Simulate every game with its heuristic bots and write the balance report (Markdown + plots)."""
    from tapete.cli_input import check_count, check_lang, check_seed, fail, output_file, output_folder, pick_game

    from .balance import write_report

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


def register(app: typer.Typer) -> None:
    app.command()(tournament)
    app.command()(report)
