"""The table screen: board, scores, log, the person's legal moves, the clock."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar, Protocol

from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from tapete.engine import Game, TapeteError
from tapete.engine.bot_names import bot_level

from .boards import Board, key_name, key_paths, scores_of
from .games import board_type
from .i18n import other_lang, t
from .match import LocalTable, Move, Snapshot
from .scheduling import ThreadThinker

LOG_LINES = 120  # latest events kept on screen (the whole log stays in the source)
KEY_DEPTH = 6  # the longest key sequence shown beside a move (Bacan: rows both ways, a power, a slot)
KEY_SIGNS = {"space": "␣"}
KEY_COLUMN = 5  # the widest key sequence shown beside a move ("a a 3")


class TableSource(Protocol):
    """A match the screen can show: local against bots, or a seat on a server."""

    on_change: Callable[[], None]

    def start(self) -> None: ...

    def close(self) -> None: ...

    def snapshot(self, lang: str) -> Snapshot: ...

    def log(self, lang: str) -> list[str]: ...

    def choose(self, action: int) -> bool: ...


class TableScreen(Screen[str]):
    """Plays one match; dismisses with again | menu | quit."""

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #topline { height: 1; background: $primary-background; color: $text; padding: 0 1; }
    #middle { height: 1fr; }
    #board { width: 1fr; border: round $primary; }
    #side { width: 32; }
    #scores { height: auto; max-height: 55%; border: round $secondary; padding: 0 1; scrollbar-size-vertical: 1; }
    #log { height: 1fr; border: round $secondary; padding: 0 0 0 1; scrollbar-size-vertical: 1; }
    /* one line a move, cut with "…" if too long: five rows show five moves */
    #moves { height: 9; border: round $success; text-wrap: nowrap; text-overflow: ellipsis; }
    #moves:focus { border: round $success; }
    #status { height: 1; padding: 0 1; }
    #keys { height: 1; padding: 0 1; background: $panel; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "rules", show=False),
        Binding("f2", "lang", show=False),
        Binding("plus", "speed(-1)", show=False),
        Binding("minus", "speed(1)", show=False),
        Binding("escape", "menu", show=False),
        Binding("ctrl+q", "quit", show=False, priority=True),
    ]

    def __init__(self, game: Game, make_source: Callable[[Widget], TableSource], lang: str) -> None:
        super().__init__()
        self.game = game
        self.make_source = make_source
        self.source: TableSource | None = None
        self.lang = lang
        self.snap: Snapshot | None = None
        self._moves_key: tuple[Any, ...] = ()
        self._armed: int | None = None  # a move picked once in the list that asks to be confirmed
        self._log_count = 0
        self._over_shown = False
        self._events_seen = 0  # events already checked for a round result to show
        self._escape_at = 0.0
        self._alive = False
        self._redraw_pending = False
        self.rematch = True  # False for a seat on a server: the server decides what comes next
        self.board: Board = board_type(game.id)(game, id="board")

    # -- layout -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="topline")
        with Horizontal(id="middle"):
            yield self.board
            with Vertical(id="side"):
                with VerticalScroll(id="scores"):
                    yield Static(id="scores-body")
                with VerticalScroll(id="log"):
                    yield Static(id="log-body")
        yield OptionList(id="moves")
        yield Static(id="status")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self._alive = True
        self.source = self.make_source(self)  # built now: its timers belong to this screen
        self.source.on_change = self._changed
        self._titles()
        self.query_one("#moves", OptionList).focus()
        self.source.start()
        self.refresh_table()

    def on_unmount(self) -> None:
        self._alive = False
        if self.source is None:
            return
        self.source.close()
        thinker = getattr(self.source, "thinker", None)
        if isinstance(thinker, ThreadThinker):
            thinker.shutdown()

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        self.query_one("#moves").styles.height = max(6, min(14, height // 4 + 1))
        self.query_one("#side").styles.width = 32 if width < 110 else 40
        if self._alive:
            self.call_after_refresh(self.refresh_table)  # the scores choose one or two seats a row by height

    def _titles(self) -> None:
        lang = self.lang
        self.query_one("#moves").border_title = t("table.moves", lang)
        self.query_one("#log").border_title = t("table.log", lang)
        self.query_one("#scores").border_title = t("table.scores", lang)
        self.board.border_title = self.game.name[lang]

    # -- drawing ------------------------------------------------------------------
    def _changed(self) -> None:
        """The match changed: redraw once after the pending messages (bots may
        make several moves in a row; one redraw shows them all)."""
        if not self._redraw_pending:
            self._redraw_pending = True
            self.call_later(self.refresh_table)

    def refresh_table(self) -> None:
        """Redraw from a fresh snapshot (called whenever the match changes)."""
        self._redraw_pending = False
        if not self._alive or self.source is None:
            return
        snap = self.source.snapshot(self.lang)
        self.snap = snap
        if snap.ready:
            self.board.show(snap, self.lang)
        self.query_one("#topline", Static).update(self._topline(snap))
        self.query_one("#scores-body", Static).update(self._scores(snap))
        self._update_log()
        self._update_moves(snap)
        self.query_one("#status", Static).update(self._status(snap))
        self.query_one("#keys", Static).update(self._keys(snap))
        self._show_results(snap)
        if snap.over and not self._over_shown:
            self._over_shown = True
            self.set_timer(0.6, self._show_game_over)

    def _show_results(self, snap: Snapshot) -> None:
        """Each round result that arrived since the last look, in a panel that waits for a key."""
        from .dialogs import ResultScreen, is_round_result

        events = snap.events or []
        new = range(self._events_seen, len(events))
        self._events_seen = len(events)
        found = [i for i in new if is_round_result(self.game, events[i])]
        if not found or self.source is None:
            return
        lines = self.source.log(self.lang)
        for i in found:
            if i >= len(lines):
                continue
            if isinstance(self.app.screen, ResultScreen):
                self.app.screen.add(lines[i])
            else:
                self.app.push_screen(ResultScreen(lines[i], self.lang), self._result_read)

    def _result_read(self, _: None = None) -> None:
        """The result panel was closed: the table's round pause need not wait for this person."""
        dismiss = getattr(self.source, "dismiss", None)
        if callable(dismiss):
            dismiss()

    def _topline(self, snap: Snapshot) -> Text:
        lang, view = self.lang, snap.view
        text = Text(f"tapete · {self.game.name[lang]}", style="bold")
        if view.get("round") is not None:  # in the game's words: WANTED's deals, Buracco's hands
            own = self.game.client.round_text
            said = own[lang].format(n=view["round"]) if own else t("table.round", lang, round=view["round"])
            text.append(" · " + said[:1].upper() + said[1:])
        if snap.seat is not None and snap.seat < len(snap.names):
            text.append(f" · {snap.names[snap.seat]}")
        return text

    def _scores(self, snap: Snapshot) -> Table:
        """A row per seat (two seats a row when a long table would crowd out the log)."""
        lang = self.lang
        scores = scores_of(snap.view)
        per_seat = len(scores) == len(snap.names)
        pairs = len(snap.names) + 2 > max(6, self.query_one("#middle").size.height // 2)
        table = Table(box=None, pad_edge=False, show_header=False, expand=True)
        for _ in range(2 if pairs else 1):
            table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
            table.add_column(justify="right", no_wrap=True)
        cells: list[Text | str] = []
        for seat, name in enumerate(snap.names):
            mark = "▶ " if seat in snap.required else ("· " if seat in snap.actors else "  ")
            style = "bold" if seat == snap.seat else ""
            if seat in snap.required:
                style += " green"
            if snap.over and seat in snap.winners:
                style, mark = "bold yellow", "★ "
            label = Text(f"{mark}{name}", style=style.strip())
            kind = snap.kinds[seat] if seat < len(snap.kinds) else None
            if kind and not pairs:  # two a row: no room for the level (the setup screen says it)
                label.append(f" {bot_level(kind, self.lang)}", style="dim")
            score = _fmt(scores[seat]) if per_seat else ""
            cells += [label, score + (" " if pairs and seat % 2 == 0 else "")]
        if scores and not per_seat:
            for side, score in enumerate(scores):
                cells += [Text(t("side.name", lang, side=side + 1), style="italic"), _fmt(score)]
        width = 4 if pairs else 2
        for start in range(0, len(cells), width):
            row = cells[start : start + width]
            table.add_row(*row, *[""] * (width - len(row)))
        return table

    def _update_log(self, force: bool = False) -> None:
        """The latest events, newest at the bottom (re-described on a language switch)."""
        lines = self.source.log(self.lang) if self.source is not None else []
        if len(lines) == self._log_count and not force:
            return
        self._log_count = len(lines)
        text = Text()
        for i, line in enumerate(lines[-LOG_LINES:]):
            if i:
                text.append("\n")
            text.append("· ", style="dim")
            text.append(line)
        self.query_one("#log-body", Static).update(text)
        log = self.query_one("#log", VerticalScroll)
        log.call_after_refresh(log.scroll_end, animate=False)

    def _update_moves(self, snap: Snapshot) -> None:
        """The legal moves as a list, each with its shortcut key; rebuilt only when it changes."""
        listing = self.query_one("#moves", OptionList)
        # each move with the keys that play it from here (one key, or a few: `a 3` mirrors a rival's slot)
        keys = {
            action: " ".join(KEY_SIGNS.get(k, k) for k in path)
            for action, path in key_paths(self.board, snap, KEY_DEPTH).items()
        }
        keys = {action: key for action, key in keys.items() if len(key) <= KEY_COLUMN}  # the hint line says the rest
        queued = snap.queued.action if snap.queued else None
        cache = (tuple((m.action, m.text, keys.get(m.action)) for m in snap.moves), queued)
        if cache == self._moves_key:
            return
        self._moves_key = cache
        self._armed = None  # the moves changed: a confirmation asked before no longer holds
        previous = listing.highlighted_option.id if listing.highlighted_option else None
        width = max((len(k) for k in keys.values()), default=1)
        options = [
            Option(self._move_label(keys.get(m.action, ""), m, queued, width), id=str(m.action)) for m in snap.moves
        ]
        if not options:
            options = [Option(Text(t("table.no_moves", self.lang), style="dim"), id="none", disabled=True)]
        listing.set_options(options)
        ids = [o.id for o in options]
        if previous in ids:
            listing.highlighted = ids.index(previous)
        elif snap.moves:
            listing.highlighted = 0

    def _move_label(self, key: str, move: Move, queued: int | None, width: int = 1) -> Text:
        label = self.board.move_label(move, self.lang)
        body = label if isinstance(label, Text) else Text(move.text)
        text = Text(f"{key:>{width}} ", style="bold cyan")
        if move.action == queued:
            text.append("⏳ ", style="yellow")
        elif move.reaction:
            text.append("⚡ ", style="bold yellow")
        text.append_text(body)
        if move.reaction:
            text.stylize("yellow", 2)
        return text

    def _status(self, snap: Snapshot) -> Text:
        lang = self.lang
        if snap.error:
            return Text(snap.error, style="bold red")
        if snap.over:
            return Text(t("over.title", lang), style="bold yellow")
        if snap.queued is not None:
            return Text(t("table.queued", lang, move=snap.queued.text), style="yellow")
        if snap.notice:
            return Text(snap.notice, style="yellow")
        if snap.must_move:
            return Text(t("table.your_turn", lang), style="bold green")
        if snap.my_turn:
            return Text(t("table.you_may", lang), style="bold yellow")
        if snap.seat is None:
            return Text(t("table.spectator", lang), style="italic")
        who = ", ".join(snap.names[s] for s in snap.required) or "…"
        return Text(t("table.waiting", lang, who=who), style="dim")

    # The screen's keys a short line leaves out first (the bots' pace and quitting stay).
    SPARE_KEYS = ("F2", "F1", "Esc")

    def _keys(self, snap: Snapshot) -> Text:
        """The keys that work now: the board's own first, then the screen's; a short line
        sets them closer, then leaves out the least needed ones (`SPARE_KEYS`)."""
        lang = self.lang
        extra = self.board.hotkeys_help(snap, lang)
        parts = [] if extra else [("1-9", "jugada" if lang == "es" else "move")]
        parts += [
            ("F1", t("key.rules", lang)),
            ("^Q", t("key.quit", lang)),
            ("Esc", t("key.menu", lang)),
            ("F2", "english" if lang == "es" else "español"),
            ("+/-", "bots"),
        ]
        room, gap = max(20, self.size.width - 2), "  "

        def width() -> int:
            return len(extra) + len(gap) + sum(len(k) + len(w) + 1 + len(gap) for k, w in parts) - len(gap)

        if width() > room:
            gap = " "
            short = {"F2": "en" if lang == "es" else "es"}
            parts = [(k, short.get(k, w)) for k, w in parts]
        for spare in self.SPARE_KEYS:
            if width() <= room:
                break
            parts = [(k, w) for k, w in parts if k != spare]
        text = Text(no_wrap=True, overflow="ellipsis")
        if extra:
            text.append(extra + gap, style="bold yellow")
        for i, (key, what) in enumerate(parts):
            text.append(gap if i else "")
            text.append(key, style="bold")
            text.append(f" {what}")
        return text

    # -- input -------------------------------------------------------------------
    def choose(self, action: int) -> None:
        self._armed = None
        if self.source is None:
            return
        try:
            self.source.choose(action)
        except TapeteError as err:
            text = err.en if self.lang == "en" else err.es
            # the sentence only: the rule id is for the rules, never in what a player reads
            self.notify(t("table.illegal", self.lang, text=text), severity="error")
        self.refresh_table()

    @on(OptionList.OptionSelected, "#moves")
    def _move_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and event.option.id.isdigit():
            action = int(event.option.id)
            if self._asks_confirmation(action):
                return
            self.choose(action)

    def _asks_confirmation(self, action: int) -> bool:
        """Enter on a move that cannot be taken back (Bacan's call) only arms it:
        the same choice again plays it. True: armed now, nothing played."""
        snap = self.snap
        move = next((m for m in snap.moves if m.action == action), None) if snap else None
        question = self.board.confirmation(move, self.lang) if move else None
        if question is None or self._armed == action:
            return False
        self._armed = action
        self.notify(question, severity="warning", timeout=3)
        return True

    @on(Board.Chosen)
    def _board_chosen(self, event: Board.Chosen) -> None:
        self.choose(event.action)

    @on(Board.KeysChanged)
    def _board_keys_changed(self) -> None:
        self._moves_key = ()
        self.refresh_table()

    @on(Board.Pointed)
    def _board_pointed(self, event: Board.Pointed) -> None:
        """A click that means several moves: highlight the first of them in the list."""
        listing = self.query_one("#moves", OptionList)
        for action in event.actions:
            try:
                listing.highlighted = listing.get_option_index(str(action))
            except OptionDoesNotExist:  # not in the list (it changed meanwhile)
                continue
            listing.focus()
            return

    def on_key(self, event: events.Key) -> None:
        snap = self.snap
        if snap is None or snap.over:
            return
        result = self.board.key(key_name(event), snap)
        if result is True:
            event.stop()
            self._board_keys_changed()
        elif isinstance(result, int) and not isinstance(result, bool):
            event.stop()
            self.choose(result)

    def action_rules(self) -> None:
        from .dialogs import RulesScreen

        self.app.push_screen(RulesScreen(self.game, self.lang))

    def action_lang(self) -> None:
        self.lang = other_lang(self.lang)
        set_lang = getattr(self.source, "set_lang", None)
        if set_lang is not None:  # a server seat: the server words its texts
            set_lang(self.lang)
        self._titles()
        self._moves_key = ()
        self._update_log(force=True)
        self.refresh_table()
        self.notify(t("table.lang_set", self.lang), timeout=1.5)

    def action_speed(self, direction: int) -> None:
        """Slower (+1) or quicker (-1) bot reflexes, from the next decision on."""
        source = self.source
        if not isinstance(source, LocalTable):
            return
        timing = source.timing
        scale = min(3.0, max(0.2, round(timing.reaction_scale * (1.25 if direction > 0 else 0.8), 2)))
        source.timing = replace(timing, reaction_scale=scale)
        self.notify(t("table.speed_set", self.lang, scale=scale), timeout=1.5)

    def action_menu(self) -> None:
        now = time.monotonic()
        if now - self._escape_at < 2.0 or (self.snap is not None and self.snap.over):
            self.dismiss("menu")
            return
        self._escape_at = now
        self.notify(
            "Pulsa Esc otra vez para volver al menú." if self.lang == "es" else "Press Esc again for the menu.",
            timeout=2,
        )

    def action_quit(self) -> None:
        self.app.exit()

    def _show_game_over(self) -> None:
        from .dialogs import GameOverScreen, ResultScreen

        if self.snap is None:
            return
        if isinstance(self.app.screen, ResultScreen):  # the last round's result is read first
            self.set_timer(0.5, self._show_game_over)
            return

        def after(choice: str | None) -> None:
            if choice in ("again", "menu", "quit"):
                self.dismiss(choice)

        self.app.push_screen(GameOverScreen(self.snap, self.lang, rematch=self.rematch), after)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
