"""`tapete play`: a match in the terminal against bots (the Textual app, or the plain
prompt loop with `--plain`), a seat at a server's table (`--server --code`) or, with `--server` alone,
the person's tables there ("My games")."""

from __future__ import annotations

from typing import Annotated

import typer

from tapete.games import game_ids

from .options import (
    GAMES_HELP,
    LangOpt,
    OptionOpt,
    PlayersOpt,
    RecordsOpt,
    check_count,
    check_lang,
    check_seed,
    one_kind,
    output_folder,
    parse_option_pairs,
    pick_game,
    pick_players,
)
from .output import fail
from .plain import play_plain


def play(
    game_id: Annotated[str | None, typer.Argument(help=GAMES_HELP)] = None,
    players: PlayersOpt = None,
    bots: Annotated[str, typer.Option(help="bot kind for the other seats")] = "heuristic",
    seed: Annotated[int | None, typer.Option()] = None,
    option: OptionOpt = None,
    lang: LangOpt = "es",
    plain: Annotated[bool, typer.Option("--plain", help="plain prompt loop instead of the Textual app")] = False,
    quick: Annotated[bool, typer.Option("--quick", help="skip the setup screen")] = False,
    speed: Annotated[str, typer.Option(help="bots' reflexes: slow | normal | fast")] = "normal",
    server: Annotated[
        str | None,
        typer.Option(help="a server, http://HOST:PORT: alone, your tables there (My games); with --code, join one"),
    ] = None,
    code: Annotated[str | None, typer.Option(help="the table's invite code (with --server)")] = None,
    seat: Annotated[int | None, typer.Option(help="the seat to take (with --server; default: a free one)")] = None,
    name: Annotated[str | None, typer.Option(help="your name at the table (with --server)")] = None,
    tournament: Annotated[
        str | None, typer.Option(help="a tournament's id (with --server): its standings, and each table it gives you")
    ] = None,
    records: RecordsOpt = None,
) -> None:
    """Play in the terminal (Textual app) against bots, or as a seat of a server's table."""
    check_lang(lang)
    if tournament is not None:
        from tapete.tui.app import play_tournament

        if not server:
            fail(
                lang,
                "--tournament va con --server: la dirección del servidor del torneo.",
                "--tournament goes with --server: the address of the tournament's server.",
            )
        raise typer.Exit(play_tournament(server, tournament, lang, name))
    if server is not None and code is None:  # the server's screen: the person's tables there ("My games")
        from tapete.tui.app import play_server

        _check_server(server, "", lang, alone=True)
        raise typer.Exit(play_server(server, lang, name))
    if server is not None or code is not None:
        from tapete.tui.app import play_remote

        _check_server(server, code, lang)
        if seat is not None:
            check_count("--seat", seat, lang, low=0, high=99)
        raise typer.Exit(play_remote(server, code, lang, seat, name))
    gid = game_id or game_ids()[0]
    game = pick_game(gid, lang)
    options = parse_option_pairs(game, option, lang)
    n = pick_players(game, players, options, lang)
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


def _check_server(server: str | None, code: str | None, lang: str, *, alone: bool = False) -> None:
    from urllib.parse import urlsplit

    if not server or not (code or alone):
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
