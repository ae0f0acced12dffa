"""`tapete bench GAME`: random-playout, clone and serialization speed on one core."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from .options import (
    GameArg,
    LangOpt,
    OptionOpt,
    PlayersOpt,
    check_lang,
    check_seconds,
    parse_option_pairs,
    pick_game,
    pick_players,
)
from .output import console, say

LABELS = {
    "game": ("juego", "game"),
    "players": ("jugadores", "players"),
    "actions_per_s": ("acciones/s", "actions/s"),
    "matches_per_s": ("partidas/s", "matches/s"),
    "clones_per_s": ("clones/s", "clones/s"),
    "roundtrips_per_s": ("ida y vuelta JSON/s", "JSON round trips/s"),
    "mean_actions": ("acciones por partida", "actions per match"),
}


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
    game = pick_game(game_id, lang)
    options = parse_option_pairs(game, option, lang)
    n = pick_players(game, players, options, lang)
    check_seconds("--seconds", seconds, lang, allow_zero=False, high=3600)
    result = run_bench(game, n, seconds, options)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    for key, value in result.to_json().items():
        label = say(lang, *LABELS[key]) if key in LABELS else key
        console.print(f"{label:22} {value:,}" if isinstance(value, float) else f"{label:22} {value}")
