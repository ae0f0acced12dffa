"""`tapete story GAME`: one seeded match with bots, told as a seat's log tells it."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from .options import (
    GameArg,
    LangOpt,
    OptionOpt,
    PlayersOpt,
    check_lang,
    check_seed,
    parse_option_pairs,
    pick_game,
    pick_players,
)
from .output import fail


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
    game = pick_game(game_id, lang)
    options = parse_option_pairs(game, option, lang)
    n = pick_players(game, players, options, lang)
    if not 0 <= seat < n:
        fail(lang, f"--seat va de 0 a {n - 1}.", f"--seat goes from 0 to {n - 1}.")
    lines = tell_story(game, n, seed, options, lang=lang, seat=seat)
    if as_json:
        sys.stdout.write(json.dumps([line.to_json() for line in lines], ensure_ascii=False) + "\n")
        return
    for line in lines:
        sys.stdout.write(line.text + "\n")
