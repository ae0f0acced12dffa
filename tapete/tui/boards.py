"""The board: the part of the table screen that draws one seat's view.

`Board` is what every game's widget implements (tapete/tui/games/<pkg>.py);
`TextBoard` draws any game through its own `render_text`, so a game plays in
the terminal the day it lands, before it has a widget of its own.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.errors import MarkupError
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from tapete.engine import Game

from .table import Move, Snapshot


class Board(VerticalScroll):
    """Draws a view; may turn a click or a key into one of the legal moves."""

    DEFAULT_CSS = """
    Board { height: 1fr; padding: 0 1; }
    Board > Static { width: 100%; }
    """

    class Chosen(Message):
        """The person picked a move on the board itself (a click on a card)."""

        def __init__(self, action: int) -> None:
            super().__init__()
            self.action = action

    def __init__(self, game: Game, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self.snap: Snapshot | None = None
        self.lang = "es"

    def compose(self) -> ComposeResult:
        yield Static(id="board-body")

    def show(self, snap: Snapshot, lang: str) -> None:
        self.snap, self.lang = snap, lang
        self.query_one("#board-body", Static).update(self.render_view(snap, lang))

    def render_view(self, snap: Snapshot, lang: str) -> RenderableType:
        """The picture of the view; games override this."""
        return markup_text(self.game.render_text(snap.view, lang))

    def hotkey(self, key: str, snap: Snapshot) -> int | None:
        """A game's own shortcut (Bacan: a digit claims a mirror). None: not mine."""
        return None

    def hotkeys_help(self, snap: Snapshot, lang: str) -> str:
        """One short line saying which shortcuts work now ("" for none)."""
        return ""

    def move_label(self, move: Move, lang: str) -> RenderableType | None:
        """How a move appears in the list; None keeps the game's description."""
        return None


class TextBoard(Board):
    """Any game, through its `render_text`."""


def markup_text(text: str) -> Text:
    """Rich markup from a game's text; shown literally if the markup is broken."""
    try:
        return Text.from_markup(text)
    except MarkupError:
        return Text(text)


def scores_of(view: dict[str, Any]) -> list[Any]:
    """The scores a view shows, as a list (games use a list per seat or per side)."""
    scores = view.get("scores")
    if isinstance(scores, dict):
        return list(scores.values())
    if isinstance(scores, list | tuple):
        return list(scores)
    return []
