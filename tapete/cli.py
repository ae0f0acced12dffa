"""The `tapete` command: rules, play, simulate, bench, replay."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.prompt import Prompt
from rich.table import Table

from tapete.engine import Game, MatchRecord, Observation, TapeteError, options_to_json, replay
from tapete.games import game_ids, get_game


class _Cli(typer.Typer):
    """The command line; `--ray` may come without an address (a Ray cluster started here)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from tapete.sim.ray_backend import with_ray_default

        sys.argv[1:] = with_ray_default(sys.argv[1:])
        return super().__call__(*args, **kwargs)


app = _Cli(help="tapete: juega y estudia / play and study Bacan, Buracco, Nacho Loco, Boon, WANTED.")
console = Console()

GameArg = Annotated[str, typer.Argument(help="bacan | buracco | nacho-loco | boon | wanted")]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE, repeatable")]
LangOpt = Annotated[str, typer.Option("--lang", help="es | en")]


def _game(game_id: str) -> Game:
    try:
        return get_game(game_id)
    except TapeteError as err:
        console.print(f"[red]{err.es}[/red]\n{err.en}")
        raise typer.Exit(2) from None


def _options(game: Game, pairs: list[str] | None) -> dict[str, Any]:
    raw: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            console.print(f"[red]--option espera KEY=VALUE / expects KEY=VALUE: {pair!r}[/red]")
            raise typer.Exit(2)
        raw[key.strip()] = value.strip()
    try:
        return options_to_json(game.parse_options(raw))
    except TapeteError as err:
        console.print(f"[red]{err.es}[/red]\n{err.en}")
        raise typer.Exit(2) from None


def _players(game: Game, players: int | None, options: dict[str, Any]) -> int:
    n = players or game.default_players
    try:
        game.check_players(n, game.parse_options(options))
    except TapeteError as err:
        console.print(f"[red]{err.es}[/red]\n{err.en}")
        raise typer.Exit(2) from None
    return n


@app.command()
def rules(game_id: GameArg, lang: LangOpt = "es") -> None:
    """Show a game's rules (es/en)."""
    console.print(Markdown(_game(game_id).rules_text(lang)))


@app.command()
def games() -> None:
    """List the games."""
    for gid in game_ids():
        g = get_game(gid)
        console.print(f"{gid:12} {g.name['es']} / {g.name['en']}  ({g.min_players}-{g.max_players})")


@app.command()
def play(
    game_id: Annotated[str | None, typer.Argument(help="bacan | buracco | nacho-loco | boon | wanted")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
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
) -> None:
    """Play in the terminal (Textual app) against bots, or as a seat of a server's table."""
    if server is not None or code is not None:
        from tapete.tui.remote import play_remote

        raise typer.Exit(play_remote(server, code, lang, seat, name))
    gid = game_id or (game_ids()[0] if game_ids() else "bacan")
    if plain:
        _play_plain(gid, players, bots, seed, option, lang)
        return
    from tapete.tui import play_local

    game = _game(gid)
    options = _options(game, option)
    n = _players(game, players, options)
    raise typer.Exit(play_local(game.id, n, options, bots, seed, lang, quick=quick, speed=speed))


def _play_plain(
    game_id: str, players: int | None, bots: str, seed: int | None, option: list[str] | None, lang: str
) -> None:
    """The plain Rich prompt loop (`tapete play GAME --plain`; you are seat 0)."""
    from tapete.sim.runner import seat_bots

    game = _game(game_id)
    options = _options(game, option)
    n = _players(game, players, options)
    seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    state = game.new_match(n, seed, options)
    others = seat_bots(game, ["random"] + [bots] * (n - 1), seed)
    for seat, bot in enumerate(others):
        bot.start(seat, n, state.options)
    human = 0
    while not state.is_terminal():
        actors = state.actors()
        decisions: list[tuple[float, int, int]] = []
        for seat in actors:
            if seat == human:
                continue
            d = others[seat].decide(Observation(state, seat))
            if d is not None:
                delay = d.delay
                # as in the simulator: a required seat's own move waits out the reaction window
                if len(actors) > len(state.required_actors()) and not state.is_reaction(seat, d.action):
                    delay = max(delay, 1.5)
                decisions.append((delay, seat, d.action))
        if human in actors:
            console.rule()
            console.print(game.render_text(state.view(human), lang))
            legal = state.legal_actions(human)
            optional = human not in state.required_actors()
            for i, a in enumerate(legal, 1):
                console.print(f"  [bold]{i}[/bold]. {game.describe_action(state, a, lang)}")
            prompt = "Elige / choose" + (" (Enter = pasar / pass)" if optional else "")
            answer = Prompt.ask(prompt, default="" if optional else None, console=console) or ""
            if answer.strip().isdigit() and 1 <= int(answer) <= len(legal):
                decisions.append((0.0, human, legal[int(answer) - 1]))
            elif not optional:
                console.print("[red]Número no válido / invalid number[/red]")
                continue
        decisions.sort()
        if not decisions:
            continue
        _, seat, action = decisions[0]
        for event in state.apply(seat, action):
            for i, bot in enumerate(others):
                if event.visible_to(i):
                    bot.observe([event])
            if event.visible_to(human):
                console.print(f"[dim]·[/dim] {game.describe_event(event, lang)}")
    console.rule()
    console.print(game.render_text(state.view(human), lang))
    outcome = state.outcome()
    console.print(f"[bold]Ganadores / winners:[/bold] {', '.join(str(w) for w in outcome.winners)}")


@app.command()
def simulate(
    game_id: GameArg,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    matches: Annotated[int, typer.Option()] = 100,
    bots: Annotated[str, typer.Option(help="one kind for all seats, or one per seat, comma-separated")] = "random",
    seed: Annotated[int, typer.Option()] = 1,
    option: OptionOpt = None,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    window: Annotated[float, typer.Option(help="reaction window, simulated seconds")] = 1.5,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    plot: Annotated[Path | None, typer.Option(help="write plots to this folder")] = None,
    plot_format: Annotated[str, typer.Option(help="png | svg | png,svg")] = "png",
    ray: Annotated[
        str | None,
        typer.Option(help="play on a Ray cluster: --ray alone starts one here, --ray ADDRESS joins one (extra: ray)"),
    ] = None,
    stats: Annotated[bool, typer.Option(help="also count what the game reports (e.g. Bacan's comodín powers)")] = False,
) -> None:
    """Play many matches between bots and summarize them."""
    from tapete.bots import BOT_KINDS
    from tapete.sim.runner import MatchJob, run_jobs
    from tapete.sim.stats import summarize

    game = _game(game_id)
    options = _options(game, option)
    n = _players(game, players, options)
    kinds = [k.strip() for k in bots.split(",") if k.strip()]
    if len(kinds) == 1:
        kinds = kinds * n
    if len(kinds) != n or any(k not in BOT_KINDS for k in kinds):
        console.print(f"[red]--bots: {n} de / of {', '.join(BOT_KINDS)}[/red]")
        raise typer.Exit(2)
    opt_items = tuple(sorted(options.items()))
    job_list = [
        MatchJob(game.id, n, tuple(kinds), seed + i, opt_items, window, stats=stats or plot is not None)
        for i in range(matches)
    ]
    start = time.perf_counter()
    results = []
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=as_json,
    ) as progress:
        task = progress.add_task(game.id, total=matches)
        for result in run_jobs(job_list, jobs, ray=ray):
            results.append(result)
            progress.advance(task)
    summary = summarize(game.id, n, kinds, results, time.perf_counter() - start)
    errors = [r for r in results if r.error]
    if plot is not None:
        from tapete.sim.commands import plot_simulation

        for path in plot_simulation(results, game.id, n, plot, plot_format):
            Console(stderr=True).print(f"[dim]plot[/dim] {path}")
    if as_json:
        out = summary.to_json()
        out["error_samples"] = [{"seed": r.seed, "error": r.error} for r in errors[:3]]
        print(json.dumps(out))
    else:
        table = Table(title=f"{game.name['es']} — {summary.completed}/{summary.matches} partidas / matches")
        for col in ("asiento / seat", "bot", "victorias / wins", "cuota / share", "IC 95% / 95% CI"):
            table.add_column(col)
        for s in range(n):
            lo, hi = summary.win_interval[s]
            share = f"{summary.win_share[s]:.3f}"
            table.add_row(str(s), kinds[s], f"{summary.wins[s]:.1f}", share, f"{lo:.3f}-{hi:.3f}")
        console.print(table)
        console.print(
            f"rondas medias / mean rounds {summary.mean_rounds:.2f} · acciones medias / mean actions "
            f"{summary.mean_actions:.1f} · acciones/s / actions/s {summary.actions_per_s:,.0f} · "
            f"errores / errors {summary.errors}"
        )
        if summary.counts:
            per_match = " · ".join(f"{k} {v / max(1, summary.completed):.3f}" for k, v in summary.counts.items())
            console.print(f"por partida / per match: {per_match}")
        for r in errors[:3]:
            console.print(f"[red]seed {r.seed}[/red]\n{r.error}")
    if errors:
        raise typer.Exit(1)


@app.command()
def bench(
    game_id: GameArg,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seconds: Annotated[float, typer.Option()] = 5.0,
    option: OptionOpt = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Random-playout, clone and serialization speed on one core."""
    from tapete.sim.bench import bench as run_bench

    game = _game(game_id)
    options = _options(game, option)
    n = _players(game, players, options)
    result = run_bench(game, n, seconds, options)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    for key, value in result.to_json().items():
        console.print(f"{key:18} {value:,}" if isinstance(value, float) else f"{key:18} {value}")


@app.command(name="replay")
def replay_cmd(
    record_file: Annotated[Path, typer.Argument(help="a match record as JSON")],
    seat: Annotated[int | None, typer.Option(help="whose view to show (default: spectator)")] = None,
    lang: LangOpt = "es",
) -> None:
    """Replay a match record and show the final position."""
    record = MatchRecord.from_json(json.loads(record_file.read_text()))
    game = _game(record.game)
    try:
        state = replay(game, record)
    except TapeteError as err:
        console.print(f"[red]{err.es}[/red]\n{err.en}")
        raise typer.Exit(2) from None
    console.print(game.render_text(state.view(seat), lang))
    if state.is_terminal():
        console.print(json.dumps(state.outcome().to_json()))


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
) -> None:
    """Start the table server: lobby API and one WebSocket per seat."""
    from tapete.server.main import run
    from tapete.server.settings import ServerSettings

    settings = ServerSettings(db_url=db, redis_url=redis, admin_token=admin_token, allowed_origins=allowed_origins)
    if workers > 1 or redis:
        from tapete.server.workers import serve as serve_workers

        serve_workers(settings, host, port, log_level, workers)
        return
    run(settings, host, port, log_level)


from tapete.sim.commands import register as _register_sim_commands  # noqa: E402

_register_sim_commands(app)  # tapete tournament, tapete report

if __name__ == "__main__":
    app()
