"""The table chat as a seat on a server reads it (tui/remote.py's RemoteTable).

Lines arrive with the hello (the table's last lines, again after a
reconnection) and as `chat` messages; they are kept in arrival order beside
the events (`feed`), so the screen can show one timeline. Muting is this
person's choice, kept in the config file by sender key (docs/protocol.md):
a seat muted before it wrote is keyed by its first line.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tapete.engine.words import default_name
from tapete.protocol import PHRASE_IDS, PHRASES

from .config import save_muted_senders
from .i18n import t

CHAT_KEPT = 300  # chat lines kept on the client


class RemoteChat:
    """The chat half of a remote seat: what arrived, who is muted, how a line reads.

    A mixin: RemoteTable sets these attributes in its __init__ and owns the socket."""

    seat: int
    lang: str
    state: dict[str, Any] | None
    texts: list[dict[str, str]]
    chat: list[dict[str, Any]]  # the table's chat lines, oldest first
    feed: list[tuple[str, int]]  # ("event" | "chat", index) in the order they arrived
    muted: set[str]  # sender keys whose lines this person does not want to read
    seat_mutes: set[int]  # seats muted before they wrote
    _notice: tuple[str, str] | None  # (es, en)
    _outbox: asyncio.Queue[dict[str, Any]]

    def _add_history(self, lines: list[dict[str, Any]]) -> None:
        """The table's last lines (hello / sync): only those not already here."""
        known = {_line_id(line) for line in self.chat}  # by writer and time: the same in either language
        for line in lines:
            if _line_id(line) not in known:
                self._add_chat(line)

    def _add_chat(self, line: dict[str, Any]) -> None:
        seat = line.get("from")
        if not line.get("spectator") and seat in self.seat_mutes:  # muted before they wrote
            self.seat_mutes.discard(seat)
            self.muted.add(sender_of(line))
            save_muted_senders(sorted(self.muted))
        self.chat.append(_chat_fields(line))
        self.feed.append(("chat", len(self.chat) - 1))
        if len(self.chat) > CHAT_KEPT * 2:  # keep the newest; the feed's indexes move with them
            cut = len(self.chat) - CHAT_KEPT
            self.chat = self.chat[cut:]
            kept = [(kind, i) for kind, i in self.feed if kind != "chat" or i >= cut]
            self.feed = [(kind, i - cut if kind == "chat" else i) for kind, i in kept]

    def say(self, text: str) -> None:
        """A chat line typed by the person."""
        if text.strip():
            self._notice = None  # an earlier refusal no longer applies
            self._outbox.put_nowait({"type": "chat", "text": text.strip()})

    def say_phrase(self, phrase: str) -> None:
        """A quick phrase: each reader reads it in their own language."""
        if phrase in PHRASE_IDS:
            self._notice = None
            self._outbox.put_nowait({"type": "chat", "phrase": phrase})

    def speaker(self, line: dict[str, Any], lang: str) -> str:
        """Who wrote a line, as muting knows them: their name, or the seat's when unnamed."""
        seat = line.get("from")
        unnamed = default_name(seat, lang) if isinstance(seat, int) else t("chat.spectator", lang)
        return str(line.get("name") or unnamed)

    def is_mine(self, line: dict[str, Any]) -> bool:
        return line.get("from") == self.seat and not line.get("spectator")

    def is_muted(self, line: dict[str, Any], lang: str) -> bool:
        return not self.is_mine(line) and sender_of(line) in self.muted

    def mute(self, name: str, muted: bool = True) -> bool:
        """Hide (or show again) the chat lines of whoever goes by `name` here, for this person only,
        at every table: kept by who they are (their sender key), so a namesake elsewhere, or the
        same person read in the other language, is not mixed up. False: nobody here by that name."""
        wanted = name.strip().casefold()
        keys = {
            sender_of(line)
            for line in self.chat
            if not self.is_mine(line) and self.speaker(line, self.lang).casefold() == wanted
        }
        wrote = {line.get("from") for line in self.chat if not line.get("spectator")}
        seats = {
            i
            for i, info in enumerate((self.state or {}).get("seats") or [])
            if i != self.seat and i not in wrote and str(info.get("name") or "").casefold() == wanted
        }
        if not keys and not seats:
            self._notice = (t("chat.nobody", "es", name=name.strip()), t("chat.nobody", "en", name=name.strip()))
            return False
        self._notice = None
        if muted:
            self.muted |= keys
            self.seat_mutes |= seats
        else:
            self.muted -= keys
            self.seat_mutes -= seats
        save_muted_senders(sorted(self.muted))
        return True

    def muted_here(self, lang: str) -> list[str]:
        """The names of the people muted at this table, as the chat shows them."""
        names = {self.speaker(line, lang) for line in self.chat if not self.is_mine(line) and self.is_muted(line, lang)}
        seats = (self.state or {}).get("seats") or []
        names |= {str(seats[i].get("name")) for i in self.seat_mutes if i < len(seats) and seats[i].get("name")}
        return sorted(names)

    def chat_line(self, line: dict[str, Any], lang: str) -> str:
        """A chat line as the person reads it: "Ana: ¡Suerte!", "Eva (espectador): hola"."""
        seat = line.get("from")
        name = self.speaker(line, lang)
        if line.get("spectator") and not sender_of(line).startswith("spectator"):  # "Espectador 2" says it
            name += f" ({t('chat.spectator', lang)})"
        elif seat == self.seat:
            name += f" ({t('seat.you', lang)})"
        phrase = line.get("phrase")
        words = PHRASES.get(phrase) if isinstance(phrase, str) else None
        text = words.read(lang) if words is not None else str(line.get("text") or "")
        return f"{name}: {text}"

    def chat_lines(self, lang: str) -> list[str]:
        """The lines of everyone not muted."""
        return [self.chat_line(line, lang) for line in self.chat if not self.is_muted(line, lang)]

    def timeline(self, lang: str) -> list[tuple[str, str]]:
        """Events and chat lines in the order they arrived, as ("event" | "chat", text)."""
        out = []
        for kind, index in self.feed:
            if kind == "chat":
                if not self.is_muted(self.chat[index], lang):
                    out.append(("chat", self.chat_line(self.chat[index], lang)))
            else:
                out.append(("event", self.texts[index]["en" if lang == "en" else "es"]))
        return out


def _chat_fields(line: dict[str, Any]) -> dict[str, Any]:
    return {key: line.get(key) for key in ("from", "name", "spectator", "text", "phrase", "at", "sender")}


def sender_of(line: dict[str, Any]) -> str:
    """Who wrote a chat line, the same in every language: the server's key (older servers: the seat)."""
    key = line.get("sender")
    if isinstance(key, str) and key:
        return key
    seat = line.get("from")
    return f"seat:{seat}" if isinstance(seat, int) and not line.get("spectator") else "spectator"


def _line_id(line: dict[str, Any]) -> tuple[str, Any, Any]:
    return sender_of(line), line.get("at"), line.get("phrase") or line.get("text")
