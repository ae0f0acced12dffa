"""Screens over the table: the rules, a round's result, and the end of the match."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from tapete.engine import Event, Game

from .boards import scores_of
from .guide import guide_renderables
from .i18n import other_lang, t
from .match import Snapshot


class RulesScreen(ModalScreen[None]):
    """The game's guide then its reglamento, drawn as `tapete rules --full` draws them, in es or en (F2 switches)."""

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    #rules-box { width: 100; max-width: 96%; height: 92%; border: round $accent; background: $surface; }
    #rules-title { text-style: bold; padding: 0 1; color: $accent; }
    #rules-scroll { height: 1fr; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", "cerrar / close"),
        Binding("f2,l", "lang", "idioma / language"),
    ]

    def __init__(self, game: Game, lang: str) -> None:
        super().__init__()
        self.game, self.lang = game, lang

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box"):
            yield Static(t("rules.title", self.lang, game=self.game.name[self.lang]), id="rules-title")
            with VerticalScroll(id="rules-scroll"):
                yield Static(self._guide(), id="rules-md")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    async def action_lang(self) -> None:
        self.lang = other_lang(self.lang)
        self.query_one("#rules-title", Static).update(t("rules.title", self.lang, game=self.game.name[self.lang]))
        self.query_one("#rules-md", Static).update(self._guide())

    def _guide(self) -> Group:
        return Group(*guide_renderables(self.game, self.lang, full=True))


def is_round_result(game: Game, event: Event) -> bool:
    """An event that closes a round (or a battle) with its breakdown, shown until a key
    (the game's `client` facts: `result_events`, `result_when`)."""
    return game.client.shows_result(event.kind, event.data, game.round_result_events)


class ResultScreen(ModalScreen[None]):
    """A round's result in the catalogue's words; it stays until a key is pressed.
    A result taller than the window lays its lists (points per player...) in columns,
    since a key closes the panel and it could not be scrolled."""

    DEFAULT_CSS = """
    ResultScreen { align: center middle; }
    #result-box { width: 78; max-width: 98%; height: auto; max-height: 100%;
                  border: round $accent; background: $surface; }
    #result-title { text-style: bold; padding: 0 1; color: $accent; }
    #result-scroll { height: auto; padding: 0 1; }
    #result-hint { color: $text-muted; padding: 0 1; }
    """

    def __init__(self, text: str, lang: str) -> None:
        super().__init__()
        self.text, self.lang = text, lang

    def compose(self) -> ComposeResult:
        with Vertical(id="result-box"):
            yield Static(t("result.title", self.lang), id="result-title")
            with VerticalScroll(id="result-scroll"):
                yield Static(Text(self._fitted()), id="result-text")
            yield Static(t("result.hint", self.lang), id="result-hint")

    def _room(self) -> tuple[int, int]:
        """Columns and lines the result text may use in this window."""
        width, height = self.app.size
        return min(78, int(width * 0.98)) - 4, height - 4  # border, padding; border, title, hint

    def _fitted(self) -> str:
        width, height = self._room()
        return in_columns(self.text, width, height)

    def on_mount(self) -> None:
        self.query_one("#result-scroll").styles.max_height = self._room()[1]

    def add(self, text: str) -> None:
        """Another result arrived while this one is up: shown below it, one panel, one key."""
        self.text += "\n\n" + text
        for shown in self.query("#result-text").results(Static):  # none yet when pushed this very turn
            shown.update(Text(self._fitted()))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)


def in_columns(text: str, width: int, height: int) -> str:
    """`text` in at most `height` lines if it can be: its longest runs of indented
    lines (a list: "  Ana: 3 puntos") are laid out in columns, read downwards."""
    lines = text.split("\n")
    while _shown_lines(lines, width) > height:
        runs = _indented_runs(lines)
        best = None
        for start, end in sorted(runs, key=lambda r: r[0] - r[1]):  # longest first
            item = max(len(line) for line in lines[start:end]) + 3
            if width // item >= 2:
                best = (start, end, width // item, item)
                break
        if best is None:
            break
        start, end, cols, item = best
        items = lines[start:end]
        rows = -(-len(items) // cols)
        lines[start:end] = [
            "".join(items[r + c * rows].ljust(item) for c in range(cols) if r + c * rows < len(items)).rstrip()
            for r in range(rows)
        ]
        if rows == end - start:  # nothing gained
            break
    return "\n".join(lines)


def _shown_lines(lines: list[str], width: int) -> int:
    """Lines on screen once the long ones wrap."""
    return sum(max(1, -(-Text(line).cell_len // width)) for line in lines)


def _indented_runs(lines: list[str]) -> list[tuple[int, int]]:
    runs, start = [], None
    for i, line in enumerate([*lines, ""]):
        listed = line.startswith("  ") and "   " not in line.strip()  # a list item, not columns already
        if listed and start is None:
            start = i
        elif not listed and start is not None:
            if i - start > 1:
                runs.append((start, i))
            start = None
    return runs


def result_lines(snap: Snapshot, lang: str) -> Text:
    """Who won, said to the person."""
    names = snap.names
    who = ", ".join(names[w] for w in snap.winners)
    out = Text()
    if snap.seat is not None:
        won = snap.seat in snap.winners
        out.append(t("over.you_win" if won else "over.you_lose", lang) + "\n", style="bold green" if won else "bold")
    if not snap.winners:
        out.append(t("over.nobody", lang))
    else:
        key = "over.winners" if len(snap.winners) == 1 else "over.winners_many"
        out.append(t(key, lang, who=who), style="bold yellow")
    return out


def result_table(snap: Snapshot, lang: str) -> Table:
    """Final figures per seat (the outcome's scores)."""
    table = Table(box=None, pad_edge=False, show_header=False)
    table.add_column()
    table.add_column(justify="right")
    scores = list(snap.scores) or scores_of(snap.view)
    for seat, name in enumerate(snap.names):
        score = scores[seat] if seat < len(scores) else ""
        mark = " ★" if seat in snap.winners else ""
        style = "bold yellow" if seat in snap.winners else ""
        shown = f"{score:g}" if isinstance(score, float) else str(score)
        table.add_row(Text(f"{name}{mark}", style=style), shown)
    return table


class GameOverScreen(ModalScreen[str]):
    """The end: winners and final figures; dismisses with again | menu | quit | table."""

    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    #over-box { width: 56; max-width: 96%; height: auto; max-height: 90%;
                border: double $warning; background: $surface; padding: 0 2; }
    #over-title { text-style: bold; color: $warning; content-align: center middle; width: 100%; }
    #over-result { padding: 1 0 0 0; }
    #over-table { padding: 1 0; height: auto; }
    #over-buttons { height: 1; align: center middle; }
    #over-buttons Button { margin: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a,enter", "choose('again')", "otra / again", show=False),
        Binding("m,escape", "choose('menu')", "menú / menu", show=False),
        Binding("q", "choose('quit')", "salir / quit", show=False),
        Binding("v", "choose('table')", "ver mesa / see table", show=False),
    ]

    def __init__(self, snap: Snapshot, lang: str, *, rematch: bool = True) -> None:
        super().__init__()
        self.snap, self.lang, self.rematch = snap, lang, rematch

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="over-box"):
            yield Static(t("over.title", lang), id="over-title")
            yield Static(result_lines(self.snap, lang), id="over-result")
            yield Static(t("over.rounds", lang, rounds=self.snap.rounds))
            yield Static(result_table(self.snap, lang), id="over-table")
            with Horizontal(id="over-buttons"):
                if self.rematch:
                    yield Button(t("over.again", lang), id="again", variant="success", compact=True)
                    yield Button(t("over.menu", lang), id="menu", compact=True)
                yield Button(t("over.quit", lang), id="quit", variant="error", compact=True)

    def on_mount(self) -> None:
        self.query_one("#again" if self.rematch else "#quit", Button).focus()

    def action_choose(self, what: str) -> None:
        if what in ("again", "menu") and not self.rematch:
            return
        self.dismiss(what)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id:
            self.dismiss(event.button.id)
