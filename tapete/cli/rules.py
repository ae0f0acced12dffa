"""`tapete rules GAME`: a game taught in the terminal (the guide; `--full` adds the rulebook)."""

from __future__ import annotations

from typing import Annotated

import typer

from .options import GameArg, LangOpt, check_lang, pick_game
from .output import console


def rules(
    game_id: GameArg,
    lang: LangOpt = "es",
    full: Annotated[bool, typer.Option("--full", help="add the rulebook: rule numbers and option names")] = False,
) -> None:
    """Teach a game: goal, cards, a turn, scoring, examples, options (es/en); --full adds the rulebook."""
    check_lang(lang)
    from tapete.tui.guide import guide_renderables

    for part in guide_renderables(pick_game(game_id, lang), lang, full=full):
        console.print(part)
