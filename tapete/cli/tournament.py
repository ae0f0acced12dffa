"""`tapete tournament GAME`: bots against bots, seatings rotated on shared deals, with 95%
intervals and OpenSkill ratings.

`--matches N` plays exactly N matches: match i is seating i mod S of the lineup's S seatings
on deal i // S (tapete.sim.tournament). Ctrl-C stops the run: the table of the matches played
so far is printed, marked as partial, every `--out` row and record already written stays, and
the exit code is 130."""

from __future__ import annotations

import json
import time
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
    tournament_lineup,
)
from .output import console, errors, fail, fitted_table, progress_bar, say

if TYPE_CHECKING:
    from tapete.sim.runner import MatchResult
    from tapete.sim.tournament import Plan, TournamentReport

INTERRUPTED = 130  # the shell's code for a command ended by Ctrl-C (128 + SIGINT)


def tournament(
    game_id: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            help="two or more bot kinds, comma-separated: one per seat, or a list that shares the seats "
            "evenly (ismcts,heuristic at 4 seats: two each); your own bot as module:Class "
            "(importable here and in the --jobs workers)"
        ),
    ] = "ismcts,heuristic",
    matches: Annotated[
        int,
        typer.Option(
            help="how many matches (1 or more): they rotate the lineup's seatings, each deal played in every "
            "seating in turn, so a multiple of the seatings (said in the output) plays every deal in all of them"
        ),
    ] = 100,
    players: PlayersOpt = None,
    seed: Annotated[
        int,
        typer.Option(
            help="the run's seed: deal k is a hash of (seed, k), so runs with different seeds never share a deal"
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
    progress: ProgressOpt = None,
    lang: LangOpt = "es",
) -> None:
    """Bots against bots, seats rotated on shared deals: 95% intervals, OpenSkill ratings.

    Match i plays seating i mod S of the lineup's S seatings on deal i // S, which
    is a hash of (seed, i // S), so runs with different seeds never share a deal.
    Ctrl-C prints the partial table (exit code 130) and keeps what was written."""
    from tapete.sim.keeping import MatchKeeper, held_interrupts, run_facts
    from tapete.sim.ray_backend import RayUnavailable
    from tapete.sim.tournament import plan, run_tournament, summarize_tournament, tournament_jobs

    check_lang(lang)
    game = pick_game(game_id, lang)
    options = parse_option_pairs(game, option, lang)
    n = pick_players(game, players, options, lang)
    kinds = tournament_lineup(bots, n, lang, game)
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
    the_plan = plan(kinds, n, matches)
    if the_plan.rest:
        errors.print(f"[yellow]{_partial_deal_note(the_plan, lang)}[/yellow]", soft_wrap=True)
    job_list = tournament_jobs(
        game.id, n, kinds, matches, seed, options, window, stats=plot is not None, keep_record=records is not None
    )
    hide = as_json if progress is None else not progress
    results: list[MatchResult] = []
    start = time.perf_counter()
    interrupted = False
    with progress_bar(hide, lang) as bar, MatchKeeper(game, options, job_list, records, out) as keeper:
        task = bar.add_task(
            f"{game.id} ({the_plan.seatings} {say(lang, 'disposiciones', 'seatings')})", total=len(job_list)
        )

        def kept(result: MatchResult) -> None:
            with held_interrupts():  # a match counts once it is written: the table and --out agree
                results.append(result)
                keeper.keep(result)
                bar.advance(task)

        try:
            run_tournament(
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
        except KeyboardInterrupt:
            interrupted = True
    report = summarize_tournament(
        game.id, n, kinds, job_list, results, time.perf_counter() - start, interrupted=interrupted
    )
    paths: list[Path] = []
    if plot is not None and not interrupted:  # an interrupted run ends now: no plots
        from tapete.sim.plots import write_plots

        title = f"{game.name['en']}: {' / '.join(kinds)}"
        done = [r for r in report.match_results if r.error is None]
        paths = write_plots(done, n, plot, title, sense=game.score_sense, formats=formats, tournament=report)
    if as_json:
        data = {**report.to_json(), **run_facts(game, seed, options)}
        data["plots"] = [str(p) for p in paths]
        print(json.dumps(data), flush=True)
    else:
        _print_tournament(game, report, n, lang)
        for p in paths:
            console.print(f"[dim]{say(lang, 'gráfico', 'plot')}[/dim] {p}")
        for failed in report.errors[:3]:
            console.print(f"[red]seed {failed.seed} {failed.bots}[/red]\n{failed.error}")
    if interrupted:
        raise typer.Exit(INTERRUPTED)
    if report.errors:
        raise typer.Exit(1)


def _partial_deal_note(the_plan: Plan, lang: str) -> str:
    """Said before a run whose last deal is not played in every seating."""
    s, rest, whole = the_plan.seatings, the_plan.rest, the_plan.matches - the_plan.rest
    examples = f"{whole} o {whole + s}" if whole else f"{s}, {2 * s}..."
    return say(
        lang,
        f"{s} disposiciones: --matches {the_plan.matches} juega el último reparto solo en las {rest} primeras; "
        f"da un múltiplo de {s} ({examples}) para jugar cada reparto en todas.",
        f"{s} seatings: --matches {the_plan.matches} plays the last deal in the first {rest} of them only; "
        f"give a multiple of {s} ({examples.replace(' o ', ' or ')}) to play every deal in all of them.",
    )


def _plan_text(the_plan: Plan, lang: str) -> str:
    """What the run plays: `24 seatings × 3 deals + 5 seatings of one more deal`."""
    s, deals, rest = the_plan.seatings, the_plan.deals, the_plan.rest
    if not deals:
        return say(lang, f"{rest} de {s} disposiciones, en un reparto", f"{rest} of {s} seatings, on one deal")
    es = f"{s} disposiciones × {deals} reparto{'s' * (deals != 1)}"
    en = f"{s} seatings × {deals} deal{'s' * (deals != 1)}"
    if rest:
        es += f" + {rest} disposiciones de otro reparto"
        en += f" + {rest} seatings of one more deal"
    return say(lang, es, en)


def _print_tournament(game: Any, report: TournamentReport, n: int, lang: str) -> None:
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
    if report.interrupted:
        console.print(
            say(
                lang,
                f"[bold yellow]PARCIAL: interrumpido (Ctrl-C) tras {report.matches} de {report.planned} "
                f"partidas[/bold yellow]",
                f"[bold yellow]PARTIAL: interrupted (Ctrl-C) after {report.matches} of {report.planned} "
                f"matches[/bold yellow]",
            )
        )
    title = say(
        lang,
        f"{game.name['es']}: {report.completed} de {report.matches} partidas, {n} asientos",
        f"{game.name['en']}: {report.completed} of {report.matches} matches, {n} seats",
    )
    if report.interrupted:
        title += say(lang, " (parcial)", " (partial)")
    console.print(fitted_table(title, columns, rows))
    console.print(
        say(
            lang,
            f"{_plan_text(report.plan, lang)} · {report.seconds:.1f} s · errores {len(report.errors)}",
            f"{_plan_text(report.plan, lang)} · {report.seconds:.1f} s · errors {len(report.errors)}",
        )
    )
