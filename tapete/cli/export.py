"""`tapete export`: a server's finished matches as a dataset of JSON lines
(tapete.server.storage.export says what a line holds and what it leaves out)."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import secrets
from pathlib import Path
from typing import Annotated

import typer

from .options import LangOpt, check_lang, output_file, pick_game
from .output import console, fail, say

KEY_ENV = "TAPETE_EXPORT_KEY"


def export(
    db: Annotated[str, typer.Option("--db", help="the server's database URL: sqlite:///file.db or postgresql://...")],
    out: Annotated[Path, typer.Option("--out", help="the JSON-lines file to write (one match a line)")],
    game: Annotated[str | None, typer.Option("--game", help="only this game's matches")] = None,
    since: Annotated[
        str | None, typer.Option("--since", help="only matches finished on this day or later (YYYY-MM-DD, UTC)")
    ] = None,
    lang: LangOpt = "es",
) -> None:
    """Write the finished matches as JSON lines: rules version, options, every action with its seat and
    time; people as anonymous ids (keyed by $TAPETE_EXPORT_KEY, else a new key for this file)."""
    from tapete.server.settings import async_db_url
    from tapete.server.storage.export import export_matches

    check_lang(lang)
    game_id = pick_game(game, lang).id if game is not None else None
    since_ts = _since(since, lang) if since is not None else None
    output_file("--out", out, lang)
    url = async_db_url(db)
    _check_database(url, db, lang)
    key_text = os.environ.get(KEY_ENV)
    key = key_text.encode() if key_text else secrets.token_bytes(32)
    try:
        with out.open("w", encoding="utf-8") as stream:
            summary = asyncio.run(export_matches(url, stream, key, game_id, since_ts))
    except Exception as err:  # the database's own errors: one sentence, not a trace
        out.unlink(missing_ok=True)
        fail(
            lang,
            f"No se puede leer la base de datos {db}: {_first_line(err)}.",
            f"Cannot read the database {db}: {_first_line(err)}.",
        )
    console.print(
        say(
            lang,
            f"{summary.written} partidas terminadas escritas en {out}"
            + (f"; {summary.unfinished} sin terminar, fuera." if summary.unfinished else "."),
            f"{summary.written} finished matches written to {out}"
            + (f"; {summary.unfinished} unfinished, left out." if summary.unfinished else "."),
        )
    )
    if not key_text:
        console.print(
            say(
                lang,
                f"Los ids de jugador valen solo en este archivo: pon {KEY_ENV} para mantenerlos entre exportaciones.",
                f"Player ids hold within this file only: set {KEY_ENV} to keep them across exports.",
            )
        )


def _since(text: str, lang: str) -> float:
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        fail(
            lang,
            f"--since espera una fecha AAAA-MM-DD, no {text!r}.",
            f"--since expects a date YYYY-MM-DD, not {text!r}.",
        )
    return dt.datetime.combine(day, dt.time(), dt.UTC).timestamp()


def _check_database(url: str, given: str, lang: str) -> None:
    """A SQLite file must exist (SQLAlchemy would make an empty one)."""
    if url.startswith("sqlite"):
        path = url.split(":///", 1)[-1]
        if not path or not Path(path).is_file():
            fail(lang, f"No existe la base de datos {given}.", f"There is no database at {given}.")


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__
