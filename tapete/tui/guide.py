"""A game's player's guide for the terminal (`tapete rules`): the guide's data
(tapete.games.guide) drawn with Rich, its cards in the same glyphs and letters
as the terminal table; the reglamento follows only on request (`--full`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tapete.engine import Game
from tapete.games.guide import guide_json

from .games import glyph
from .games.common import back_cell

FULL_HINT = {
    "es": "El reglamento, con los números de regla y los nombres de las opciones: tapete rules {game} --full",
    "en": "The rulebook, with rule numbers and option names: tapete rules {game} --full",
}


def card_glyph(game_id: str, face: str | None, lang: str) -> Text:
    """A card as the terminal table draws it; a face-down card as its back."""
    return back_cell() if face is None else glyph(game_id, face, lang)


def _cards(game_id: str, block: Mapping[str, Any], lang: str) -> RenderableType:
    row = Text()
    for i, card in enumerate(block["cards"]):
        if i:
            row.append("  ")
        row.append_text(card_glyph(game_id, card["face"], lang))
    names = Text(" / ".join(card["name"] for card in block["cards"]), style="dim")
    return Padding(Group(row, names, Text(block["caption"], style="italic")), (0, 0, 1, 2))


def _block(game_id: str, block: Mapping[str, Any], lang: str) -> Iterator[RenderableType]:
    kind = block["type"]
    if kind == "para":
        yield Padding(Text(block["text"]), (0, 0, 1, 0))
    elif kind in ("steps", "bullets"):
        marks = [f"{i}." if kind == "steps" else "•" for i in range(1, len(block["items"]) + 1)]
        yield _listed([(mark, Text(item)) for mark, item in zip(marks, block["items"], strict=True)])
    elif kind == "cards":
        yield _cards(game_id, block, lang)
    elif kind == "field":  # the terminal lists the field's cards; the web draws the lattice
        yield _cards(game_id, {"cards": block["cells"], "caption": block["caption"]}, lang)
    elif kind == "example":
        yield Text(block["title"], style="bold yellow")
        for inner in block["blocks"]:
            yield from _block(game_id, inner, lang)
    elif kind == "option":
        text = Text.assemble((block["label"], "bold"), "\n", block["text"], " ", (block["default"], "dim"))
        yield _listed([("•", text)])


def _listed(items: list[tuple[str, Text]]) -> RenderableType:
    """Marked items with a hanging indent, so a wrapped line stays under its text."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold cyan", no_wrap=True)
    grid.add_column()
    for mark, text in items:
        grid.add_row(mark, text)
    return Padding(grid, (0, 0, 1, 2))


def guide_renderables(game: Game, lang: str, *, full: bool = False) -> Iterator[RenderableType]:
    """The guide, section by section; with `full`, the reglamento after it."""
    data = guide_json(game, lang)
    yield Text(game.name[lang], style="bold magenta", justify="center")
    yield Padding(Text(data["summary"]), (1, 0))
    for section in data["sections"]:
        yield Rule(Text(section["title"], style="bold green"), align="left", style="green")
        for block in section["blocks"]:
            yield from _block(game.id, block, lang)
    reglamento = data["reglamento"]
    if full:
        yield Rule(Text(reglamento["title"], style="bold green"), align="left", style="green")
        yield Text(reglamento["note"], style="italic")
        yield Markdown(reglamento["markdown"])
    else:
        yield Rule(style="green")
        yield Text(FULL_HINT[lang].format(game=game.id), style="dim")
