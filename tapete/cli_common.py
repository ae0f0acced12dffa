"""What the command-line modules share (tapete.cli and tapete.sim.commands):
the console and reading a game, its options and a player count from the
command line, each a clear es/en error and exit code 2 when wrong."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console

from tapete.engine import Game, TapeteError, options_to_json
from tapete.games import get_game

console = Console()


def _fail(err: TapeteError) -> typer.Exit:
    console.print(f"[red]{err.es}[/red]\n{err.en}")
    return typer.Exit(2)


def game_or_exit(game_id: str) -> Game:
    try:
        return get_game(game_id)
    except TapeteError as err:
        raise _fail(err) from None


def options_or_exit(game: Game, pairs: list[str] | None) -> dict[str, Any]:
    """`--option KEY=VALUE` pairs, parsed and validated, as JSON."""
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
        raise _fail(err) from None


def players_or_exit(game: Game, players: int | None, options: dict[str, Any]) -> int:
    """The player count asked for (or the game's default), if these options allow it."""
    n = players or game.default_players
    try:
        game.check_players(n, game.parse_options(options))
    except TapeteError as err:
        raise _fail(err) from None
    return n
