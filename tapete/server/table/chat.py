"""Table chat: cleaning a line, quick phrases in each reader's language, the kept history.

A chat line is words people type for each other: it never touches the game
(no version, no state), it carries nothing hidden (a seat's own words, its
public name), and it is kept per table (the last `CHAT_HISTORY` lines, also
in the store, so a hello after a restart still shows them; the store holds a
bounded number per room, see PRUNE_EVERY). A line is stored
as neutral data (`ChatLine`) and rendered for each reader: a quick phrase
in the reader's language, a nameless seat as "Jugador N"/"Player N", a
spectator by their player's name or as "Espectador N"/"Spectator N". The
quick phrases, the longest line and the history's length are the protocol's
(`tapete.protocol.chat`), shared with the clients.

Every line carries its writer's `sender` key, the same in every language and
unique across tables, for the clients' mute lists: `player:<player id>` for
someone with a player identity (a seat linked to one, or a spectator whose
hello carried it), else `seat:<room>:<seat>` or `spectator:<room>:<n>`. An
anonymous spectator's number is its address's at this table, for as long as
the table is in memory: a spectator that reconnects (or opens another
socket) keeps its number, so muting it holds.

A line must show something: one that is only spaces, format characters or
characters drawn as nothing (a braille blank, a Hangul filler) is refused.
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any

from tapete.engine import TapeteError
from tapete.protocol import CHAT_HISTORY, CHAT_TEXT_MAX, PHRASES

from ..errors import error
from ..ops import logs
from ..people.names import INVISIBLE, clean_name
from .connection import Connection, dumps

if TYPE_CHECKING:
    from ..storage.store import Store
    from .seats import SeatInfo, SeatRegistry

# The store forgets all but a room's newest CHAT_HISTORY lines once every PRUNE_EVERY lines a table
# keeps (and with the first it keeps after loading): a room holds at most CHAT_HISTORY + PRUNE_EVERY lines.
PRUNE_EVERY = 50

# Bidirectional embeddings, overrides and isolates: they can make a line read as something else.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


# Control, format (zero-width, bidi, invisible tag letters that smuggle hidden words), surrogate,
# private-use and unassigned characters go, as in names; line and paragraph separators become spaces.
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
SPACED_CATEGORIES = frozenset({"Zl", "Zp"})
ZWJ = "\u200d"  # kept only between two visible characters: it joins emoji (👨‍👩‍👧)


def _visible_text(text: str) -> str:
    kept: list[str] = []
    for i, ch in enumerate(text):
        category = unicodedata.category(ch)
        if ch in "\t\n\r" or category in SPACED_CATEGORIES:
            kept.append(" ")
        elif ch == ZWJ:
            after = text[i + 1] if i + 1 < len(text) else ""
            if kept and kept[-1] not in (" ", ZWJ) and after and unicodedata.category(after) not in DROPPED_CATEGORIES:
                kept.append(ch)
        elif category not in DROPPED_CATEGORIES and ch not in BIDI_CONTROLS:
            kept.append(ch)
    return "".join(kept)


def _shows(ch: str) -> bool:
    """A character that draws something by itself: a letter, digit, punctuation or symbol that is not
    drawn as nothing (`names.INVISIBLE`: the braille blank, Hangul fillers...)."""
    return unicodedata.category(ch)[0] in "LNPS" and ch not in INVISIBLE


def clean_text(raw: str) -> str:
    """A line as people may read it: NFC, without control, format or bidi characters (see
    DROPPED_CATEGORIES), without surrounding white space; `bad_chat` unless 1..CHAT_TEXT_MAX characters
    remain, some of them visible. Line breaks become spaces: a chat line is one line."""
    kept = _visible_text(unicodedata.normalize("NFC", raw)).strip()
    if not any(_shows(ch) for ch in kept):  # only spaces, marks and characters drawn as nothing
        raise error("chat_empty", limit=CHAT_TEXT_MAX)
    if len(kept) > CHAT_TEXT_MAX:
        raise error("chat_too_long", length=len(kept), limit=CHAT_TEXT_MAX)
    return kept


@dataclass(frozen=True)
class ChatLine:
    """One line as stored: who (a seat, or a spectator), their name then, and what they said."""

    seat: int | None
    name: str | None
    spectator: bool
    text: str | None  # typed words, or None for a quick phrase
    phrase: str | None
    at: float  # time.time() on the server
    sender: str | None = None  # the writer's key (see the module); None: a line kept before keys

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ChatLine:
        return cls(
            data.get("seat"),
            data.get("name"),
            bool(data.get("spectator")),
            data.get("text"),
            data.get("phrase"),
            float(data.get("at") or 0.0),
            data.get("sender"),
        )

    @property
    def spectator_number(self) -> int | None:
        """N of an anonymous spectator's "Espectador N" (in its key), None for anyone else."""
        if not self.spectator or not self.sender or not self.sender.startswith("spectator:"):
            return None
        number = self.sender.rsplit(":", 1)[-1]
        return int(number) if number.isdigit() else None

    @property
    def key(self) -> str:
        """The sender key, also for a line kept before keys (by its seat, or as one spectator)."""
        if self.sender:
            return self.sender
        return "spectator" if self.seat is None else f"seat:{self.seat}"

    def render(self, lang: str) -> dict[str, Any]:
        """The line as the protocol's `chat` message, in `lang`."""
        english = lang == "en"
        if self.phrase is not None:
            phrase = PHRASES.get(self.phrase)
            text = self.phrase if phrase is None else phrase.read(lang)
        else:
            text = self.text or ""
        if self.name:
            name = self.name
        elif self.spectator:
            name = "Spectator" if english else "Espectador"
            if self.spectator_number is not None:
                name = f"{name} {self.spectator_number}"
        else:
            number = (self.seat or 0) + 1
            name = f"Player {number}" if english else f"Jugador {number}"
        return {
            "type": "chat",
            "from": self.seat,
            "name": name,
            "spectator": self.spectator,
            "text": text,
            "phrase": self.phrase,
            "at": self.at,
            "sender": self.key,
        }


class TableChat:
    """One table's chat: a line is cleaned, told to every socket of the table at once and kept
    (the last `CHAT_HISTORY` in memory for hellos; in the store, under the table's room, a bounded number)."""

    def __init__(self, table_id: str, room: str, lines: Iterable[ChatLine], store: Store) -> None:
        self.table_id, self.room, self.store = table_id, room, store
        self.lines: deque[ChatLine] = deque(lines, maxlen=CHAT_HISTORY)
        self._writes: set[asyncio.Task[None]] = set()
        self._until_prune = 0  # lines to keep before the next prune: the first one prunes what came before
        # anonymous spectators are numbered in the order they first write, after those of the
        # room's kept lines (a rematch's chat goes on from its match's, and so do the numbers); one
        # number per address, kept while the table is in memory (a reconnect keeps its number)
        self._spectators = max((line.spectator_number or 0 for line in self.lines), default=0)
        self._numbers: dict[str, int] = {}

    def say(
        self, conn: Connection, text: str | None, phrase: str | None, seated: SeatRegistry, spectators_may: bool
    ) -> None:
        """A socket's line to everyone `seated` at the table (one text per language), or an error to
        that socket alone; `spectators_may`: the table lets spectators write (`spectator_chat`)."""
        try:
            line = self._line(conn, text, phrase, seated.seats, spectators_may)
            line = replace(line, sender=self._sender(conn, line, seated.seats))
        except TapeteError as err:
            conn.send_error(err)
            return
        self.lines.append(line)
        self.keep(line)
        rendered: dict[str, str] = {}
        for conns in seated.connections():
            for other in conns:
                if other.lang not in rendered:
                    rendered[other.lang] = dumps(line.render(other.lang))
                other.send_text(rendered[other.lang])

    @staticmethod
    def _line(
        conn: Connection, text: str | None, phrase: str | None, seats: Sequence[SeatInfo], spectators_may: bool
    ) -> ChatLine:
        words = clean_text(text) if text is not None else None
        if conn.seat is None:
            if not spectators_may:
                raise error("chat_off")
            return ChatLine(None, clean_name(conn.player_name), True, words, phrase, time.time())
        return ChatLine(conn.seat, seats[conn.seat].name, False, words, phrase, time.time())

    def _sender(self, conn: Connection, line: ChatLine, seats: Sequence[SeatInfo]) -> str:
        """The writer's key: their player identity, else their seat, else their number here."""
        player = conn.player_id if conn.seat is None else seats[conn.seat].player_id
        if player:
            return f"player:{player}"
        if conn.seat is not None:
            return f"seat:{self.room}:{conn.seat}"
        number = self._numbers.get(conn.address)
        if number is None:
            self._spectators += 1
            number = self._numbers[conn.address] = self._spectators
        return f"spectator:{self.room}:{number}"

    def keep(self, line: ChatLine) -> None:
        """Store the line without holding up the table: it is told at once, written just after."""

        prune = self._until_prune <= 0
        self._until_prune = PRUNE_EVERY if prune else self._until_prune - 1

        async def write() -> None:
            try:
                await self.store.add_chat(self.table_id, self.room, line.to_json(), prune)
            except Exception:
                logs.log.exception("could not store a chat line", extra={"table": self.table_id})

        task = asyncio.create_task(write())
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    def history(self, lang: str) -> list[dict[str, Any]]:
        return [line.render(lang) for line in self.lines]
