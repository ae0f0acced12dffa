"""The table screen of a seat on a server: the table chat (its lines in the log,
F3 to write one or send a quick phrase) and the rematch at the end of the match
(r asks for it, n declines; the screen moves to the new match when it starts)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tapete.protocol import CHAT_TEXT_MAX, PHRASE_IDS, PHRASES

from .dialogs import ResultScreen, result_lines, result_table
from .i18n import t
from .match import Snapshot
from .remote import RemoteTable
from .screen import LOG_LINES, TableScreen


class RemoteTableScreen(TableScreen):
    """TableScreen for a server's seat; dismisses with "rematch" when the new match started."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("f3", "chat", show=False)]

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.rematch = False  # the server decides what comes next, not a local "play again"
        self._chat_read = 0  # chat lines the person has seen in the chat screen

    @property
    def remote(self) -> RemoteTable | None:
        return self.source if isinstance(self.source, RemoteTable) else None

    def refresh_table(self) -> None:
        super().refresh_table()
        source = self.remote
        if source is None or not self._alive:
            return
        if source.rematch_seat is not None:
            self._follow_rematch()
            return
        top = self.app.screen
        if isinstance(top, (ChatScreen, RemoteOverScreen)):
            top.update()

    def _follow_rematch(self) -> None:
        """The rematch started: close what is open over the table and hand over to the app."""
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        self.dismiss("rematch")

    def _update_log(self, force: bool = False) -> None:
        """Events and chat lines in the order they arrived, newest at the bottom."""
        source = self.remote
        if source is None:
            super()._update_log(force)
            return
        feed = source.timeline(self.lang)
        if len(feed) == self._log_count and not force:
            return
        self._log_count = len(feed)
        text = Text()
        for i, (kind, line) in enumerate(feed[-LOG_LINES:]):
            if i:
                text.append("\n")
            if kind == "chat":
                text.append("» ", style="bold magenta")
                text.append(line, style="magenta")
            else:
                text.append("· ", style="dim")
                text.append(line)
        self.query_one("#log-body", Static).update(text)
        log = self.query_one("#log", VerticalScroll)
        log.call_after_refresh(log.scroll_end, animate=False)

    def unread(self) -> int:
        source = self.remote
        if source is None:
            return 0
        new = source.chat[self._chat_read :]
        return sum(1 for line in new if not source.is_mine(line) and not source.is_muted(line, self.lang))

    def _keys(self, snap: Snapshot) -> Text:
        """The keys line of a server's seat: no bot speed here (the server paces its bots), F3 chat instead."""
        lang = self.lang
        extra = self.board.hotkeys_help(snap, lang)
        unread = self.unread()
        chat = t("key.chat", lang) + (f" ({t('chat.unread', lang, n=unread)})" if unread else "")
        parts = [] if extra else [("1-9", "jugada" if lang == "es" else "move")]
        parts += [
            ("F1", t("key.rules", lang)),
            ("F2", "english" if lang == "es" else "español"),
            ("F3", chat),
            ("Esc", t("key.menu", lang)),
            ("^Q", t("key.quit", lang)),
        ]
        text = Text()
        if extra:
            text.append(extra + "  ", style="bold yellow")
        for key, what in parts:
            text.append(key, style="bold")
            text.append(f" {what}  ", style="bold magenta" if key == "F3" and unread else "")
        return text

    def action_chat(self) -> None:
        source = self.remote
        if source is None or isinstance(self.app.screen, ChatScreen):
            return
        self.app.push_screen(ChatScreen(source, self.lang), self._chat_closed)

    def _chat_closed(self, _: None = None) -> None:
        self._chat_read = len(self.remote.chat) if self.remote else 0
        self.refresh_table()

    def _show_game_over(self) -> None:
        source = self.remote
        if self.snap is None or source is None:
            return
        if isinstance(self.app.screen, (ResultScreen, ChatScreen)):  # what is open is read first
            self.set_timer(0.5, self._show_game_over)
            return

        def after(choice: str | None) -> None:
            if choice == "quit":
                self.dismiss("quit")

        self.app.push_screen(RemoteOverScreen(self.snap, self.lang, source), after)


# Chat commands that hide a person's lines for oneself (True) or show them again (False), in es and en.
MUTE_COMMANDS = {"/silenciar": True, "/mute": True, "/escuchar": False, "/unmute": False}


class ChatScreen(ModalScreen[None]):
    """The table's chat: every line, a box to write one, and the quick phrases (Tab, 1-5)."""

    DEFAULT_CSS = """
    ChatScreen { align: center middle; }
    #chat-box { width: 76; max-width: 98%; height: 22; max-height: 98%; border: round $accent; background: $surface; }
    #chat-title { text-style: bold; color: $accent; padding: 0 1; }
    #chat-scroll { height: 1fr; padding: 0 1; }
    #chat-input { height: 3; }
    #chat-phrases { height: 7; border: none; }
    #chat-hint { color: $text-muted; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f3", "close", show=False)]

    def __init__(self, source: RemoteTable, lang: str) -> None:
        super().__init__()
        self.source, self.lang = source, lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="chat-box"):
            yield Static(t("chat.title", lang), id="chat-title")
            with VerticalScroll(id="chat-scroll"):
                yield Static(id="chat-lines")
            yield Input(placeholder=t("chat.placeholder", lang), max_length=CHAT_TEXT_MAX, id="chat-input")
            yield OptionList(
                *[Option(f"{i + 1} {words.read(lang)}", id=p) for i, (p, words) in enumerate(PHRASES.items())],
                id="chat-phrases",
            )
            yield Static(t("chat.hint", lang), id="chat-hint")

    def on_mount(self) -> None:
        self.update()
        self.query_one("#chat-input", Input).focus()

    def update(self) -> None:
        """The lines again (a new one came, or an error about ours)."""
        lines = self.source.chat_lines(self.lang)
        text = Text("\n".join(lines)) if lines else Text(t("chat.empty", self.lang), style="dim")
        muted = self.source.muted_here(self.lang)
        if muted:
            text.append("\n" + t("chat.muted", self.lang, who=", ".join(muted)), style="dim")
        notice = self.source.snapshot(self.lang).notice
        if notice:
            text.append("\n" + notice, style="bold red")
        self.query_one("#chat-lines", Static).update(text)
        scroll = self.query_one("#chat-scroll", VerticalScroll)
        scroll.call_after_refresh(scroll.scroll_end, animate=False)

    @on(Input.Submitted, "#chat-input")
    def _typed(self, event: Input.Submitted) -> None:
        command, _, name = event.value.strip().partition(" ")
        if command in MUTE_COMMANDS and name.strip():  # "/silenciar Ana" / "/mute Ana": for oneself only
            self.source.mute(name.strip(), MUTE_COMMANDS[command])
            self.update()
        else:
            self.source.say(event.value)
        event.input.value = ""

    @on(OptionList.OptionSelected, "#chat-phrases")
    def _phrase(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.source.say_phrase(event.option.id)

    def on_key(self, event: events.Key) -> None:
        phrases = self.query_one("#chat-phrases", OptionList)
        if phrases.has_focus and event.character and event.character in "12345":
            event.stop()
            self.source.say_phrase(PHRASE_IDS[int(event.character) - 1])

    def action_close(self) -> None:
        self.dismiss(None)


class RemoteOverScreen(ModalScreen[str]):
    """The end of a server's match: the result, who wants a rematch; r asks, n declines."""

    DEFAULT_CSS = """
    RemoteOverScreen { align: center middle; }
    #over-box { width: 60; max-width: 96%; height: auto; max-height: 96%;
                border: double $warning; background: $surface; padding: 0 2; }
    #over-title { text-style: bold; color: $warning; content-align: center middle; width: 100%; }
    #over-result { padding: 1 0 0 0; }
    #over-table { padding: 1 0 0 0; height: auto; }
    #over-rematch { padding: 1 0 0 0; color: $success; }
    #over-keys { padding: 1 0 0 0; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r,enter", "rematch(True)", show=False),
        Binding("n", "rematch(False)", show=False),
        Binding("f3", "chat", show=False),
        Binding("q", "choose('quit')", show=False),
        Binding("escape,v", "choose('table')", show=False),
    ]

    def __init__(self, snap: Snapshot, lang: str, source: RemoteTable) -> None:
        super().__init__()
        self.snap, self.lang, self.source = snap, lang, source

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="over-box"):
            yield Static(t("over.title", lang), id="over-title")
            yield Static(result_lines(self.snap, lang), id="over-result")
            yield Static(result_table(self.snap, lang), id="over-table")
            yield Static(id="over-rematch")
            yield Static(t("rematch.keys", lang), id="over-keys")

    def on_mount(self) -> None:
        self.update()

    def update(self) -> None:
        self.query_one("#over-rematch", Static).update(self.source.rematch_text(self.lang))

    def action_rematch(self, accept: bool) -> None:
        self.source.answer_rematch(accept)

    def action_chat(self) -> None:
        self.app.push_screen(ChatScreen(self.source, self.lang))

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
