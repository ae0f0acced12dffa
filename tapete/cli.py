"""The `tapete` command: rules, games, play, story, simulate, bench, replay, serve (and, from
tapete.sim.commands, tournament and report). Every command checks its input first
(tapete.cli_input): bad input is one sentence in `--lang` and exit code 2."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from tapete.cli_input import (
    TapeteGroup,
    check_count,
    check_lang,
    check_seconds,
    check_seed,
    console,
    fail,
    fitted_table,
    one_kind,
    output_file,
    output_folder,
    parse_option_pairs,
    pick_game,
    pick_players,
    plot_formats,
    progress_bar,
    say,
    seat_lineup,
)
from tapete.engine import Game
from tapete.engine.table import REACTION_WINDOW_S
from tapete.games import game_ids, get_game
from tapete.plain import play_plain

app = typer.Typer(
    cls=TapeteGroup, help="tapete: juega y estudia / play and study Bacan, Buracco, Nacho Loco, Boon, WANTED."
)

GameArg = Annotated[str, typer.Argument(help="bacan | buracco | nacho-loco | boon | wanted")]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE, repeatable")]
LangOpt = Annotated[str, typer.Option("--lang", help="es | en: the language of tables, texts and errors")]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="seats (default: the game's usual number)")]
RecordsOpt = Annotated[
    Path | None,
    typer.Option(help="write each match's record (JSON, replayable with tapete replay) into this folder"),
]
OutOpt = Annotated[
    Path | None,
    typer.Option("--out", help="write one JSON row per match (seed, options, seats, scores, winners...) to this file"),
]


# Short names for the shared argument checks (tapete.cli_input), used by every command.
def _game(game_id: str, lang: str = "es") -> Game:
    return pick_game(game_id, lang)


def _options(game: Game, pairs: list[str] | None, lang: str = "es") -> dict[str, Any]:
    return parse_option_pairs(game, pairs, lang)


def _players(game: Game, players: int | None, options: dict[str, Any], lang: str = "es") -> int:
    return pick_players(game, players, options, lang)


@app.command()
def rules(
    game_id: GameArg,
    lang: LangOpt = "es",
    full: Annotated[bool, typer.Option("--full", help="add the rulebook: rule numbers and option names")] = False,
) -> None:
    """Teach a game: goal, cards, a turn, scoring, examples, options (es/en); --full adds the rulebook."""
    check_lang(lang)
    from tapete.tui.guide import guide_renderables

    for part in guide_renderables(_game(game_id, lang), lang, full=full):
        console.print(part)


@app.command()
def games(lang: LangOpt = "es") -> None:
    """List the games, with the players each allows (by mode where a mode decides)."""
    check_lang(lang)
    for gid in game_ids():
        g = get_game(gid)
        by_choice = _players_by_choice(g, lang)
        counts = _counts(g.allowed_players(g.parse_options({})), lang)
        shown = f"{g.min_players}-{g.max_players} · {by_choice}" if by_choice else counts
        console.print(f"{gid:12} {g.name[lang]:12} {shown}")


def _counts(allowed: tuple[int, ...], lang: str) -> str:
    """Player counts in words: 3-10, or 2 o 4 where they are not a run."""
    if not allowed:
        return "-"
    if len(allowed) > 1 and list(allowed) == list(range(allowed[0], allowed[-1] + 1)):
        return f"{allowed[0]}-{allowed[-1]}"
    return f" {say(lang, 'o', 'or')} ".join(str(n) for n in allowed)


def _players_by_choice(game: Game, lang: str) -> str:
    """The player counts per value of an option that decides them (WANTED's mode)."""
    for field in game.options_schema():
        labels = {c["value"]: c.get(lang, str(c["value"])) for c in field.get("choice_labels") or []}
        counts = {
            value: _counts(game.allowed_players(game.parse_options({field["key"]: value})), lang)
            for value in field.get("choices") or ()
        }
        if len(set(counts.values())) > 1:
            listed = ", ".join(f"{labels.get(v, v)} {n}" for v, n in counts.items())
            return f"{listed} (-o {field['key']})"
    return ""


@app.command()
def play(
    game_id: Annotated[str | None, typer.Argument(help="bacan | buracco | nacho-loco | boon | wanted")] = None,
    players: PlayersOpt = None,
    bots: Annotated[str, typer.Option(help="bot kind for the other seats")] = "heuristic",
    seed: Annotated[int | None, typer.Option()] = None,
    option: OptionOpt = None,
    lang: LangOpt = "es",
    plain: Annotated[bool, typer.Option("--plain", help="plain prompt loop instead of the Textual app")] = False,
    quick: Annotated[bool, typer.Option("--quick", help="skip the setup screen")] = False,
    speed: Annotated[str, typer.Option(help="bots' reflexes: slow | normal | fast")] = "normal",
    server: Annotated[str | None, typer.Option(help="join a table on a server: http://HOST:PORT")] = None,
    code: Annotated[str | None, typer.Option(help="the table's invite code (with --server)")] = None,
    seat: Annotated[int | None, typer.Option(help="the seat to take (with --server; default: a free one)")] = None,
    name: Annotated[str | None, typer.Option(help="your name at the table (with --server)")] = None,
    records: RecordsOpt = None,
) -> None:
    """Play in the terminal (Textual app) against bots, or as a seat of a server's table."""
    check_lang(lang)
    if server is not None or code is not None:
        from tapete.tui.app import play_remote

        _check_server(server, code, lang)
        if seat is not None:
            check_count("--seat", seat, lang, low=0, high=99)
        raise typer.Exit(play_remote(server, code, lang, seat, name))
    gid = game_id or (game_ids()[0] if game_ids() else "bacan")
    game = _game(gid, lang)
    options = _options(game, option, lang)
    n = _players(game, players, options, lang)
    one_kind(bots, lang)
    if seed is not None:
        check_seed(seed, lang)
    _check_speed(speed, lang)
    if records is not None:
        if plain:
            fail(
                lang,
                "--records aún no funciona con --plain: juega sin --plain para guardar la partida.",
                "--records does not work with --plain yet: play without --plain to keep the match.",
            )
        output_folder("--records", records, lang)
    if plain:
        play_plain(gid, players, bots, seed, option, lang)
        return
    from tapete.tui import play_local

    raise typer.Exit(play_local(game.id, n, options, bots, seed, lang, quick=quick, speed=speed, records=records))


def _check_server(server: str | None, code: str | None, lang: str) -> None:
    from urllib.parse import urlsplit

    if not server or not code:
        fail(
            lang,
            "--server y --code van juntos: la dirección del servidor y el código de la mesa.",
            "--server and --code go together: the server's address and the table's code.",
        )
    parts = urlsplit(server)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        fail(
            lang,
            f"--server espera una dirección como http://HOST:PUERTO, no {server!r}.",
            f"--server expects an address like http://HOST:PORT, not {server!r}.",
        )


def _check_speed(speed: str, lang: str) -> None:
    from tapete.tui.config import SPEEDS

    if speed not in SPEEDS:
        fail(
            lang,
            f"--speed espera {' | '.join(SPEEDS)}, no {speed!r}.",
            f"--speed expects {' | '.join(SPEEDS)}, not {speed!r}.",
        )


@app.command()
def story(
    game_id: GameArg,
    players: PlayersOpt = None,
    seed: Annotated[int, typer.Option()] = 1,
    option: OptionOpt = None,
    lang: LangOpt = "es",
    seat: Annotated[int, typer.Option(help="whose log: a seat counted from 0")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help='a JSON list of {"version", "text"}')] = False,
) -> None:
    """Play one seeded match with bots and print what a seat's log shows, line by line."""
    from tapete.story import tell_story

    check_lang(lang)
    check_seed(seed, lang)
    game = _game(game_id, lang)
    options = _options(game, option, lang)
    n = _players(game, players, options, lang)
    if not 0 <= seat < n:
        fail(lang, f"--seat va de 0 a {n - 1}.", f"--seat goes from 0 to {n - 1}.")
    lines = tell_story(game, n, seed, options, lang=lang, seat=seat)
    if as_json:
        sys.stdout.write(json.dumps([line.to_json() for line in lines], ensure_ascii=False) + "\n")
        return
    for line in lines:
        sys.stdout.write(line.text + "\n")


@app.command()
def simulate(
    game_id: GameArg,
    players: PlayersOpt = None,
    matches: Annotated[int, typer.Option(help="how many matches (1 or more)")] = 100,
    bots: Annotated[str, typer.Option(help="one kind for all seats, or one per seat, comma-separated")] = "random",
    seed: Annotated[
        int, typer.Option(help="the run's seed; match i deals with a hash of (seed, i), so seeds never share a deal")
    ] = 1,
    option: OptionOpt = None,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    window: Annotated[float, typer.Option(help="reaction window, simulated seconds (0 or more)")] = REACTION_WINDOW_S,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    plot: Annotated[Path | None, typer.Option(help="write plots to this folder")] = None,
    plot_format: Annotated[str, typer.Option(help="png | svg | png,svg")] = "png",
    ray: Annotated[
        str | None,
        typer.Option(help="play on a Ray cluster: --ray alone starts one here, --ray ADDRESS joins one (extra: ray)"),
    ] = None,
    stats: Annotated[bool, typer.Option(help="also count what the game reports (e.g. Bacan's comodín powers)")] = False,
    records: RecordsOpt = None,
    out: OutOpt = None,
    lang: LangOpt = "es",
) -> None:
    """Play many matches between bots and summarize them."""
    from tapete.sim.jobs import run_jobs
    from tapete.sim.keeping import MatchKeeper, match_seed, run_facts
    from tapete.sim.ray_backend import RayUnavailable
    from tapete.sim.runner import MatchJob
    from tapete.sim.stats import summarize

    check_lang(lang)
    game = _game(game_id, lang)
    options = _options(game, option, lang)
    n = _players(game, players, options, lang)
    check_count("--matches", matches, lang)
    check_count("--jobs", jobs, lang, high=256)
    check_seconds("--window", window, lang, allow_zero=True, high=3600)
    check_seed(seed, lang)
    kinds = seat_lineup(bots, n, lang)
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
    with progress_bar(as_json) as progress, MatchKeeper(game, options, job_list, records, out) as keeper:
        task = progress.add_task(game.id, total=matches)
        try:
            for result in run_jobs(job_list, jobs, ray=ray):
                keeper.keep(result)
                results.append(result)
                progress.advance(task)
        except RayUnavailable as err:  # raised on connecting, before any match is played
            fail(lang, err.es, err.en)
    summary = summarize(game.id, n, kinds, results, time.perf_counter() - start)
    errors = [r for r in results if r.error]
    plots: list[Path] = []
    if plot is not None:
        from tapete.sim.commands import plot_simulation

        plots = plot_simulation(results, game.id, n, plot, ",".join(formats))
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


@app.command()
def bench(
    game_id: GameArg,
    players: PlayersOpt = None,
    seconds: Annotated[float, typer.Option(help="how long to measure (more than 0, at most 3600)")] = 5.0,
    option: OptionOpt = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    lang: LangOpt = "es",
) -> None:
    """Random-playout, clone and serialization speed on one core."""
    from tapete.sim.bench import bench as run_bench

    check_lang(lang)
    game = _game(game_id, lang)
    options = _options(game, option, lang)
    n = _players(game, players, options, lang)
    check_seconds("--seconds", seconds, lang, allow_zero=False, high=3600)
    result = run_bench(game, n, seconds, options)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    labels = {
        "game": ("juego", "game"),
        "players": ("jugadores", "players"),
        "actions_per_s": ("acciones/s", "actions/s"),
        "matches_per_s": ("partidas/s", "matches/s"),
        "clones_per_s": ("clones/s", "clones/s"),
        "roundtrips_per_s": ("ida y vuelta JSON/s", "JSON round trips/s"),
        "mean_actions": ("acciones por partida", "actions per match"),
    }
    for key, value in result.to_json().items():
        label = say(lang, *labels[key]) if key in labels else key
        console.print(f"{label:22} {value:,}" if isinstance(value, float) else f"{label:22} {value}")


@app.command(name="replay")
def replay_cmd(
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


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="database URL: sqlite:///file.db or postgresql://... (default: user data dir)")
    ] = None,
    log_level: Annotated[str, typer.Option(help="debug | info | warning")] = "info",
    workers: Annotated[
        int, typer.Option(help="server processes on this port (more than 1 needs --db postgresql://... and --redis)")
    ] = 1,
    redis: Annotated[
        str | None, typer.Option(help="Redis URL (redis://host:6379/0): several processes, sharing PostgreSQL")
    ] = None,
    admin_token: Annotated[
        str | None,
        typer.Option(envvar="TAPETE_ADMIN_TOKEN", help="token for admin endpoints (/api/stats?reset=true)"),
    ] = None,
    allowed_origins: Annotated[
        str, typer.Option(help="other origins whose pages may open table sockets, comma-separated")
    ] = "",
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(help="load balancers whose X-Forwarded-For names the client, comma-separated (default: none)"),
    ] = "",
    lang: LangOpt = "es",
) -> None:
    """Start the table server: lobby API and one WebSocket per seat."""
    check_lang(lang)
    check_count("--port", port, lang, low=1, high=65535)
    check_count("--workers", workers, lang, low=1, high=64)
    if log_level not in ("debug", "info", "warning"):
        fail(
            lang,
            f"--log-level espera debug, info o warning, no {log_level!r}.",
            f"--log-level expects debug, info or warning, not {log_level!r}.",
        )
    from tapete.server.main import run
    from tapete.server.settings import ServerSettings

    settings = ServerSettings(db_url=db, redis_url=redis, admin_token=admin_token, allowed_origins=allowed_origins,
                              forwarded_allow_ips=forwarded_allow_ips)
    if workers > 1 or redis:
        from tapete.server.workers import serve as serve_workers

        serve_workers(settings, host, port, log_level, workers)
        return
    run(settings, host, port, log_level)


from tapete.sim.commands import register as _register_sim_commands  # noqa: E402

_register_sim_commands(app)  # tapete tournament, tapete report

if __name__ == "__main__":
    app()
