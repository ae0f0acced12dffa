"""What every `tapete` command checks before any work starts, and the options
several commands share.

Games, options, player counts, bot lists, counts, durations, seeds and the
paths a command will write: each is checked here, and bad input ends the
command with one clear sentence in the language chosen with `--lang` and
exit code 2 (never a traceback, never a result made of nonsense). The
command line's own parse errors (a word where a number goes, an unknown
flag) are said the same way by `TapeteGroup` (tapete.cli.group).
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from tapete.engine import Game, TapeteError, options_to_json
from tapete.engine.turns import REACTION_WINDOW_S
from tapete.games import PACKAGES, get_game

from .output import errors, fail, fail_with, say

# -- the options several commands share ----------------------------------------------------

GAMES_HELP = " | ".join(PACKAGES)  # every registered game id
GameArg = Annotated[str, typer.Argument(help=GAMES_HELP)]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE, repeatable")]
LangOpt = Annotated[str, typer.Option("--lang", help="es | en: the language of tables, texts and errors")]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="seats (default: the game's usual number)")]
JobsOpt = Annotated[int, typer.Option(help="worker processes")]
WindowOpt = Annotated[float, typer.Option(help="reaction window, simulated seconds (0 or more)")]
WINDOW = REACTION_WINDOW_S
JsonOpt = Annotated[bool, typer.Option("--json", help="print one JSON object")]
PlotOpt = Annotated[Path | None, typer.Option(help="write plots to this folder")]
PlotFormatOpt = Annotated[str, typer.Option(help="png | svg | png,svg")]
RayOpt = Annotated[
    str | None,
    typer.Option(help="play on a Ray cluster: --ray alone starts one here, --ray ADDRESS joins one (extra: ray)"),
]
RecordsOpt = Annotated[
    Path | None,
    typer.Option(help="write each match's record (JSON, replayable with tapete replay) into this folder"),
]
ProgressOpt = Annotated[
    bool | None,
    typer.Option(
        "--progress/--no-progress",
        help="progress on stderr: a bar on a terminal, a plain line every few seconds elsewhere "
        "(default: on, off with --json unless --progress is given)",
    ),
]
OutOpt = Annotated[
    Path | None,
    typer.Option("--out", help="write one JSON row per match (seed, options, seats, scores, winners...) to this file"),
]

# -- limits --------------------------------------------------------------------------------

LANGS = ("es", "en")
MAX_MATCHES = 10_000_000
MAX_JOBS = 256
MAX_SEED = 2**64 - 1
MAX_SECONDS = 24 * 3600.0


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        # the language itself is wrong: say it in both
        errors.print(f"[red]{escape(f'--lang: {lang!r} no es un idioma; elige es o en.')}[/red]", soft_wrap=True)
        errors.print(f"[red]{escape(f'--lang: {lang!r} is not a language; choose es or en.')}[/red]", soft_wrap=True)
        raise typer.Exit(2)
    return lang


# -- numbers -------------------------------------------------------------------------------


def check_count(flag: str, value: int, lang: str, *, low: int = 1, high: int = MAX_MATCHES) -> int:
    """A whole number of things (matches, processes) in [low, high]."""
    if not low <= value <= high:
        lo_es, hi_es = (f"{x:,}".replace(",", ".") for x in (low, high))
        fail(
            lang,
            f"{flag} debe ser un número entero entre {lo_es} y {hi_es}, no {value}.",
            f"{flag} must be a whole number from {low:,} to {high:,}, not {value}.",
        )
    return value


def check_seconds(flag: str, value: float, lang: str, *, allow_zero: bool, high: float = MAX_SECONDS) -> float:
    """A duration in seconds: finite, not negative (or positive), at most `high`."""
    low_ok = value >= 0 if allow_zero else value > 0
    if not (math.isfinite(value) and low_ok and value <= high):
        least_es, least_en = ("0 o más", "0 or more") if allow_zero else ("más de 0", "more than 0")
        fail(
            lang,
            f"{flag} son segundos: {least_es} y como mucho {high:g}, no {value:g}.",
            f"{flag} is seconds: {least_en} and at most {high:g}, not {value:g}.",
        )
    return value


def check_seed(value: int, lang: str, flag: str = "--seed") -> int:
    if not 0 <= value <= MAX_SEED:
        fail(
            lang,
            f"{flag} debe ser un número entero entre 0 y 2^64-1, no {value}.",
            f"{flag} must be a whole number from 0 to 2^64-1, not {value}.",
        )
    return value


# -- games, options, players ---------------------------------------------------------------


def pick_game(game_id: str, lang: str) -> Game:
    try:
        return get_game(game_id)
    except TapeteError as err:
        fail_with(err, lang)


def parse_option_pairs(game: Game, pairs: Sequence[str] | None, lang: str) -> dict[str, Any]:
    """`-o KEY=VALUE` pairs as the game's validated options (JSON form)."""
    raw: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(
                lang,
                f"--option espera CLAVE=VALOR (por ejemplo -o limit=50), no {pair!r}.",
                f"--option expects KEY=VALUE (for example -o limit=50), not {pair!r}.",
            )
        raw[key.strip()] = value.strip()
    try:
        return options_to_json(game.parse_options(raw))
    except TapeteError as err:
        fail_with(err, lang)


def _modes_for(game: Game, num_players: int, options: dict[str, Any]) -> list[str]:
    """`-o KEY=VALUE` choices that would allow `num_players` (WANTED's modes)."""
    hints = []
    for field in game.options_schema():
        for value in field.get("choices") or ():
            if value == options.get(field["key"]):
                continue
            try:
                allowed = game.allowed_players(game.parse_options({**options, field["key"]: value}))
            except TapeteError:
                continue
            if num_players in allowed:
                hints.append(f"-o {field['key']}={value}")
    return hints


def pick_players(game: Game, players: int | None, options: dict[str, Any], lang: str) -> int:
    """The number of seats: the game's default, or `--players` if these options allow it."""
    n = game.default_players if players is None else players
    parsed = game.parse_options(options)
    if players is None and n not in game.allowed_players(parsed):
        n = game.allowed_players(parsed)[0]
    try:
        game.check_players(n, parsed)
    except TapeteError as err:
        hints = _modes_for(game, n, options)
        if hints:
            fail(
                lang,
                f"{err.es} Con {n} jugadores: {' o '.join(hints)}.",
                f"{err.en} For {n} players: {' or '.join(hints)}.",
            )
        fail_with(err, lang)
    return n


# -- bots ----------------------------------------------------------------------------------


def _bot_kinds(game: Game | None = None) -> list[str]:
    """The kinds a game offers (every kind when no game is named)."""
    from tapete.bots import BOT_KINDS, kinds_for

    return list(BOT_KINDS) if game is None else kinds_for(game)


def _kinds(text: str, lang: str, game: Game | None = None, *, own: bool = True) -> list[str]:
    """The kinds of `--bots`: named kinds the game offers, or (`own`) researchers' own `module:Class`."""
    from tapete.bots import BOT_KINDS

    kinds = [k.strip() for k in text.split(",")]
    known = _bot_kinds(game)
    listed_es = ", ".join(known) + (", o el tuyo como módulo:Clase" if own else "")
    listed_en = ", ".join(known) + (", or your own as module:Class" if own else "")
    if not text.strip() or any(not k for k in kinds):
        fail(
            lang,
            f"--bots espera tipos de bot separados por comas ({listed_es}), no {text!r}.",
            f"--bots expects bot kinds separated by commas ({listed_en}), not {text!r}.",
        )
    for kind in dict.fromkeys(kinds):
        if own and ":" in kind:
            own_bot(kind, lang, game)
        elif game is not None and kind in BOT_KINDS and kind not in known:
            fail(
                lang,
                f"{game.name['es']} no tiene aún un modelo entrenado (tapete/models/), así que no ofrece el "
                f"bot {kind}: elige entre {', '.join(known)}.",
                f"{game.name['en']} has no trained model yet (tapete/models/), so it offers no {kind} bot: "
                f"choose among {', '.join(known)}.",
            )
    unknown = [k for k in kinds if k not in BOT_KINDS and not (own and ":" in k)]
    if unknown:
        fail(
            lang,
            f"Bot desconocido: {', '.join(unknown)}. Los bots son: {listed_es}.",
            f"Unknown bot: {', '.join(unknown)}. The bots are: {listed_en}.",
        )
    return kinds


def own_bot(spec: str, lang: str, game: Game | None = None) -> str:
    """A researcher's bot given as `module:Class`: the module imports here (and so in the worker
    processes, which share this process's import path), the class is a tapete.engine.Bot, and
    `Class(game, rng)` makes one for `game`."""
    import importlib
    import random

    from tapete.bots import UnknownBot, imported_bot

    module_name, _, class_name = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as err:  # ImportError, a syntax error in it, anything its import raises
        fail(
            lang,
            f"--bots: no se puede importar el módulo de {spec} ({type(err).__name__}: {err}); "
            f"debe poder importarse aquí y en los procesos de --jobs (instalado, o su carpeta en PYTHONPATH).",
            f"--bots: cannot import the module of {spec} ({type(err).__name__}: {err}); it must be importable "
            f"here and in the --jobs worker processes (installed, or its folder on PYTHONPATH).",
        )
    if not class_name or not hasattr(module, class_name):
        fail(
            lang,
            f"--bots: el módulo {module_name} no tiene {class_name or 'clase'} ({spec} es módulo:Clase).",
            f"--bots: the module {module_name} has no {class_name or 'class'} ({spec} is module:Class).",
        )
    try:
        factory = imported_bot(spec)
    except UnknownBot:
        fail(
            lang,
            f"--bots: {spec} no es una clase de bot: debe heredar de tapete.engine.Bot.",
            f"--bots: {spec} is not a bot class: it must subclass tapete.engine.Bot.",
        )
    if game is not None:
        try:
            factory(game, random.Random(0))
        except Exception as err:  # its constructor refused the game
            fail(
                lang,
                f"--bots: {class_name}(game, rng) falla para {game.id} ({type(err).__name__}: {err}).",
                f"--bots: {class_name}(game, rng) fails for {game.id} ({type(err).__name__}: {err}).",
            )
    return spec


def one_kind(text: str, lang: str) -> str:
    """`--bots` of play: one named kind for every other seat."""
    kinds = _kinds(text, lang, own=False)
    if len(kinds) != 1:
        fail(
            lang,
            f"--bots de tapete play es un solo tipo para los demás asientos, no {len(kinds)} ({text}).",
            f"--bots of tapete play is one kind for the other seats, not {len(kinds)} ({text}).",
        )
    return kinds[0]


def seat_lineup(text: str, num_players: int, lang: str, game: Game | None = None) -> list[str]:
    """`--bots` of simulate and play: one kind for every seat, or exactly one per seat (the
    kinds `game` offers, or `module:Class`)."""
    kinds = _kinds(text, lang, game)
    if len(kinds) == 1:
        return kinds * num_players
    if len(kinds) != num_players:
        fail(
            lang,
            f"--bots da {len(kinds)} bots ({', '.join(kinds)}) para {num_players} asientos: "
            f"da un solo tipo para todos o uno por asiento ({num_players}, separados por comas).",
            f"--bots gives {len(kinds)} bots ({', '.join(kinds)}) for {num_players} seats: "
            f"give one kind for all of them or one per seat ({num_players}, separated by commas).",
        )
    return kinds


def tournament_lineup(text: str, num_players: int, lang: str, game: Game | None = None) -> list[str]:
    """`--bots` of a tournament: at least two different kinds (that `game` offers, or
    `module:Class`), and a list that fits the seats: one per seat, a list cycled evenly over
    them (2 kinds at 4 seats: 2 each), or more distinct kinds than seats (every choice of them
    is seated)."""
    kinds = _kinds(text, lang, game)
    if len(set(kinds)) < 2:
        fail(
            lang,
            f"Un torneo compara tipos de bot distintos y --bots da solo {kinds[0]}: "
            f"da al menos dos (por ejemplo --bots ismcts,{kinds[0]}), o usa tapete simulate.",
            f"A tournament compares different bot kinds and --bots gives only {kinds[0]}: "
            f"give at least two (for example --bots ismcts,{kinds[0]}), or use tapete simulate.",
        )
    count = len(kinds)
    if count > num_players and len(set(kinds)) != count:
        fail(
            lang,
            f"--bots da {count} bots para {num_players} asientos y repite alguno: con más bots que "
            f"asientos, cada uno una vez (se sientan todas las elecciones).",
            f"--bots gives {count} bots for {num_players} seats and repeats one: with more bots than "
            f"seats, give each once (every choice of them is seated).",
        )
    if count < num_players and num_players % count:
        fits = [d for d in range(2, num_players + 1) if num_players % d == 0]
        fail(
            lang,
            f"--bots da {count} bots ({', '.join(kinds)}) y no se reparten por igual entre "
            f"{num_players} asientos: da {' o '.join(map(str, fits))} (los {num_players} asientos uno a uno).",
            f"--bots gives {count} bots ({', '.join(kinds)}), which do not share {num_players} seats "
            f"evenly: give {' or '.join(map(str, fits))} (all {num_players} seats one by one).",
        )
    return kinds


# -- paths ---------------------------------------------------------------------------------


def _os_reason(err: OSError, lang: str) -> str:
    reason = os.strerror(err.errno) if err.errno else str(err)
    return say(lang, f"el sistema dice: {reason}", f"the system says: {reason}")


def output_folder(flag: str, path: Path, lang: str) -> Path:
    """A folder the command will write into: made now, so a bad one fails before any work."""
    if path.exists() and not path.is_dir():
        fail(
            lang,
            f"{flag} es una carpeta y {path} ya es un archivo: elige otra ruta.",
            f"{flag} is a folder and {path} is already a file: choose another path.",
        )
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".tapete-probe-{os.getpid()}"
        probe.touch()
        probe.unlink()
    except OSError as err:
        fail(
            lang,
            f"No se puede escribir en la carpeta {path} ({flag}): {_os_reason(err, lang)}.",
            f"Cannot write into the folder {path} ({flag}): {_os_reason(err, lang)}.",
        )
    return path


def output_file(flag: str, path: Path, lang: str) -> Path:
    """A file the command will write: its folder is made and a probe written now."""
    if path.is_dir():
        fail(
            lang,
            f"{flag} es un archivo y {path} es una carpeta: da el nombre del archivo.",
            f"{flag} is a file and {path} is a folder: give the file's name.",
        )
    existed = path.exists()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as err:
        fail(
            lang,
            f"No se puede escribir el archivo {path} ({flag}): {_os_reason(err, lang)}.",
            f"Cannot write the file {path} ({flag}): {_os_reason(err, lang)}.",
        )
    if not existed:
        path.unlink()
    return path


PLOT_FORMATS = ("png", "svg")


def plot_formats(text: str, lang: str) -> list[str]:
    formats = [f.strip().lower() for f in text.split(",") if f.strip()]
    if not formats or any(f not in PLOT_FORMATS for f in formats):
        fail(
            lang,
            f"--plot-format espera png, svg o png,svg, no {text!r}.",
            f"--plot-format expects png, svg or png,svg, not {text!r}.",
        )
    return list(dict.fromkeys(formats))


# -- the post-game analysis ------------------------------------------------------------------


def check_budget(budget: str, lang: str) -> str:
    """`--budget` of tapete analyze: one of the analysis' named budgets."""
    from tapete.analysis import BUDGETS

    if budget not in BUDGETS:
        names = ", ".join(BUDGETS)
        fail(
            lang,
            f"--budget es uno de {names}, no {budget!r}.",
            f"--budget is one of {names}, not {budget!r}.",
        )
    return budget


def record_files(path: Path, lang: str) -> list[Path]:
    """A match record's file, or every `*.json` in a folder of them (sorted by name)."""
    if path.is_dir():
        found = sorted(p for p in path.glob("*.json") if p.is_file())
        if not found:
            fail(
                lang,
                f"La carpeta {path} no tiene registros de partidas (archivos .json).",
                f"The folder {path} holds no match records (.json files).",
            )
        return found
    if not path.exists():
        fail(lang, f"No existe el archivo {path}.", f"There is no file {path}.")
    return [path]
