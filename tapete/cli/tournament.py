"""`tapete tournament GAME`: bots against bots, every seating rotated, with 95% intervals
and OpenSkill ratings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .options import (
    WINDOW,
    GameArg,
    JobsOpt,
    JsonOpt,
    LangOpt,
    OptionOpt,
    OutOpt,
    PlayersOpt,
    PlotFormatOpt,
    PlotOpt,
    RayOpt,
    RecordsOpt,
    WindowOpt,
    check_count,
    check_lang,
    check_seconds,
    check_seed,
    output_file,
    output_folder,
    parse_option_pairs,
    pick_game,
    pick_players,
    plot_formats,
    tournament_lineup,
)
from .output import console, fail, fitted_table, progress_bar, say

if TYPE_CHECKING:
    from tapete.sim.runner import MatchResult


def tournament(
    game_id: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            help="two or more bot kinds, comma-separated: one per seat, or a list that shares the seats "
            "evenly (ismcts,heuristic at 4 seats: two each)"
        ),
    ] = "ismcts,heuristic",
    matches: Annotated[int, typer.Option(help="1 or more, rounded up to whole cycles of seatings")] = 100,
    players: PlayersOpt = None,
    seed: Annotated[
        int,
        typer.Option(
            help="the run's seed: cycle k deals with a hash of (seed, k), so runs with different seeds "
            "never share a deal (before: seed+k)"
        ),
    ] = 1,
    option: OptionOpt = None,
    jobs: JobsOpt = 1,
    window: WindowOpt = WINDOW,
    as_json: JsonOpt = False,
    plot: PlotOpt = None,
    plot_format: PlotFormatOpt = "png",
    ray: RayOpt = None,
    records: RecordsOpt = None,
    out: OutOpt = None,
    lang: LangOpt = "es",
) -> None:
    """Bots against bots, every seating rotated, with 95% intervals and OpenSkill ratings.

    Cycle k of the seatings deals with a hash of (--seed, k): runs with different seeds share no deal."""
    from tapete.sim.keeping import MatchKeeper, run_facts
    from tapete.sim.ray_backend import RayUnavailable
    from tapete.sim.tournament import run_tournament, seatings, tournament_jobs

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
        from tapete.sim.plots import write_plots

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
