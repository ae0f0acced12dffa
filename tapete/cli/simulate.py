"""`tapete simulate GAME`: many matches between bots, summarized (and plotted, and kept)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape

from tapete.engine import Game

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
    ProgressOpt,
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
    seat_lineup,
)
from .output import console, fail, fitted_table, progress_bar, say

if TYPE_CHECKING:
    from tapete.sim.runner import MatchResult


def simulate(
    game_id: GameArg,
    players: PlayersOpt = None,
    matches: Annotated[int, typer.Option(help="how many matches (1 or more)")] = 100,
    bots: Annotated[
        str,
        typer.Option(
            help="one kind for all seats, or one per seat, comma-separated; your own bot as module:Class "
            "(importable here and in the --jobs workers)"
        ),
    ] = "random",
    seed: Annotated[
        int, typer.Option(help="the run's seed; match i deals with a hash of (seed, i), so seeds never share a deal")
    ] = 1,
    option: OptionOpt = None,
    jobs: JobsOpt = 1,
    window: WindowOpt = WINDOW,
    as_json: JsonOpt = False,
    plot: PlotOpt = None,
    plot_format: PlotFormatOpt = "png",
    ray: RayOpt = None,
    stats: Annotated[bool, typer.Option(help="also count what the game reports (e.g. Bacan's comodín powers)")] = False,
    records: RecordsOpt = None,
    out: OutOpt = None,
    progress: ProgressOpt = None,
    lang: LangOpt = "es",
) -> None:
    """Play many matches between bots and summarize them.

    Match i deals with a hash of (seed, i), so different seeds never share a deal."""
    from tapete.sim.jobs import run_jobs
    from tapete.sim.keeping import MatchKeeper, match_seed, run_facts
    from tapete.sim.ray_backend import RayUnavailable
    from tapete.sim.runner import MatchJob
    from tapete.sim.stats import summarize

    check_lang(lang)
    game = pick_game(game_id, lang)
    options = parse_option_pairs(game, option, lang)
    n = pick_players(game, players, options, lang)
    check_count("--matches", matches, lang)
    check_count("--jobs", jobs, lang, high=256)
    check_seconds("--window", window, lang, allow_zero=True, high=3600)
    check_seed(seed, lang)
    kinds = seat_lineup(bots, n, lang, game)
    formats = plot_formats(plot_format, lang)
    if plot is not None:
        output_folder("--plot", plot, lang)
    if records is not None:
        output_folder("--records", records, lang)
    if out is not None:
        output_file("--out", out, lang)
    opt_items = tuple(sorted(options.items()))
    job_list = [
        MatchJob(
            game.id,
            n,
            tuple(kinds),
            match_seed(seed, i),
            opt_items,
            window,
            keep_record=records is not None,
            stats=stats or plot is not None,
        )
        for i in range(matches)
    ]
    start = time.perf_counter()
    results = []
    hide = as_json if progress is None else not progress
    with progress_bar(hide, lang) as bar, MatchKeeper(game, options, job_list, records, out) as keeper:
        task = bar.add_task(game.id, total=matches)
        try:
            for result in run_jobs(job_list, jobs, ray=ray):
                keeper.keep(result)
                results.append(result)
                bar.advance(task)
        except RayUnavailable as err:  # raised on connecting, before any match is played
            fail(lang, err.es, err.en)
    summary = summarize(game.id, n, kinds, results, time.perf_counter() - start)
    errors = [r for r in results if r.error]
    plots: list[Path] = []
    if plot is not None:
        plots = plot_simulation(results, game, n, plot, formats)
    if as_json:
        data = {**summary.to_json(), **run_facts(game, seed, options)}
        data["plots"] = [str(p) for p in plots]
        data["error_samples"] = [{"seed": r.seed, "error": r.error} for r in errors[:3]]
        print(json.dumps(data))
    else:
        _print_simulation(game, summary, kinds, lang)
        for path in plots:
            console.print(f"[dim]{say(lang, 'gráfico', 'plot')}[/dim] {escape(str(path))}")
        for r in errors[:3]:
            console.print(f"[red]seed {r.seed}[/red]\n{r.error}")
    if errors:
        raise typer.Exit(1)


def plot_simulation(
    results: list[MatchResult], game: Game, num_players: int, outdir: Path, formats: list[str]
) -> list[Path]:
    """The plots of a `tapete simulate` run."""
    from tapete.sim.plots import write_plots

    kinds = sorted(set(results[0].bots)) if results else []
    title = f"{game.name['en']}: {', '.join(kinds)}"
    done = [r for r in results if r.error is None]
    return write_plots(
        done, num_players, outdir, title, sense=game.score_sense, formats=formats, rates=game.study.rates
    )


def _print_simulation(game: Game, summary: Any, kinds: list[str], lang: str) -> None:
    rows = []
    for s, kind in enumerate(kinds):
        lo, hi = summary.win_interval[s]
        rows.append([str(s), kind, f"{summary.wins[s]:.1f}", f"{summary.win_share[s]:.3f}", f"{lo:.3f}-{hi:.3f}"])
    columns = [
        (say(lang, "asiento", "seat"), True),
        ("bot", False),
        (say(lang, "victorias", "wins"), True),
        (say(lang, "cuota", "share"), True),
        (say(lang, "IC 95%", "95% CI"), True),
    ]
    title = say(
        lang,
        f"{game.name['es']}: {summary.completed} de {summary.matches} partidas",
        f"{game.name['en']}: {summary.completed} of {summary.matches} matches",
    )
    console.print(fitted_table(title, columns, rows))
    console.print(
        say(
            lang,
            f"rondas medias {summary.mean_rounds:.2f} · acciones medias {summary.mean_actions:.1f} · "
            f"acciones/s {summary.actions_per_s:,.0f} · errores {summary.errors}",
            f"mean rounds {summary.mean_rounds:.2f} · mean actions {summary.mean_actions:.1f} · "
            f"actions/s {summary.actions_per_s:,.0f} · errors {summary.errors}",
        )
    )
    if summary.counts:
        per_match = " · ".join(f"{k} {v / max(1, summary.completed):.3f}" for k, v in summary.counts.items())
        console.print(say(lang, "por partida: ", "per match: ") + per_match)
