"""The board: the part of the table screen that draws one seat's view.

`Board` is what every game's widget implements (tapete/tui/games/<pkg>.py);
`TextBoard` draws any game through its own `render_text`, so a game plays in
the terminal the day it lands, before it has a widget of its own. Game
boards paint with a `Painter`: coloured spans, some of them clickable.
"""

from __future__ import annotations

import string
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType
from rich.errors import MarkupError
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from tapete.engine import Game

from .match import Move, Snapshot

DIGITS = "1234567890"


@dataclass
class Painter:
    """Lines of styled text and the spans a click may hit (line, x0, x1, payload)."""

    lines: list[Text] = field(default_factory=lambda: [Text()])
    hits: list[tuple[int, int, int, Any]] = field(default_factory=list)
    _block: int = 0

    def add(self, text: str | Text, style: str = "", hit: Any = None) -> None:
        segment = Text(text, style=style) if isinstance(text, str) else text
        line = self.lines[-1]
        start = line.cell_len
        line.append_text(segment)
        if hit is not None:
            self.hits.append((len(self.lines) - 1, start, line.cell_len, hit))

    def newline(self, count: int = 1) -> None:
        for _ in range(count):
            self.lines.append(Text())

    def block(self, height: int) -> None:
        """Start `height` new lines that `column` fills side by side (tall cards)."""
        self.newline(height)
        self._block = len(self.lines) - height

    def column(self, parts: list[Text], hit: Any = None) -> None:
        """One column of the current block: a part per line, padded to one width."""
        width = max(part.cell_len for part in parts)
        for i, part in enumerate(parts):
            line = self.lines[self._block + i]
            start = line.cell_len
            line.append_text(part)
            line.append(" " * (width - part.cell_len))
            if hit is not None:
                self.hits.append((self._block + i, start, start + width, hit))

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        for i, line in enumerate(self.lines):
            if i:
                out.append("\n")
            out.append_text(line)
        return out


class Canvas(Static):
    """The board's picture; a click on a painted span tells the board what was hit."""

    class Hit(Message):
        def __init__(self, payload: Any) -> None:
            super().__init__()
            self.payload = payload

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hits: list[tuple[int, int, int, Any]] = []

    def paint(self, picture: Painter | RenderableType) -> None:
        if isinstance(picture, Painter):
            self.hits = picture.hits
            self.update(picture.text())
        else:
            self.hits = []
            self.update(picture)

    def on_click(self, event: events.Click) -> None:
        for y, x0, x1, payload in self.hits:
            if event.y == y and x0 <= event.x < x1:
                event.stop()
                self.post_message(self.Hit(payload))
                return


class Board(VerticalScroll):
    """Draws a view; may turn a click or a key into one of the legal moves."""

    DEFAULT_CSS = """
    Board { height: 1fr; padding: 0 1; }
    Board > Canvas { width: 100%; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class Chosen(Message):
        """The person picked a move on the board itself (a click on a card)."""

        def __init__(self, action: int) -> None:
            super().__init__()
            self.action = action

    class Pointed(Message):
        """A click that could mean several moves: the screen highlights them."""

        def __init__(self, actions: list[int]) -> None:
            super().__init__()
            self.actions = actions

    class KeysChanged(Message):
        """The board's own state changed its shortcuts (a card was selected)."""

    def __init__(self, game: Game, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self.snap: Snapshot | None = None
        self.lang = "es"
        # shortcuts of one snapshot in one key state (the snapshot is kept, so `is` cannot be fooled)
        self._shortcuts_cache: tuple[Snapshot, Hashable, dict[str, int]] | None = None

    def compose(self) -> ComposeResult:
        yield Canvas(id="board-body")

    def show(self, snap: Snapshot, lang: str) -> None:
        self.snap, self.lang = snap, lang
        self.repaint()

    def on_resize(self, event: events.Resize) -> None:
        self.repaint()  # boards choose small or tall cards by their size

    def repaint(self) -> None:
        if self.snap is not None and self.is_mounted:
            self.query_one("#board-body", Canvas).paint(self.paint(self.snap, self.lang))

    def paint(self, snap: Snapshot, lang: str) -> Painter | RenderableType:
        """The picture of the view; games override this."""
        return markup_text(self.game.render_text(snap.view, lang))

    def on_canvas_hit(self, message: Canvas.Hit) -> None:
        """A click on a painted span: play the move it means, or point at the candidates."""
        if self.snap is None:
            return
        actions = self.clicked(message.payload, self.snap)
        if len(actions) == 1:
            self.post_message(self.Chosen(actions[0]))
        elif actions:
            self.post_message(self.Pointed(actions))

    def clicked(self, payload: Any, snap: Snapshot) -> list[int]:
        """The legal moves a click on `payload` may mean (games override)."""
        return []

    def shortcuts(self, snap: Snapshot) -> dict[str, int]:
        """Keys that play a move at once (key name -> action). The default
        numbers the first ten moves of the list 1..9, 0; games give their
        moves keys that mean something (Bacan: a digit mirrors that slot)."""
        return number_moves(snap.moves, {})

    def confirmation(self, move: Move, lang: str) -> str | None:
        """The question to ask before Enter plays `move` from the list (None: play it at once)."""
        return None

    def press(self, key: str, snap: Snapshot) -> bool:
        """A key the board uses itself, not a move (select a card). True: used.
        Only the choice changes (no painting: `key_paths` tries keys the person
        never pressed); the screen shows the board again after a key that counted."""
        return False

    def key(self, key: str, snap: Snapshot) -> int | bool | None:
        """What a key does: the move it plays, True when it only changed the
        board's own choice (`press`), None when the board does not use it.
        The table screen and `key_paths` both go through here."""
        if self.press(key, snap):
            return True
        cached = self._shortcuts_cache
        state = self.key_state()
        if cached is None or cached[0] is not snap or cached[1] != state:
            cached = self._shortcuts_cache = (snap, state, self.shortcuts(snap))
        return cached[2].get(key)

    def key_state(self) -> Hashable:
        """The board's own half-made choice (row, selected card...), for `key_paths`."""
        return None

    def set_key_state(self, state: Hashable) -> None:
        """Put back a choice `key_state` returned."""

    def hotkeys_help(self, snap: Snapshot, lang: str) -> str:
        """One short line saying which shortcuts work now ("" for none)."""
        return ""

    def move_label(self, move: Move, lang: str) -> Text | None:
        """How a move appears in the list; None keeps the game's description."""
        return None


class TextBoard(Board):
    """Any game, through its `render_text`."""


# Keys a board may use: the screen keeps F1/F2, +/-, Esc, ^Q and the list's Enter and arrows.
BOARD_KEYS = (*string.ascii_letters, *string.digits, "space")


def key_paths(board: Board, snap: Snapshot, depth: int = 4) -> dict[int, tuple[str, ...]]:
    """Every move some sequence of at most `depth` board keys plays from the
    board's present choice, with the shortest such sequence. The board is
    left as it was. This is the terminal's own input model: a move missing
    here can only be reached by scrolling the list."""
    start = board.key_state()
    found: dict[int, tuple[str, ...]] = {}
    seen = {start}
    frontier: list[tuple[Hashable, tuple[str, ...]]] = [(start, ())]
    try:
        for _ in range(depth):
            following: list[tuple[Hashable, tuple[str, ...]]] = []
            for state, path in frontier:
                for key in BOARD_KEYS:
                    board.set_key_state(state)
                    result = board.key(key, snap)
                    if result is True:
                        after = board.key_state()
                        if after not in seen:
                            seen.add(after)
                            following.append((after, (*path, key)))
                    elif isinstance(result, int) and not isinstance(result, bool):
                        found.setdefault(result, (*path, key))
            frontier = following
    finally:
        board.set_key_state(start)
    return found


def key_name(event: events.Key) -> str:
    """A key as boards name it: the character typed, or Textual's name ("space")."""
    char = event.character
    if char and char.isprintable() and not char.isspace():
        return char
    return event.key


def number_moves(moves: list[Move], keys: dict[str, int]) -> dict[str, int]:
    """Give the moves without a key the free digits 1..9, 0, in list order."""
    taken = set(keys.values())
    free = [d for d in DIGITS if d not in keys]
    out = dict(keys)
    for move in moves:
        if not free:
            break
        if move.action not in taken:
            out[free.pop(0)] = move.action
    return out


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
