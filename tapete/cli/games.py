"""`tapete games`: the games, with the players each allows."""

from __future__ import annotations

from tapete.engine import Game
from tapete.games import game_ids, get_game

from .options import LangOpt, check_lang
from .output import console, say


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
